import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGroup, TUpdateGroupRequest } from '@pms/contract/contacts';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from '../../../shared/query-keys/index.ts';

export function updateGroup(id: string, group: TUpdateGroupRequest): Promise<TGroup> {
  return api.put<TGroup>(`/groups/${encodeURIComponent(id)}`, { body: group });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, group }: { id: string; group: TUpdateGroupRequest }) => updateGroup(id, group),
    meta: { isErrorShownInline: true },
    // The answer lacks the expanded customer and bookings: read the group again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
