import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bookingGuests,
  bookingLinks,
  bookings,
  charges,
  contacts,
  folios,
  groups,
  invoices,
  payments,
  rates,
  roomOccupancies,
  roomTypes,
  rooms,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { findOwned } from '../../lib/records.ts';
import { roomNumberOrder } from '../../lib/room-order.ts';

export type TBookingRow = typeof bookings.$inferSelect;
type TContactRow = typeof contacts.$inferSelect;

/** A live booking of the property, locked for update when asked (inside a transaction). */
export async function findBooking(
  db: Executor,
  propertyId: string,
  id: string,
  forUpdate = false,
): Promise<TBookingRow> {
  return findOwned(db, bookings, propertyId, id, 'booking', { lock: forUpdate });
}

export async function findRoom(db: Executor, propertyId: string, id: string) {
  const [row] = await db
    .select({ room: rooms, roomType: roomTypes })
    .from(rooms)
    .innerJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
    .where(and(eq(rooms.id, id), eq(rooms.propertyId, propertyId), isNull(rooms.deletedAt)));
  if (!row) throw notFound('room');
  return row;
}

/** Whether nobody holds the room during the stay (a booking other than `exceptBookingId`, or a lock). */
function isFreeDuring(checkIn: string, checkOut: string, exceptBookingId?: string) {
  return sql`not exists (select 1 from ${roomOccupancies} o where o.room_id = ${rooms.id}
    and o.stay && daterange(${checkIn}::date, ${checkOut}::date, '[)')
    ${exceptBookingId ? sql`and o.booking_id is distinct from ${exceptBookingId}` : sql``})`;
}

/**
 * The first room of a type that nobody holds during the stay, in natural number order; for an
 * arrival today (`preferClean`) clean rooms come before dirty ones.
 */
export async function findFreeRoom(
  db: Executor,
  propertyId: string,
  roomTypeId: string,
  checkIn: string,
  checkOut: string,
  preferClean = false,
) {
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(
      and(
        eq(rooms.propertyId, propertyId),
        eq(rooms.roomTypeId, roomTypeId),
        isNull(rooms.deletedAt),
        isFreeDuring(checkIn, checkOut),
      ),
    )
    .orderBy(
      ...(preferClean ? [sql`${rooms.housekeepingStatus} = 'clean' desc`] : []),
      ...roomNumberOrder(rooms.number),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Every room of the property that nobody holds during the stay, in natural number order. */
export async function selectFreeRooms(
  db: Executor,
  propertyId: string,
  checkIn: string,
  checkOut: string,
  exceptBookingId?: string,
) {
  return db
    .select({
      id: rooms.id,
      number: rooms.number,
      roomTypeId: rooms.roomTypeId,
      housekeepingStatus: rooms.housekeepingStatus,
    })
    .from(rooms)
    .where(
      and(
        eq(rooms.propertyId, propertyId),
        isNull(rooms.deletedAt),
        isFreeDuring(checkIn, checkOut, exceptBookingId),
      ),
    )
    .orderBy(...roomNumberOrder(rooms.number));
}

/** Bookings with an invoice that is not canceled: they can no longer be edited. */
export async function readOnlyBookingIds(db: Executor, bookingIds: string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ bookingId: invoices.bookingId })
    .from(invoices)
    .where(
      and(
        inArray(invoices.bookingId, bookingIds),
        isNull(invoices.deletedAt),
        sql`${invoices.status} <> 'canceled'`,
      ),
    );
  return new Set(rows.map((row) => row.bookingId!));
}

type TGuestJson = {
  isPrimary: boolean;
  contact: Pick<TContactRow, 'id' | 'name' | 'email' | 'phone' | 'dateOfBirth' | 'nationality' | 'address'>;
};

type TBookingPage = { limit: number; offset: number };

/**
 * Bookings with everything the API answers with (relations, amounts, read-only flag, live link and,
 * for a page, the count of all matches) in one statement: a page of 15 costs one round trip, not 12.
 * Bookings come by arrival, then code, which an index serves: a page is read from the index and only
 * its rows get their relations; the matches are counted once beside it.
 */
