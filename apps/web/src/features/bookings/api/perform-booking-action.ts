import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBooking, TBookingAction } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfterBookingChange } from '../../../shared/bookings/query-keys.ts';

type TActionCall = { id: string; action: TBookingAction; shortenStay?: boolean };

/** Runs a status action; a check-out may shorten the stay to today. */
export function performBookingAction({ id, action, shortenStay }: TActionCall): Promise<TBooking> {
  return api.post<TBooking>(`/bookings/${encodeURIComponent(id)}/actions/${action}`, {
    query: shortenStay ? { shortenStay: 'true' } : undefined,
  });
}

export function usePerformBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: performBookingAction,
    onSuccess: () => invalidateAfterBookingChange(queryClient),
  });
}
