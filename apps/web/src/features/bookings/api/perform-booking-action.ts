import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBooking, TBookingAction } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfter } from '../../../shared/query-keys/index.ts';

type TActionCall = { id: string; action: TBookingAction; shortenStay?: boolean; confirmDueAmount?: boolean };

/** Runs a status action; a check-out may shorten the stay to today, and confirms leaving with money due. */
export function performBookingAction({
  id,
  action,
  shortenStay,
  confirmDueAmount,
}: TActionCall): Promise<TBooking> {
  const query = {
    ...(shortenStay ? { shortenStay: 'true' } : {}),
    ...(confirmDueAmount ? { confirmDueAmount: 'true' } : {}),
  };
  return api.post<TBooking>(`/bookings/${encodeURIComponent(id)}/actions/${action}`, {
    query: Object.keys(query).length > 0 ? query : undefined,
  });
}

export function usePerformBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: performBookingAction,
    onSuccess: () => invalidateAfter(queryClient, 'booking'),
  });
}
