import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from '../../../shared/query-keys/index.ts';

/** Deletes a group; its bookings stay and leave the group. */
export function deleteGroup(id: string): Promise<void> {
  return api.delete(`/groups/${encodeURIComponent(id)}`);
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    meta: { errorTitle: 'groups.notDeleted' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
  });
}