export function selectBookingDetails(db: Executor, where: SQL | undefined, page?: TBookingPage) {
  const matches = db.select().from(bookings).where(where).$dynamic();
  const rows = (
    page
      ? matches.orderBy(asc(bookings.checkIn), asc(bookings.code)).limit(page.limit).offset(page.offset)
      : matches
  ).as('booking');
  const columns = rows._.selectedFields;
  const total = sql`(select count(*) from ${bookings} where ${where ?? sql`true`})`;
  // Qualified: a subquery would read a bare column name as its own.
  const column = (name: string) => sql.raw(`"booking"."${name}"`);
  const b = {
    id: column('id'),
    roomId: column('room_id'),
    roomTypeId: column('room_type_id'),
    rateId: column('rate_id'),
    customerId: column('customer_id'),
    groupId: column('group_id'),
  };
  return db
    .select({
      booking: columns,
      total: sql<number>`${total}`.mapWith(Number),
      room: sql<{ id: string; number: string; roomTypeId: string; maxOccupancy: number } | null>`(
        select json_build_object('id', r.id, 'number', r.number, 'roomTypeId', r.room_type_id,
                                 'maxOccupancy', t.max_occupancy)
          from ${rooms} r join ${roomTypes} t on t.id = r.room_type_id where r.id = ${b.roomId})`,
      roomType: sql<{ id: string; name: string; code: string }>`(
        select json_build_object('id', t.id, 'name', t.name, 'code', t.code)
          from ${roomTypes} t where t.id = ${b.roomTypeId})`,
      rate: sql<{ id: string; name: string; code: string } | null>`(
        select json_build_object('id', r.id, 'name', r.name, 'code', r.code) from ${rates} r where r.id = ${b.rateId})`,
      customer: sql<{ id: string; name: string; email: string | null; isDebtor: boolean } | null>`(
        select json_build_object('id', c.id, 'name', c.name, 'email', c.email, 'isDebtor', c.is_debtor)
          from ${contacts} c where c.id = ${b.customerId})`,
      group: sql<{ id: string; name: string } | null>`(
        select json_build_object('id', g.id, 'name', g.name) from ${groups} g where g.id = ${b.groupId})`,
      guests: sql<TGuestJson[]>`(
        select coalesce(json_agg(json_build_object('isPrimary', bg.is_primary, 'contact', json_build_object(
                 'id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone, 'dateOfBirth', c.date_of_birth,
                 'nationality', c.nationality, 'address', c.address)) order by bg.created_at, c.id), '[]')
          from ${bookingGuests} bg join ${contacts} c on c.id = bg.contact_id where bg.booking_id = ${b.id})`,
      // The first live link; its expiry comes as JSON text (an ISO instant with its offset).
      link: sql<{ id: string; expiresAt: string } | null>`(
        select json_build_object('id', l.id, 'expiresAt', l.expires_at) from ${bookingLinks} l
         where l.booking_id = ${b.id} and l.revoked_at is null order by l.created_at limit 1)`,
      grossAmount: sql<number>`(
        select coalesce(sum(ch.gross_amount), 0) from ${charges} ch join ${folios} f on f.id = ch.folio_id
         where f.booking_id = ${b.id} and ch.deleted_at is null)`.mapWith(Number),
      paidAmount: sql<number>`(
        select coalesce(sum(pa.amount), 0) from ${payments} pa join ${folios} f on f.id = pa.folio_id
         where f.booking_id = ${b.id} and pa.deleted_at is null)`.mapWith(Number),
      isReadOnly: sql<boolean>`exists (
        select 1 from ${invoices} i where i.booking_id = ${b.id} and i.deleted_at is null and i.status <> 'canceled')`,
    })
    .from(rows)
    .orderBy(asc(rows.checkIn), asc(rows.code));
}

export type TBookingDetails = Awaited<ReturnType<typeof selectBookingDetails>>[number];
