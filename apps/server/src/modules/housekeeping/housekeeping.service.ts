import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { roomHoldingStatuses, todayIn, type THousekeepingRoom, type THousekeepingState } from '@pms/contract';
import { bookings, roomLocks, roomTypes, rooms } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { bookingDisplayNameSql } from '../../lib/booking-names.ts';
import { roomNumberOrder } from '../../lib/room-order.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { findProperty } from '../../lib/properties.ts';

/** The rooms as housekeeping sees them today: status, lock, who sleeps there, arrivals and departures. */
export async function listHousekeeping(
  ctx: AppContext,
  actor: TActor,
  filter?: 'clean' | 'dirty' | 'locked',
): Promise<THousekeepingRoom[]> {
  requireAccess(actor, 'housekeeping', 'read');
  const { db } = ctx;
  const property = await findProperty(db, actor.propertyId);
  const today = todayIn(property.timeZone, ctx.clock.now());
  const roomRows = await db
    .select({
      id: rooms.id,
      number: rooms.number,
      roomTypeName: roomTypes.name,
      housekeepingStatus: rooms.housekeepingStatus,
    })
    .from(rooms)
    .innerJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
    .where(and(eq(rooms.propertyId, actor.propertyId), isNull(rooms.deletedAt)))
    .orderBy(...roomNumberOrder(rooms.number));
  const roomIds = roomRows.map((room) => room.id);
  const [stays, locks] = await Promise.all([
    roomIds.length
      ? db
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
          )
      : [],
    roomIds.length
      ? db
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
          )
      : [],
  ]);
  const result = roomRows.map((room): THousekeepingRoom => {
    const occupant = stays.find(
      (stay) =>
        stay.roomId === room.id &&
        stay.checkIn <= today &&
        stay.checkOut > today &&
        stay.status !== 'checked_out',
    );
    const lock = locks.find((l) => l.roomId === room.id);
    return {
      ...room,
      housekeepingStatus: room.housekeepingStatus,
      isLocked: Boolean(lock),
      lockReason: lock?.reason ?? null,
      occupant: occupant
        ? {
            bookingId: occupant.id,
            name: occupant.displayName,
            checkOut: occupant.checkOut,
            status: occupant.status,
          }
        : null,
      isDepartureToday: stays.some((stay) => stay.roomId === room.id && stay.checkOut === today),
      isArrivalToday: stays.some(
        (stay) => stay.roomId === room.id && stay.checkIn === today && stay.status !== 'checked_out',
      ),
    };
  });
  if (filter === 'locked')
    return result.filter((room) => room.isLocked || room.housekeepingStatus === 'out_of_service');
  if (filter) return result.filter((room) => room.housekeepingStatus === filter);
  return result;
}

/** Sets a room's housekeeping status (cleaning staff marking a room clean, for instance). */
export async function setHousekeepingStatus(
  ctx: AppContext,
  actor: TActor,
  roomId: string,
  status: THousekeepingState,
) {
  requireAccess(actor, 'housekeeping', 'write');
  const { db } = ctx;
  const [row] = await db
    .update(rooms)
    .set({ housekeepingStatus: status })
    .where(and(eq(rooms.id, roomId), eq(rooms.propertyId, actor.propertyId), isNull(rooms.deletedAt)))
    .returning({ id: rooms.id });
  if (!row) throw notFound('room');
  return getHousekeepingRoom(ctx, actor, roomId);
}

/** One room as housekeeping sees it today. */
export async function getHousekeepingRoom(
  ctx: AppContext,
  actor: TActor,
  roomId: string,
): Promise<THousekeepingRoom> {
  requireAccess(actor, 'housekeeping', 'read');
  const room = (await listHousekeeping(ctx, actor)).find((r) => r.id === roomId);
  if (!room) throw notFound('room');
  return room;
}
