import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { TRoomListQuery } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { rooms, roomTypes } from '../../db/schema/index.ts';
import { roomOrder } from '../../db/room-order.ts';
import { type TRoomRow, ofProperty, order, selectOwnedPage } from './base-data.queries.ts';

/** A page of the property's live rooms, of one room type or housekeeping status when asked. */
export function selectRoomPage<T>(
  db: Executor,
  propertyId: string,
  query: TRoomListQuery,
  map: (row: TRoomRow) => T,
) {
  const where = and(
    query.roomTypeId ? eq(rooms.roomTypeId, query.roomTypeId) : undefined,
    query.housekeepingStatus ? eq(rooms.housekeepingStatus, query.housekeepingStatus) : undefined,
  );
  return selectOwnedPage(db, rooms, propertyId, order.rooms, query, map, where);
}

/** A live room of the property with its room type, or undefined. */
export async function selectRoomWithType(db: Executor, propertyId: string, id: string) {
  const [row] = await db
    .select({ room: rooms, roomType: roomTypes })
    .from(rooms)
    .innerJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
    .where(and(eq(rooms.id, id), eq(rooms.propertyId, propertyId), isNull(rooms.deletedAt)));
  return row;
}

/** The first of the numbers that a live room of the property (other than `exceptId`) has already. */
export async function selectTakenRoomNumber(
  db: Executor,
  propertyId: string,
  numbers: string[],
  exceptId?: string,
): Promise<string | undefined> {
  const [taken] = await db
    .select({ number: rooms.number })
    .from(rooms)
    .where(
      and(
        ofProperty(rooms, propertyId),
        inArray(rooms.number, numbers),
        exceptId ? ne(rooms.id, exceptId) : undefined,
      ),
    )
    .orderBy(...roomOrder(rooms))
    .limit(1);
  return taken?.number;
}

/** Stores rooms, one per number; returns them. */
export function insertRooms(db: Executor, values: (typeof rooms.$inferInsert)[]): Promise<TRoomRow[]> {
  return db.insert(rooms).values(values).returning();
}

/** Changes a room's number and room type; returns the room. */
export async function updateRoomRow(
  db: Executor,
  id: string,
  changes: Pick<TRoomRow, 'number' | 'roomTypeId'>,
): Promise<TRoomRow> {
  const [row] = await db.update(rooms).set(changes).where(eq(rooms.id, id)).returning();
  return row!;
}
