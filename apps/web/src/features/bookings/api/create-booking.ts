import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBooking, TCreateBookingRequest } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfter } from '../../../shared/query-keys/index.ts';

export function createBooking(booking: TCreateBookingRequest): Promise<TBooking> {
  return api.post<TBooking>('/bookings', { body: booking });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    meta: { isErrorShownInline: true },
    onSuccess: () => invalidateAfter(queryClient, 'booking'),
  });
}
