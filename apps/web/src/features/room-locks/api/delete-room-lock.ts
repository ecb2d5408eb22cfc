import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settleAfter } from '../../../shared/query-keys/index.ts';

export function deleteRoomLock(id: string): Promise<void> {
  return api.delete(`/room_locks/${encodeURIComponent(id)}`);
}

export function useDeleteRoomLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoomLock,
    onSuccess: () => settleAfter(queryClient, 'roomLock'),
  });
}
