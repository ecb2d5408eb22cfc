import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGroup } from '@pms/contract/contacts';
import { api } from '../../../lib/api-client.ts';
import { settleAfter } from '../../../shared/query-keys/index.ts';

/** Adds an existing booking to a group; a booking of another group moves over. */
export function addGroupBooking(groupId: string, bookingId: string): Promise<TGroup> {
  return api.post<TGroup>(`/groups/${encodeURIComponent(groupId)}/bookings`, { body: { bookingId } });
}

export function useAddGroupBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, bookingId }: { groupId: string; bookingId: string }) =>
      addGroupBooking(groupId, bookingId),
    meta: { isErrorShownInline: true },
    // Group figures and the booking's own group change together.
    onSuccess: () => settleAfter(queryClient, 'groupMembership'),
  });
}
