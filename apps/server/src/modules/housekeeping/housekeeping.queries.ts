import { and, eq, inArray, isNull, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { roomHoldingStatuses, type TBookingStatus, type THousekeepingState } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { bookings, roomLocks, roomTypes, rooms } from '../../db/schema/index.ts';
import { bookingDisplayNameSql } from '../../db/booking-names.ts';
import { roomOrder } from '../../db/room-order.ts';

/** A room as housekeeping lists it. */
const housekeepingRoomColumns = {
  id: rooms.id,
  number: rooms.number,
  roomTypeName: roomTypes.name,
  housekeepingStatus: rooms.housekeepingStatus,
};

/**
 * The property's live rooms with their room type's name and housekeeping status, in number order.
 */
export function selectHousekeepingRooms(db: Executor, propertyId: string) {
  return db
    .select(housekeepingRoomColumns)
    .from(rooms)
    .innerJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
    .where(and(eq(rooms.propertyId, propertyId), isNull(rooms.deletedAt)))
    .orderBy(...roomOrder(rooms));
}

/** The live stays that hold a room of `roomIds` and touch today (arriving, staying or leaving). */
function staysOfTodayWhere(roomIds: SQL, today: string) {
  return and(
    sql`${bookings.roomId} in ${roomIds}`,
    isNull(bookings.deletedAt),
    lte(bookings.checkIn, today),
    sql`${bookings.checkOut} >= ${today}`,
    inArray(bookings.status, [...roomHoldingStatuses]),
  );
}

/** The scheduled or active locks of a room of `roomIds` whose days include today. */
function locksOfTodayWhere(roomIds: SQL, today: string) {
  return and(
    sql`${roomLocks.roomId} in ${roomIds}`,
    isNull(roomLocks.deletedAt),
    inArray(roomLocks.status, ['scheduled', 'active']),
    lte(roomLocks.startDate, today),
    sql`${roomLocks.endDate} >= ${today}`,
  );
}

/** A stay as housekeeping reads it. */
const stayColumns = {
  id: bookings.id,
  roomId: bookings.roomId,
  checkIn: bookings.checkIn,
  checkOut: bookings.checkOut,
  status: bookings.status,
  displayName: bookingDisplayNameSql(bookings),
};
export type THousekeepingStay = {
  id: string;
  roomId: string | null;
  checkIn: string;
  checkOut: string;
  status: TBookingStatus;
  displayName: string;
};

/** The live stays holding one of the rooms that touch today (arriving, staying or leaving). */
export async function selectStaysOfToday(
  db: Executor,
  roomIds: string[],
  today: string,
): Promise<THousekeepingStay[]> {
  if (roomIds.length === 0) return [];
  return db
    .select(stayColumns)
    .from(bookings)
    .where(staysOfTodayWhere(sql`${roomIds}`, today));
}

/** The scheduled or active locks of the rooms whose days include today. */
export async function selectLocksOfToday(db: Executor, roomIds: string[], today: string) {
  if (roomIds.length === 0) return [];
  return db
    .select({ roomId: roomLocks.roomId, reason: roomLocks.reason })
    .from(roomLocks)
    .where(locksOfTodayWhere(sql`${roomIds}`, today));
}

/**
 * The stays and the first lock of today of the room whose id is `roomId` (a column or a value), as
 * columns of one statement: a room's answer is read with it, not in three.
 */
function todayOfRoomColumns(roomId: SQLWrapper, today: string) {
  const stay = sql.join(
    Object.entries(stayColumns).map(([name, column]) => sql`${name}::text, ${column}`),
    sql`, `,
  );
  return {
    stays: sql<THousekeepingStay[]>`(select coalesce(json_agg(json_build_object(${stay})), '[]'::json)
      from ${bookings} where ${staysOfTodayWhere(sql`(${roomId})`, today)})`,
    lock: sql<{ reason: string | null } | null>`(select json_build_object('reason', ${roomLocks.reason})
      from ${roomLocks} where ${locksOfTodayWhere(sql`(${roomId})`, today)} limit 1)`,
  };
}

/**
 * A live room of the property (its id `roomId`) as housekeeping sees it on `today`, with its stays
 * and lock of today, in one statement; none when the property has no such room.
 */
export function selectHousekeepingRoom(db: Executor, propertyId: string, roomId: string, today: string) {
  return db
    .select({ ...housekeepingRoomColumns, ...todayOfRoomColumns(rooms.id, today) })
    .from(rooms)
    .innerJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
    .where(and(eq(rooms.id, roomId), eq(rooms.propertyId, propertyId), isNull(rooms.deletedAt)));
}

/**
 * Sets the housekeeping status of a live room of the property and reads the room as
 * selectHousekeepingRoom does, in one statement; none when the property has no such room.
 */
export function updateHousekeepingStatus(
  db: Executor,
  propertyId: string,
  roomId: string,
  status: THousekeepingState,
  today: string,
) {
  const changed = db.$with('changed').as(
    db
      .update(rooms)
      .set({ housekeepingStatus: status })
      .where(and(eq(rooms.id, roomId), eq(rooms.propertyId, propertyId), isNull(rooms.deletedAt)))
      .returning({
        id: rooms.id,
        number: rooms.number,
        roomTypeId: rooms.roomTypeId,
        housekeepingStatus: rooms.housekeepingStatus,
      }),
  );
  return db
    .with(changed)
    .select({
      id: changed.id,
      number: changed.number,
      roomTypeName: roomTypes.name,
      housekeepingStatus: changed.housekeepingStatus,
      ...todayOfRoomColumns(changed.id, today),
    })
    .from(changed)
    .innerJoin(roomTypes, eq(roomTypes.id, changed.roomTypeId));
}
