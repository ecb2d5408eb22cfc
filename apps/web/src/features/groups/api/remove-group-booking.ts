import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGroup } from '@pms/contract/contacts';
import { api } from '../../../lib/api-client.ts';
import { settleAfter } from '../../../shared/query-keys/index.ts';

/** Takes a booking out of a group; the booking itself stays. */
export function removeGroupBooking(groupId: string, bookingId: string): Promise<TGroup> {
  return api.delete<TGroup>(
    `/groups/${encodeURIComponent(groupId)}/bookings/${encodeURIComponent(bookingId)}`,
  );
}

export function useRemoveGroupBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, bookingId }: { groupId: string; bookingId: string }) =>
      removeGroupBooking(groupId, bookingId),
    onSuccess: () => settleAfter(queryClient, 'groupMembership'),
  });
}
