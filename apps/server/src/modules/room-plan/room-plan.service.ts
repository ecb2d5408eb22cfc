import { sql } from 'drizzle-orm';
import { droppedBookingStatuses, nightsBetween, todayIn } from '@pms/contract';
import { rowsOf } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { bookingDisplayNameSql } from '../../lib/booking-names.ts';
import { roomNumberOrderList } from '../../lib/room-order.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { findProperty } from '../../lib/properties.ts';

export const maxRoomPlanDays = 120;

const booking = { id: sql`b.id`, customerId: sql`b.customer_id`, code: sql`b.code` };

/**
 * Everything the tape chart draws for [from, to]: rooms, the bookings and the locks touching it.
 * At 300 rooms by 60 days that is thousands of bars, so the database writes the JSON (shaped as
 * ZRoomPlan) and it is sent as it comes: no row objects are built in between.
 */
export async function getRoomPlanJson(
  ctx: AppContext,
  actor: TActor,
  from: string,
  to: string,
): Promise<string> {
  requireAccess(actor, 'roomPlan', 'read');
  const { db } = ctx;
  const days = nightsBetween(from, to);
  if (days < 0 || days > maxRoomPlanDays)
    throw new AppError('validation', `the period must be 0 to ${maxRoomPlanDays} days`);
  const property = await findProperty(db, actor.propertyId);
  const p = actor.propertyId;
  const [row] = rowsOf<{ rooms: string; bookings: string; locks: string }>(
    await db.execute(sql`
      select
        (select coalesce(json_agg(json_build_object(
            'id', r.id, 'number', r.number, 'roomTypeId', r.room_type_id, 'roomTypeName', t.name,
            'maxOccupancy', t.max_occupancy, 'housekeepingStatus', r.housekeeping_status)
            order by t.sort_order, ${roomNumberOrderList(sql`r.number`)}), '[]')::text
           from rooms r join room_types t on t.id = r.room_type_id
          where r.property_id = ${p} and r.deleted_at is null) as rooms,
        (select coalesce(json_agg(json_build_object(
            'id', b.id, 'code', b.code, 'status', b.status, 'roomId', b.room_id, 'roomTypeId', b.room_type_id,
            'checkIn', b.check_in, 'checkOut', b.check_out, 'occupancy', b.occupancy, 'color', b.color,
            'displayName', ${bookingDisplayNameSql(booking)}, 'isRoomFixed', b.is_room_fixed)), '[]')::text
           from bookings b
          where b.property_id = ${p} and b.deleted_at is null
            and b.check_out > ${from}::date and b.check_in <= ${to}::date
            and b.status not in ${[...droppedBookingStatuses]}) as bookings,
        (select coalesce(json_agg(json_build_object(
            'id', l.id, 'roomId', l.room_id, 'startDate', l.start_date, 'endDate', l.end_date, 'reason', l.reason)), '[]')::text
           from room_locks l
          where l.property_id = ${p} and l.deleted_at is null
            and l.end_date >= ${from}::date and l.start_date <= ${to}::date
            and l.status in ('scheduled', 'active')) as locks`),
  );
  const head = JSON.stringify({ from, to, today: todayIn(property.timeZone, ctx.clock.now()) }).slice(0, -1);
  return `${head},"rooms":${row!.rooms},"bookings":${row!.bookings},"locks":${row!.locks}}`;
}
