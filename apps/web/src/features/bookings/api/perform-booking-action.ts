import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBooking, TBookingAction } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { settleAfter } from '../../../shared/query-keys/index.ts';
import { detailExpand } from './get-booking.ts';

type TActionCall = { id: string; action: TBookingAction; shortenStay?: boolean; confirmDueAmount?: boolean };

/** Runs a status action, answered as the booking's screen reads it; a check-out may shorten the stay to today, and confirms leaving with money due. */
export function performBookingAction({
  id,
  action,
  shortenStay,
  confirmDueAmount,
}: TActionCall): Promise<TBooking> {
  const query = {
    expand: detailExpand,
    ...(shortenStay ? { shortenStay: 'true' } : {}),
    ...(confirmDueAmount ? { confirmDueAmount: 'true' } : {}),
  };
  return api.post<TBooking>(`/bookings/${encodeURIComponent(id)}/actions/${action}`, { query });
}

export function usePerformBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: performBookingAction,
    onSuccess: (booking) => settleAfter(queryClient, 'booking', { booking }),
  });
}
