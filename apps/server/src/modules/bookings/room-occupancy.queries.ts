import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { bookings, roomLocks, roomOccupancies, rooms } from '../../db/schema/index.ts';
import { roomOrder } from '../../db/room-order.ts';

/** Whether nobody holds the room during the stay (a booking other than `exceptBookingId`, or a lock). */
function isFreeDuring(checkIn: string, checkOut: string, exceptBookingId?: string) {
  return sql`not exists (select 1 from ${roomOccupancies} o where o.room_id = ${rooms.id}
    and o.stay && daterange(${checkIn}::date, ${checkOut}::date, '[)')
    ${exceptBookingId ? sql`and o.booking_id is distinct from ${exceptBookingId}` : sql``})`;
}

/**
 * Claims a room of a type that nobody holds during the stay, in natural number order (for an arrival
 * today, `preferClean`, clean rooms first), for the caller's transaction: the room's occupancy lock
 * (`lock_room_occupancy`, migration 0003) is taken and the room checked free under it, so the booking
 * the caller then writes holds it. Bookings placed by type at the same moment each claim another room:
 * a room another transaction is writing is passed over at first, and waited for only when no other
 * room is left, so a burst is refused only when the type is really full. Null when none is free.
 */
export async function claimFreeRoom(
  db: Executor,
  propertyId: string,
  roomTypeId: string,
  checkIn: string,
  checkOut: string,
  preferClean = false,
): Promise<string | null> {
  const tried: string[] = [];
  const candidates = () =>
    db
      .select({ id: rooms.id })
      .from(rooms)
      .where(
        and(
          eq(rooms.propertyId, propertyId),
          eq(rooms.roomTypeId, roomTypeId),
          isNull(rooms.deletedAt),
          isFreeDuring(checkIn, checkOut),
          tried.length > 0 ? notInArray(rooms.id, tried) : undefined,
        ),
      )
      .orderBy(
        ...(preferClean ? [sql`${rooms.housekeepingStatus} = 'clean' desc`] : []),
        ...roomOrder(rooms),
      );
  // The first free-looking room whose lock is to be had at once, in one statement: the candidates are
  // materialised in their order first, so the lock is tried on one room after the other and only until
  // one is taken. A room found free under its lock is the booking's; one a writer filled meanwhile is
  // passed over.
  for (;;) {
    const [claimed] = rowsOf<{ id: string }>(
      await db.execute(
        sql`with candidates as materialized (${candidates()})
          select id from candidates where pg_try_advisory_xact_lock(727002, hashtext(id::text)) limit 1`,
      ),
    );
    if (!claimed) break;
    if (await isRoomFree(db, claimed.id, checkIn, checkOut)) return claimed.id;
    tried.push(claimed.id);
  }
  // Every free-looking room left is being written: wait for each in turn, in the one order all use, and
  // take the first still free (a deadlock with a room claimed above is retried with the transaction).
  for (const { id } of await candidates()) {
    await db.execute(sql`select lock_room_occupancy(${id}::uuid)`);
    if (await isRoomFree(db, id, checkIn, checkOut)) return id;
  }
  return null;
}

/** Whether nobody holds the room during the stay, as committed now (a statement of its own). */
async function isRoomFree(db: Executor, roomId: string, checkIn: string, checkOut: string): Promise<boolean> {
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), isFreeDuring(checkIn, checkOut)));
  return row !== undefined;
}

/** Every room of the property that nobody holds during the stay, in natural number order. */
export async function selectFreeRooms(
  db: Executor,
  propertyId: string,
  checkIn: string,
  checkOut: string,
  exceptBookingId?: string,
) {
  return db
    .select({
      id: rooms.id,
      number: rooms.number,
      roomTypeId: rooms.roomTypeId,
      housekeepingStatus: rooms.housekeepingStatus,
    })
    .from(rooms)
    .where(
      and(
        eq(rooms.propertyId, propertyId),
        isNull(rooms.deletedAt),
        isFreeDuring(checkIn, checkOut, exceptBookingId),
      ),
    )
    .orderBy(...roomOrder(rooms));
}

/**
 * Takes the occupancy locks of several rooms (the ones the triggers take) in one order, the rooms' ids
 * sorted, before a transaction writes stays into them: two such writers with their rooms the other way
 * round wait for each other instead of deadlocking again on every retry.
 */
export async function lockRoomsInOrder(db: Executor, roomIds: string[]): Promise<void> {
  for (const id of [...new Set(roomIds)].sort())
    await db.execute(sql`select lock_room_occupancy(${id}::uuid)`);
}

export type TRoomStay = {
  propertyId: string;
  roomId: string;
  checkIn: string;
  checkOut: string;
  /** How the dates bound the stay: a booking's check-out night is free ('[)'), a lock's end date is not ('[]'). */
  bounds?: '[)' | '[]';
  /** The booking or lock being changed: its own stay is no conflict. */
  exceptBookingId?: string;
  exceptRoomLockId?: string;
};

/** A booking or lock holding the room during the stay, with the room's number, or undefined. */
export async function selectRoomConflict(db: Executor, stay: TRoomStay) {
  const [conflict] = await db
    .select({
      roomNumber: rooms.number,
      bookingCode: bookings.code,
      lockStart: roomLocks.startDate,
      lockEnd: roomLocks.endDate,
    })
    .from(roomOccupancies)
    .innerJoin(rooms, eq(rooms.id, roomOccupancies.roomId))
    .leftJoin(bookings, eq(bookings.id, roomOccupancies.bookingId))
    .leftJoin(roomLocks, eq(roomLocks.id, roomOccupancies.roomLockId))
    .where(
      and(
        eq(roomOccupancies.roomId, stay.roomId),
        eq(rooms.propertyId, stay.propertyId),
        sql`${roomOccupancies.stay} && daterange(${stay.checkIn}::date, ${stay.checkOut}::date, ${stay.bounds ?? '[)'})`,
        stay.exceptBookingId
          ? sql`${roomOccupancies.bookingId} is distinct from ${stay.exceptBookingId}`
          : undefined,
        stay.exceptRoomLockId
          ? sql`${roomOccupancies.roomLockId} is distinct from ${stay.exceptRoomLockId}`
          : undefined,
      ),
    )
    .limit(1);
  return conflict;
}
