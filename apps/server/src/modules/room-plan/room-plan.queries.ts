import { sql } from 'drizzle-orm';
import { droppedBookingStatuses, type TBookingStatus, type THousekeepingState } from '@pms/contract';
import { rowsOf, type Executor } from '../../db/client.ts';
import { roomNumberOrderList } from '../../lib/room-order.ts';

export type TPlanStayRow = {
  id: string;
  code: string;
  status: TBookingStatus;
  checkIn: string;
  checkOut: string;
  occupancy: number;
  color: string | null;
  isRoomFixed: boolean;
  roomId: string | null;
  roomTypeId: string;
  customerName: string | null;
  guestName: string | null;
};

export type TPlanRoomRow = {
  id: string;
  number: string;
  roomTypeId: string;
  housekeepingStatus: THousekeepingState;
};

export type TPlanLockRow = { id: string; roomId: string; startDate: string; endDate: string; reason: string };

export type TPlanRoomTypeRow = { id: string; name: string; maxOccupancy: number };

/**
 * The property's live stays touching [from, to] (check-out on `from` included, as the chart draws the
 * departure), by check-in then code; with `ids`, only those of them. They are found through the range
 * index on (property, stay), so past and far future bookings cost nothing. Each comes with its
 * customer's name (a key look-up, never a scan of all contacts) and its primary (else first) guest's
 * name, found for all stays at once.
 */
export async function selectPlanStays(
  db: Executor,
  propertyId: string,
  from: string,
  to: string,
  ids?: readonly string[],
): Promise<TPlanStayRow[]> {
  return rowsOf<TPlanStayRow>(
    await db.execute(sql`
      with stays as materialized (
        select b.id, b.code, b.status, b.check_in, b.check_out, b.occupancy, b.color, b.is_room_fixed,
               b.room_id, b.room_type_id, b.customer_id
          from bookings b
         where b.property_id = ${propertyId} and b.deleted_at is null
           and daterange(b.check_in, b.check_out) && daterange(${from}::date, ${to}::date, '[]')
           and b.status not in ${[...droppedBookingStatuses]}
           ${ids ? sql`and b.id in ${[...ids]}` : sql``}),
      guest_names as (
        select distinct on (bg.booking_id) bg.booking_id, guest.name
          from booking_guests bg join contacts guest on guest.id = bg.contact_id
         where bg.booking_id in (select id from stays)
         order by bg.booking_id, bg.is_primary desc, bg.created_at)
      select s.id, s.code, s.status, s.check_in::text as "checkIn", s.check_out::text as "checkOut",
             s.occupancy, s.color, s.is_room_fixed as "isRoomFixed", s.room_id as "roomId",
             s.room_type_id as "roomTypeId", g.name as "guestName",
             (select customer.name from contacts customer where customer.id = s.customer_id) as "customerName"
        from stays s
        left join guest_names g on g.booking_id = s.id
       order by s.check_in, s.code collate "C"`),
  );
}

/**
 * The property's data version as the reading transaction sees it, and with `since`, the bookings whose
 * stay changed after that version (migration 0014), in one statement.
 */
export async function selectDataVersion(
  db: Executor,
  propertyId: string,
  since?: number,
): Promise<{ version: number; changed: string[] }> {
  const [row] = rowsOf<{ version: string | null; changed: string[] }>(
    await db.execute(sql`
      select (select version from property_versions where property_id = ${propertyId}) as version,
             ${
               since === undefined
                 ? sql`'{}'::uuid[]`
                 : sql`array(select booking_id from stay_changes
                              where property_id = ${propertyId} and version > ${since})`
             } as changed`),
  );
  return { version: Number(row?.version ?? 0), changed: row?.changed ?? [] };
}

/** The rooms of the plan in plan order: room type order, then natural number order. */
export async function selectPlanRooms(db: Executor, propertyId: string): Promise<TPlanRoomRow[]> {
  return rowsOf<TPlanRoomRow>(
    await db.execute(sql`
      select r.id, r.number, r.room_type_id as "roomTypeId", r.housekeeping_status as "housekeepingStatus"
        from rooms r join room_types t on t.id = r.room_type_id
       where r.property_id = ${propertyId} and r.deleted_at is null
       order by t.sort_order, t.name, t.id, ${roomNumberOrderList(sql`r.number`)}`),
  );
}

/** The property's scheduled and active locks touching [from, to], by room, start and id. */
export async function selectPlanLocks(
  db: Executor,
  propertyId: string,
  from: string,
  to: string,
): Promise<TPlanLockRow[]> {
  return rowsOf<TPlanLockRow>(
    await db.execute(sql`
      select l.id, l.room_id as "roomId", l.start_date::text as "startDate", l.end_date::text as "endDate",
             l.reason
        from room_locks l
       where l.property_id = ${propertyId} and l.deleted_at is null and l.status in ('scheduled', 'active')
         and l.end_date >= ${from}::date and l.start_date <= ${to}::date
       order by l.room_id, l.start_date, l.id`),
  );
}

/**
 * The property's room types in their order: the live ones, and a deleted one only while a stay in
 * [from, to] without a room still names it.
 */
export async function selectPlanRoomTypes(
  db: Executor,
  propertyId: string,
  from: string,
  to: string,
): Promise<TPlanRoomTypeRow[]> {
  return rowsOf<TPlanRoomTypeRow>(
    await db.execute(sql`
      select t.id, t.name, t.max_occupancy as "maxOccupancy"
        from room_types t
       where t.property_id = ${propertyId}
         and (t.deleted_at is null or exists (
           select 1 from bookings b
            where b.property_id = ${propertyId} and b.room_type_id = t.id and b.room_id is null
              and b.deleted_at is null and b.status not in ${[...droppedBookingStatuses]}
              and daterange(b.check_in, b.check_out) && daterange(${from}::date, ${to}::date, '[]')))
       order by t.sort_order, t.name, t.id`),
  );
}
