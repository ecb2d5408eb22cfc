import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBooking, TCreateBookingRequest } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { settleAfter } from '../../../shared/query-keys/index.ts';
import { detailExpand } from './get-booking.ts';

/** Creates a booking, answered as its screen reads it (the screen opens next). */
export function createBooking(booking: TCreateBookingRequest): Promise<TBooking> {
  return api.post<TBooking>('/bookings', { body: booking, query: { expand: detailExpand } });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    meta: { isErrorShownInline: true },
    onSuccess: (created) => settleAfter(queryClient, 'booking', { booking: created }),
  });
}
