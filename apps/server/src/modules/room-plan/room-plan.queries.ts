import { sql, type SQL } from 'drizzle-orm';
import { droppedBookingStatuses, type TBookingStatus, type THousekeepingState } from '@pms/contract';
import { executePrepared, rowsOf, type Executor } from '../../db/client.ts';
import { roomOrderList } from '../../db/room-order.ts';

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
 * departure), by check-in then code. They are found through the range index on (property, stay), so
 * past and far future bookings cost nothing. Each comes with its customer's name (a key look-up, never
 * a scan of all contacts) and its primary (else first) guest's name, found for all stays at once.
 */
export async function selectPlanStays(
  db: Executor,
  propertyId: string,
  from: string,
  to: string,
): Promise<TPlanStayRow[]> {
  return rowsOf<TPlanStayRow>(
    await db.execute(sql`
      with stays as materialized (
        select b.id, b.code, b.status, b.check_in, b.check_out, b.occupancy, b.color, b.is_room_fixed,
               b.room_id, b.room_type_id, b.customer_id
          from bookings b
         where ${liveStays(propertyId, from, to)}),
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

/** The condition on bookings `b` of the property's live stays touching [from, to]. */
function liveStays(propertyId: string, from: string, to: string): SQL {
  return sql`b.property_id = ${propertyId} and b.deleted_at is null
    and daterange(b.check_in, b.check_out) && daterange(${from}::date, ${to}::date, '[]')
    and b.status not in ${[...droppedBookingStatuses]}`;
}

/** Everything of the plan but the window's stays, as one statement reads it (see selectPlanFrame). */
export type TPlanFrame = {
  /** The property's data version the statement saw. */
  version: number;
  /**
   * With `since`: the bookings whose stay changed after that version (migration 0014), or null when
   * more than `maxChanged` did. Without: null.
   */
  changed: string[] | null;
  /** Those of `changed` still in the window (none when `changed` is null). */
  stays: TPlanStayRow[];
  rooms: TPlanRoomRow[];
  locks: TPlanLockRow[];
  roomTypes: TPlanRoomTypeRow[];
};

/** A JSON value as the driver hands it over: parsed already (PostgreSQL) or as its text. */
function jsonOf<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The plan's frame in one statement, so in one snapshot and one round trip without a transaction: the
 * property's data version; the rooms in plan order (room type order, then natural number order); the
 * scheduled and active locks touching [from, to] by room, start and id; the room types in their order
 * (the live ones, and a deleted one only while a stay in [from, to] without a room still names it);
 * and with `since`, the stays changed after that version, each found by its key, with its names as
 * selectPlanStays reads them. Rooms, locks, room types and stays come as one JSON array each. It is
 * prepared (see executePrepared): planning it would cost about as much as running it.
 */
export async function selectPlanFrame(
  db: Executor,
  propertyId: string,
  from: string,
  to: string,
  since?: { version: number; maxChanged: number },
): Promise<TPlanFrame> {
  const [row] = rowsOf<{
    version: string | null;
    changed: string[] | null;
    stays: unknown;
    rooms: unknown;
    locks: unknown;
    roomTypes: unknown;
  }>(
    await executePrepared(
      db,
      since ? 'room_plan_frame_since' : 'room_plan_frame',
      frameSql(propertyId, from, to, since),
    ),
  );
  const changed = row?.changed ?? null;
  return {
    version: Number(row?.version ?? 0),
    changed: since && changed && changed.length <= since.maxChanged ? changed : null,
    stays: jsonOf<TPlanStayRow[]>(row?.stays ?? '[]'),
    rooms: jsonOf<TPlanRoomRow[]>(row?.rooms ?? '[]'),
    locks: jsonOf<TPlanLockRow[]>(row?.locks ?? '[]'),
    roomTypes: jsonOf<TPlanRoomTypeRow[]>(row?.roomTypes ?? '[]'),
  };
}

/** The statement of selectPlanFrame. */
function frameSql(
  propertyId: string,
  from: string,
  to: string,
  since?: { version: number; maxChanged: number },
): SQL {
  return sql`
      ${
        since
          ? sql`with changed as materialized (
                  select booking_id as id from stay_changes
                   where property_id = ${propertyId} and version > ${since.version}
                   limit ${since.maxChanged + 1})`
          : sql``
      }
      select (select version from property_versions where property_id = ${propertyId}) as version,
             ${since ? sql`array(select id from changed)` : sql`null::uuid[]`} as changed,
             ${
               since
                 ? sql`(select coalesce(json_agg(json_build_object(
                          'id', b.id, 'code', b.code, 'status', b.status, 'checkIn', b.check_in::text,
                          'checkOut', b.check_out::text, 'occupancy', b.occupancy, 'color', b.color,
                          'isRoomFixed', b.is_room_fixed, 'roomId', b.room_id, 'roomTypeId', b.room_type_id,
                          'customerName', (select customer.name from contacts customer
                                            where customer.id = b.customer_id),
                          'guestName', (select guest.name
                                          from booking_guests bg join contacts guest on guest.id = bg.contact_id
                                         where bg.booking_id = b.id
                                         order by bg.is_primary desc, bg.created_at limit 1))), '[]')
                          from changed c join bookings b on b.id = c.id
                         where (select count(*) from changed) <= ${since.maxChanged}
                           and ${liveStays(propertyId, from, to)})`
                 : sql`'[]'::json`
             } as stays,
             (select coalesce(json_agg(json_build_object(
                       'id', r.id, 'number', r.number, 'roomTypeId', r.room_type_id,
                       'housekeepingStatus', r.housekeeping_status)
                       order by t.sort_order, t.name, t.id,
                                ${roomOrderList({ numberOrder: sql`r.number_order`, number: sql`r.number` })}), '[]')
                from rooms r join room_types t on t.id = r.room_type_id
               where r.property_id = ${propertyId} and r.deleted_at is null) as rooms,
             (select coalesce(json_agg(json_build_object(
                       'id', l.id, 'roomId', l.room_id, 'startDate', l.start_date::text,
                       'endDate', l.end_date::text, 'reason', l.reason)
                       order by l.room_id, l.start_date, l.id), '[]')
                from room_locks l
               where l.property_id = ${propertyId} and l.deleted_at is null
                 and l.status in ('scheduled', 'active')
                 and l.end_date >= ${from}::date and l.start_date <= ${to}::date) as locks,
             (select coalesce(json_agg(json_build_object(
                       'id', t.id, 'name', t.name, 'maxOccupancy', t.max_occupancy)
                       order by t.sort_order, t.name, t.id), '[]')
                from room_types t
               where t.property_id = ${propertyId}
                 and (t.deleted_at is null or exists (
                   select 1 from bookings b
                    where b.room_type_id = t.id and b.room_id is null
                      and ${liveStays(propertyId, from, to)}))) as "roomTypes"`;
}
