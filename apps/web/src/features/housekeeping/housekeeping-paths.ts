import { generatePath } from 'react-router';
import { z } from 'zod';

export const housekeepingPath = '/housekeeping';
export const roomCleanRoute = '/housekeeping/rooms/:id/clean';

/** The room-clean confirmation page of a room. */
export function roomCleanPath(roomId: string): string {
  return generatePath(roomCleanRoute, { id: roomId });
}

/** The navigation state the list hands the confirmation page, to return to the same filter. */
const ZHousekeepingReturn = z.object({ listSearch: z.string() });
export type THousekeepingReturn = z.infer<typeof ZHousekeepingReturn>;

/** The list, with the filter the user came from. */
export function housekeepingReturnPath(state: unknown): string {
  const parsed = ZHousekeepingReturn.safeParse(state);
  return parsed.success ? `${housekeepingPath}${parsed.data.listSearch}` : housekeepingPath;
}
