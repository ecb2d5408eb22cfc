import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBooking } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { settleAfter } from '../../../shared/query-keys/index.ts';

export function unassignGuest(id: string, contactId: string): Promise<TBooking> {
  return api.delete<TBooking>(`/bookings/${encodeURIComponent(id)}/guests/${encodeURIComponent(contactId)}`);
}

export function useUnassignGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, contactId }: { id: string; contactId: string }) => unassignGuest(id, contactId),
    onSuccess: () => settleAfter(queryClient, 'booking'),
  });
}
