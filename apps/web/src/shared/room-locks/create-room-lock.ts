import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateRoomLockRequest, TRoomLock } from '@pms/contract/room-plan';
import { api } from '../../lib/api-client.ts';
import { settleAfter } from '../query-keys/index.ts';

export function createRoomLock(lock: TCreateRoomLockRequest): Promise<TRoomLock> {
  return api.post<TRoomLock>('/room_locks', { body: lock });
}

export function useCreateRoomLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRoomLock,
    meta: { isErrorShownInline: true },
    onSuccess: () => settleAfter(queryClient, 'roomLock'),
  });
}
