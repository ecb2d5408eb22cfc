import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { roomHoldingStatuses, type THousekeepingState } from '@pms/contract';
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
 * The property's live rooms (or only the room `onlyRoomId`) with their room type's name and
 * housekeeping status, in number order.
 */
export function selectHousekeepingRooms(db: Executor, propertyId: string, onlyRoomId?: string) {
  return db
    .select(housekeepingRoomColumns)
    .from(rooms)
    .innerJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
    .where(
      and(
        eq(rooms.propertyId, propertyId),
        isNull(rooms.deletedAt),
        onlyRoomId === undefined ? undefined : eq(rooms.id, onlyRoomId),
      ),
    )
    .orderBy(...roomOrder(rooms));
}

/** The live stays holding one of the rooms that touch today (arriving, staying or leaving). */
export async function selectStaysOfToday(db: Executor, roomIds: string[], today: string) {
  if (roomIds.length === 0) return [];
  return db
    .select({
      id: bookings.id,
      roomId: bookings.roomId,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      status: bookings.status,
      displayName: bookingDisplayNameSql(bookings),
    })
    .from(bookings)
    .where(
      and(
        inArray(bookings.roomId, roomIds),
        isNull(bookings.deletedAt),
        lte(bookings.checkIn, today),
        sql`${bookings.checkOut} >= ${today}`,
        inArray(bookings.status, [...roomHoldingStatuses]),
      ),
    );
}

/** The scheduled or active locks of the rooms whose days include today. */
export async function selectLocksOfToday(db: Executor, roomIds: string[], today: string) {
  if (roomIds.length === 0) return [];
  return db
    .select({ roomId: roomLocks.roomId, reason: roomLocks.reason })
    .from(roomLocks)
    .where(
      and(
        inArray(roomLocks.roomId, roomIds),
        isNull(roomLocks.deletedAt),
        inArray(roomLocks.status, ['scheduled', 'active']),
        lte(roomLocks.startDate, today),
        sql`${roomLocks.endDate} >= ${today}`,
      ),
    );
}

/**
 * Sets the housekeeping status of a live room of the property; the room as selectHousekeepingRooms
 * reads it, or none when the property has no such room.
 */
export function updateHousekeepingStatus(
  db: Executor,
  propertyId: string,
  roomId: string,
  status: THousekeepingState,
) {
  return db
    .update(rooms)
    .set({ housekeepingStatus: status })
    .from(roomTypes)
    .where(
      and(
        eq(rooms.id, roomId),
        eq(rooms.propertyId, propertyId),
        isNull(rooms.deletedAt),
        eq(roomTypes.id, rooms.roomTypeId),
      ),
    )
    .returning(housekeepingRoomColumns);
}
