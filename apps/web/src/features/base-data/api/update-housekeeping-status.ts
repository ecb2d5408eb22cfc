import type { THousekeepingRoom, THousekeepingState } from '@pms/contract/room-plan';
import { api } from '../../../lib/api-client.ts';

/** Sets a room's housekeeping status (the housekeeping area's endpoint). */
export function updateHousekeepingStatus(
  roomId: string,
  housekeepingStatus: THousekeepingState,
): Promise<THousekeepingRoom> {
  return api.patch<THousekeepingRoom>(`/housekeeping/rooms/${encodeURIComponent(roomId)}`, {
    body: { housekeepingStatus },
  });
}
