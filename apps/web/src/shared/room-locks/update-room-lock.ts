import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRoomLock, TUpdateRoomLockRequest } from '@pms/contract/room-plan';
import { api } from '../../lib/api-client.ts';
import { settleAfter } from '../query-keys/index.ts';

export function updateRoomLock(id: string, changes: TUpdateRoomLockRequest): Promise<TRoomLock> {
  return api.put<TRoomLock>(`/room_locks/${encodeURIComponent(id)}`, { body: changes });
}

export function useUpdateRoomLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TUpdateRoomLockRequest }) =>
      updateRoomLock(id, changes),
    meta: { isErrorShownInline: true },
    onSuccess: () => settleAfter(queryClient, 'roomLock'),
  });
}
