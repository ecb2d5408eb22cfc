import { and, asc, count, eq, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { droppedBookingStatuses, roomHoldingStatuses, todayIn, type TDashboard } from '@pms/contract';
import { rowsOf } from '../../db/client.ts';
import { bookings, rooms } from '../../db/schema/index.ts';
import { bookingDisplayNameSql } from '../../lib/booking-names.ts';
import { roomNumberOrder } from '../../lib/room-order.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { findProperty } from '../../lib/properties.ts';

/** The front desk's day: arrivals, departures, in-house guests, occupancy, rooms to clean, open balances. */
export async function getDashboard(ctx: AppContext, actor: TActor, date?: string): Promise<TDashboard> {
  requireAccess(actor, 'dashboard', 'read');
  const { db } = ctx;
  const property = await findProperty(db, actor.propertyId);
  const day = date ?? todayIn(property.timeZone, ctx.clock.now());
  const stays = await db
    .select({
      id: bookings.id,
      code: bookings.code,
      displayName: bookingDisplayNameSql(bookings),
      roomNumber: rooms.number,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      occupancy: bookings.occupancy,
      status: bookings.status,
    })
    .from(bookings)
    .leftJoin(rooms, eq(rooms.id, bookings.roomId))
    .where(
      and(
        eq(bookings.propertyId, actor.propertyId),
        isNull(bookings.deletedAt),
        lte(bookings.checkIn, day),
        sql`${bookings.checkOut} >= ${day}`,
        notInArray(bookings.status, [...droppedBookingStatuses]),
      ),
    )
    .orderBy(...roomNumberOrder(rooms.number), asc(bookings.code));
  const arrivals = stays.filter((s) => s.checkIn === day && s.status !== 'checked_out');
  const departures = stays.filter((s) => s.checkOut === day);
  const inHouse = stays.filter((s) => s.checkIn <= day && s.checkOut > day && s.status === 'checked_in');
  const occupiedRooms = new Set(
    stays
      // A guest who checked out before the booked day no longer occupies the room.
      .filter(
        (s) =>
          s.checkOut > day &&
          roomHoldingStatuses.includes(s.status) &&
          s.status !== 'checked_out' &&
          s.roomNumber,
      )
      .map((s) => s.roomNumber),
  ).size;
  const [roomCount] = await db
    .select({ n: count() })
    .from(rooms)
    .where(and(eq(rooms.propertyId, actor.propertyId), isNull(rooms.deletedAt)));
  const [dirty] = await db
    .select({ n: count() })
    .from(rooms)
    .where(
      and(
        eq(rooms.propertyId, actor.propertyId),
        isNull(rooms.deletedAt),
        eq(rooms.housekeepingStatus, 'dirty'),
      ),
    );
  const [balances] = rowsOf<{ n: string; amount: string }>(
    await db.execute(sql`
      select count(*) as n, coalesce(sum(due), 0) as amount from (
        select f.id,
               coalesce((select sum(gross_amount) from charges ch where ch.folio_id = f.id and ch.deleted_at is null), 0)
             - coalesce((select sum(amount) from payments pa where pa.folio_id = f.id and pa.deleted_at is null), 0) as due
          from folios f
          join bookings b on b.id = f.booking_id
         where f.property_id = ${actor.propertyId} and f.deleted_at is null and b.deleted_at is null
           and b.status in ('checked_in', 'checked_out')
      ) folio_dues where due > 0`),
  );
  const totalRooms = roomCount?.n ?? 0;
  return {
    date: day,
    arrivals,
    departures,
    inHouse,
    occupancy: {
      occupiedRooms,
      totalRooms,
      percent: totalRooms ? Math.round((occupiedRooms / totalRooms) * 1000) / 10 : 0,
    },
    guestsInHouse: inHouse.reduce((sum, s) => sum + s.occupancy, 0),
    roomsToClean: dirty?.n ?? 0,
    openBalances: { count: Number(balances?.n ?? 0), amount: Number(balances?.amount ?? 0) },
  };
}
