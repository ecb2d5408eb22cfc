import { and, asc, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import { nightsBetween, todayIn, type TRoomPlan } from '@pms/contract';
import type { Db } from '../../db/client.ts';
import { bookings, contacts, roomLocks, roomTypes, rooms } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { findProperty } from '../bookings/bookings.queries.ts';

export const maxRoomPlanDays = 120;

/** Everything the tape chart draws for [from, to]: rooms, the bookings and the locks touching it. */
export async function getRoomPlan(db: Db, auth: TAuth, from: string, to: string): Promise<TRoomPlan> {
  const days = nightsBetween(from, to);
  if (days < 0 || days > maxRoomPlanDays)
    throw new AppError('validation', `the period must be 0 to ${maxRoomPlanDays} days`);
  const property = await findProperty(db, auth.propertyId);
  const [roomRows, bookingRows, lockRows] = await Promise.all([
    db
      .select({
        id: rooms.id,
        number: rooms.number,
        roomTypeId: rooms.roomTypeId,
        roomTypeName: roomTypes.name,
        maxOccupancy: roomTypes.maxOccupancy,
        housekeepingStatus: rooms.housekeepingStatus,
      })
      .from(rooms)
      .innerJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
      .where(and(eq(rooms.propertyId, auth.propertyId), isNull(rooms.deletedAt)))
      .orderBy(asc(roomTypes.sortOrder), sql`length(${rooms.number})`, asc(rooms.number)),
    db
      .select({
        id: bookings.id,
        code: bookings.code,
        status: bookings.status,
        roomId: bookings.roomId,
        roomTypeId: bookings.roomTypeId,
        checkIn: bookings.checkIn,
        checkOut: bookings.checkOut,
        occupancy: bookings.occupancy,
        color: bookings.color,
        isRoomFixed: bookings.isRoomFixed,
        customerName: contacts.name,
      })
      .from(bookings)
      .leftJoin(contacts, eq(contacts.id, bookings.customerId))
      .where(
        and(
          eq(bookings.propertyId, auth.propertyId),
          isNull(bookings.deletedAt),
          gt(bookings.checkOut, from),
          lte(bookings.checkIn, to),
          sql`${bookings.status} not in ('canceled', 'no_show')`,
        ),
      ),
    db
      .select({
        id: roomLocks.id,
        roomId: roomLocks.roomId,
        startDate: roomLocks.startDate,
        endDate: roomLocks.endDate,
        reason: roomLocks.reason,
      })
      .from(roomLocks)
      .where(
        and(
          eq(roomLocks.propertyId, auth.propertyId),
          isNull(roomLocks.deletedAt),
          gte(roomLocks.endDate, from),
          lte(roomLocks.startDate, to),
          sql`${roomLocks.status} in ('scheduled', 'active')`,
        ),
      ),
  ]);
  return {
    from,
    to,
    today: todayIn(property.timeZone),
    rooms: roomRows.map((room) => ({
      ...room,
      housekeepingStatus: room.housekeepingStatus as TRoomPlan['rooms'][number]['housekeepingStatus'],
    })),
    bookings: bookingRows.map(({ customerName, ...booking }) => ({
      ...booking,
      status: booking.status as TRoomPlan['bookings'][number]['status'],
      displayName: customerName ?? booking.code,
    })),
    locks: lockRows,
  };
}
