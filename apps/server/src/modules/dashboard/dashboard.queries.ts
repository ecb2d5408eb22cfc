import { and, asc, count, eq, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { droppedBookingStatuses, roomHoldingStatuses } from '@pms/contract';
import { rowsOf, type Executor } from '../../db/client.ts';
import { bookings, rooms } from '../../db/schema/index.ts';
import { bookingDisplayNameSql } from '../../db/booking-names.ts';
import { roomOrder } from '../../db/room-order.ts';

/** The live stays of the property that touch the day (arriving, staying or leaving), by room. */
export function selectStaysOfDay(db: Executor, propertyId: string, day: string) {
  return db
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
        eq(bookings.propertyId, propertyId),
        isNull(bookings.deletedAt),
        lte(bookings.checkIn, day),
        sql`${bookings.checkOut} >= ${day}`,
        notInArray(bookings.status, [...droppedBookingStatuses]),
      ),
    )
    .orderBy(...roomOrder(rooms), asc(bookings.code));
}

/** The live bookings a channel brought over a stay already in their room, not yet resolved, by arrival. */
export function selectChannelConflicts(db: Executor, propertyId: string) {
  return db
    .select({
      id: bookings.id,
      code: bookings.code,
      displayName: bookingDisplayNameSql(bookings),
      roomNumber: sql<string | null>`null`,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      occupancy: bookings.occupancy,
      status: bookings.status,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.propertyId, propertyId),
        isNull(bookings.deletedAt),
        eq(bookings.isChannelConflict, true),
        isNull(bookings.roomId),
        notInArray(bookings.status, [...droppedBookingStatuses]),
      ),
    )
    .orderBy(asc(bookings.checkIn), asc(bookings.code));
}

/** How many live rooms the property has; only the dirty ones when asked. */
export async function countRooms(db: Executor, propertyId: string, options: { isDirty?: boolean } = {}) {
  const [row] = await db
    .select({ n: count() })
    .from(rooms)
    .where(
      and(
        eq(rooms.propertyId, propertyId),
        isNull(rooms.deletedAt),
        options.isDirty ? eq(rooms.housekeepingStatus, 'dirty') : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** The folios of checked-in and checked-out stays that still have an amount due: how many, and how much. */
export async function selectOpenBalances(db: Executor, propertyId: string) {
  const [row] = rowsOf<{ n: string; amount: string }>(
    await db.execute(sql`
      select count(*) as n, coalesce(sum(due), 0) as amount from (
        select f.id,
               coalesce((select sum(gross_amount) from charges ch where ch.folio_id = f.id and ch.deleted_at is null), 0)
             - coalesce((select sum(amount) from payments pa where pa.folio_id = f.id and pa.deleted_at is null), 0) as due
          from folios f
          join bookings b on b.id = f.booking_id
         where f.property_id = ${propertyId} and f.deleted_at is null and b.deleted_at is null
           and b.status in ('checked_in', 'checked_out')
      ) folio_dues where due > 0`),
  );
  return { count: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
}

/**
 * Per night from `from` to `to`: the rooms held by a live stay that night (in the property's time zone), and the net revenue of the
 * charges with that service date (allowances count against it; the local tax is not revenue).
 */
export async function selectTrend(
  db: Executor,
  propertyId: string,
  timeZone: string,
  from: string,
  to: string,
) {
  const rows = rowsOf<{ date: string; occupied: string; revenue: string }>(
    await db.execute(sql`
      select day::date::text as date,
             (select count(distinct b.room_id) from bookings b
               where b.property_id = ${propertyId} and b.deleted_at is null and b.room_id is not null
                 and b.status in ${[...roomHoldingStatuses]}
                 and b.check_in <= day::date and b.check_out > day::date
                 -- A guest who left before the booked day no longer holds the room after leaving.
                 and (b.status <> 'checked_out' or b.checked_out_at is null
                      or (b.checked_out_at at time zone ${timeZone})::date > day::date)) as occupied,
             (select coalesce(sum(c.net_amount), 0) from charges c
               where c.property_id = ${propertyId} and c.deleted_at is null and not c.is_transitory
                 and c.booked_on = day::date) as revenue
        from generate_series(${from}::date, ${to}::date, interval '1 day') as day
       order by day`),
  );
  return rows.map((row) => ({
    date: row.date,
    occupied: Number(row.occupied),
    revenue: Number(row.revenue),
  }));
}
