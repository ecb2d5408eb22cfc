import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBooking, TBookingAction } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfterBookingChange } from '../../../shared/bookings/query-keys.ts';

export function performBookingAction(id: string, action: TBookingAction): Promise<TBooking> {
  return api.post<TBooking>(`/bookings/${encodeURIComponent(id)}/actions/${action}`);
}

export function usePerformBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: TBookingAction }) => performBookingAction(id, action),
    onSuccess: () => invalidateAfterBookingChange(queryClient),
  });
}
