import { and, asc, count, eq, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { droppedBookingStatuses } from '@pms/contract';
import { rowsOf, type Executor } from '../../db/client.ts';
import { bookings, rooms } from '../../db/schema/index.ts';
import { bookingDisplayNameSql } from '../../lib/booking-names.ts';
import { roomNumberOrder } from '../../lib/room-order.ts';

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
    .orderBy(...roomNumberOrder(rooms.number), asc(bookings.code));
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
