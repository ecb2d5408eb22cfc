import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { THousekeepingRoom, THousekeepingState } from '@pms/contract/room-plan';
import { api } from '../../../lib/api-client.ts';
import { settleAfter } from '../../../shared/query-keys/index.ts';

/** Sets a room's housekeeping status, such as clean once it has been cleaned. */
export function updateRoomStatus(
  roomId: string,
  housekeepingStatus: THousekeepingState,
): Promise<THousekeepingRoom> {
  return api.patch<THousekeepingRoom>(`/housekeeping/rooms/${encodeURIComponent(roomId)}`, {
    body: { housekeepingStatus },
  });
}

export function useUpdateRoomStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, status }: { roomId: string; status: THousekeepingState }) =>
      updateRoomStatus(roomId, status),
    meta: { errorTitle: 'housekeeping.statusNotUpdated' },
    onSuccess: () => settleAfter(queryClient, 'roomStatus'),
  });
}
