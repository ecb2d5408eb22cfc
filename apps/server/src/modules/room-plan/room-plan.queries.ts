import { sql } from 'drizzle-orm';
import { droppedBookingStatuses } from '@pms/contract';
import { rowsOf, type Executor } from '../../db/client.ts';
import { bookingDisplayNameSql } from '../../lib/booking-names.ts';
import { roomNumberOrderList } from '../../lib/room-order.ts';

const booking = { id: sql`b.id`, customerId: sql`b.customer_id`, code: sql`b.code` };

/**
 * The room plan of [from, to] written by the database as JSON text (shaped as ZRoomPlan's room types,
 * rooms and unassigned bookings), with the property's time zone. The stays are found through the range
 * index on (property, stay), so past and far future bookings cost nothing; names come from per-booking
 * key look-ups, never from a scan of all contacts.
 */
export async function selectRoomPlanJson(db: Executor, propertyId: string, from: string, to: string) {
  const p = propertyId;
  const [row] = rowsOf<{ timeZone: string; roomTypes: string; rooms: string; unassigned: string }>(
    await db.execute(sql`
      with plan_bookings as materialized (
        select b.room_id, b.room_type_id, b.check_in, b.code, json_build_object(
            'id', b.id, 'code', b.code, 'status', b.status, 'checkIn', b.check_in, 'checkOut', b.check_out,
            'occupancy', b.occupancy, 'color', b.color, 'displayName', ${bookingDisplayNameSql(booking)},
            'isRoomFixed', b.is_room_fixed) as booking
          from bookings b
         where b.property_id = ${p} and b.deleted_at is null
           and daterange(b.check_in, b.check_out) && daterange(${from}::date, ${to}::date, '[]')
           and b.status not in ${[...droppedBookingStatuses]}),
      room_bookings as (
        select room_id, json_agg(booking order by check_in, code) as list
          from plan_bookings where room_id is not null group by room_id),
      unassigned as (
        select room_type_id, json_agg(booking order by check_in, code) as list
          from plan_bookings where room_id is null group by room_type_id),
      room_locks_in_window as (
        select l.room_id, json_agg(json_build_object(
            'id', l.id, 'startDate', l.start_date, 'endDate', l.end_date, 'reason', l.reason)
            order by l.start_date, l.id) as list
          from room_locks l
         where l.property_id = ${p} and l.deleted_at is null
           and l.end_date >= ${from}::date and l.start_date <= ${to}::date
           and l.status in ('scheduled', 'active')
         group by l.room_id)
      select
        (select time_zone from properties where id = ${p}) as "timeZone",
        (select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'maxOccupancy', t.max_occupancy)
            order by t.sort_order, t.name, t.id), '[]')::text
           from room_types t
          where t.property_id = ${p}
            and (t.deleted_at is null or t.id in (select room_type_id from unassigned))) as "roomTypes",
        (select coalesce(json_agg(json_build_object(
            'id', r.id, 'number', r.number, 'roomTypeId', r.room_type_id, 'housekeepingStatus', r.housekeeping_status,
            'bookings', coalesce(rb.list, '[]'::json), 'locks', coalesce(rl.list, '[]'::json))
            order by t.sort_order, t.name, t.id, ${roomNumberOrderList(sql`r.number`)}), '[]')::text
           from rooms r
           join room_types t on t.id = r.room_type_id
           left join room_bookings rb on rb.room_id = r.id
           left join room_locks_in_window rl on rl.room_id = r.id
          where r.property_id = ${p} and r.deleted_at is null) as rooms,
        (select coalesce(json_agg(json_build_object('roomTypeId', u.room_type_id, 'bookings', u.list)
            order by t.sort_order, t.name, t.id), '[]')::text
           from unassigned u join room_types t on t.id = u.room_type_id) as unassigned`),
  );
  return row!;
}
