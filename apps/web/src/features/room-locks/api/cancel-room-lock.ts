import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TRoomLock } from '@pms/contract/room-plan';
import { api } from '../../../lib/api-client.ts';
import { settleAfter } from '../../../shared/query-keys/index.ts';

/** Ends a lock early: the room can be booked again. */
export function cancelRoomLock(id: string): Promise<TRoomLock> {
  return api.post<TRoomLock>(`/room_locks/${encodeURIComponent(id)}/actions/cancel`);
}

export function useCancelRoomLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRoomLock,
    onSuccess: () => settleAfter(queryClient, 'roomLock'),
  });
}
