import { eq } from 'drizzle-orm';
import type { THousekeepingState } from '@pms/contract';
import type { Executor } from '../db/client.ts';
import { rooms } from '../db/schema/index.ts';

/** Sets a room's housekeeping status: a lock starting or ending, a guest checking out. */
export async function setRoomHousekeepingStatus(
  db: Executor,
  roomId: string,
  status: THousekeepingState,
): Promise<void> {
  await db.update(rooms).set({ housekeepingStatus: status }).where(eq(rooms.id, roomId));
}
