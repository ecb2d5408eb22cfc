import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateGroupRequest, TGroup } from '@pms/contract/contacts';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from '../../../shared/query-keys/index.ts';

export function createGroup(group: TCreateGroupRequest): Promise<TGroup> {
  return api.post<TGroup>('/groups', { body: group });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    meta: { isErrorShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.lists() }),
  });
}
