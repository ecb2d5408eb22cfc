import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBooking, TUpdateBookingRequest } from '@pms/contract/bookings';
import { api } from '../../lib/api-client.ts';
import { settleAfter } from '../query-keys/index.ts';

export function updateBooking(id: string, changes: TUpdateBookingRequest): Promise<TBooking> {
  return api.put<TBooking>(`/bookings/${encodeURIComponent(id)}`, { body: changes });
}

export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TUpdateBookingRequest }) =>
      updateBooking(id, changes),
    meta: { isErrorShownInline: true },
    onSuccess: () => settleAfter(queryClient, 'booking'),
  });
}
