import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { addDays, droppedBookingStatuses, type TBookingListQuery } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import {
  bookingGuests,
  bookingLinks,
  bookings,
  charges,
  contacts,
  events,
  folios,
  groups,
  invoices,
  localTaxLevies,
  localTaxNights,
  payments,
  rates,
  rooms,
  roomTypes,
  type TLocalTaxNightExempt,
  type TLocalTaxNightGuest,
} from '../../db/schema/index.ts';
import { assertOwned, findOwned } from '../../db/owned-records.ts';
import { containsPattern } from '../../db/text-search.ts';

export type TBookingRow = typeof bookings.$inferSelect;
export type TNewBooking = typeof bookings.$inferInsert;
export type TBookingChanges = Partial<Omit<TBookingRow, 'id' | 'createdAt' | 'updatedAt'>>;
type TContactRow = typeof contacts.$inferSelect;
export type TInvoiceRow = typeof invoices.$inferSelect;

/** A live booking of the property, locked for update when asked (inside a transaction). */
export async function findBooking(
  db: Executor,
  propertyId: string,
  id: string,
  forUpdate = false,
): Promise<TBookingRow> {
  return findOwned(db, bookings, propertyId, id, 'booking', { lock: forUpdate });
}

/** Bookings with an invoice that is not canceled (cancellation invoices aside): they can no longer be edited. */
export async function readOnlyBookingIds(db: Executor, bookingIds: string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ bookingId: invoices.bookingId })
    .from(invoices)
    .where(
      and(
        inArray(invoices.bookingId, bookingIds),
        isNull(invoices.deletedAt),
        isNull(invoices.cancels),
        sql`${invoices.status} <> 'canceled'`,
      ),
    );
  return new Set(rows.map((row) => row.bookingId!));
}

/** Whether one of the booking's folios is closed: its charges no longer follow the stay. */
export async function hasClosedFolio(db: Executor, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: folios.id })
    .from(folios)
    .where(
      and(eq(folios.bookingId, bookingId), isNull(folios.deletedAt), sql`${folios.closedAt} is not null`),
    )
    .limit(1);
  return row !== undefined;
}

type TGuestJson = {
  isPrimary: boolean;
  isFamilyMember: boolean;
  localTaxExemptionReason: string | null;
  localTaxExemptionNote: string | null;
  contact: Pick<TContactRow, 'id' | 'name' | 'email' | 'phone' | 'dateOfBirth' | 'nationality' | 'address'>;
};

/** A night of a levy as the posting recorded it (decision 191). */
export type TLocalTaxNightJson = {
  levyId: string;
  name: string;
  guests: TLocalTaxNightGuest[];
  exempt: TLocalTaxNightExempt[];
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
    propertyId: column('property_id'),
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
        select coalesce(json_agg(json_build_object('isPrimary', bg.is_primary, 'isFamilyMember', bg.is_family_member,
                 'localTaxExemptionReason', bg.local_tax_exemption_reason, 'localTaxExemptionNote', bg.local_tax_exemption_note,
                 'contact', json_build_object(
                 'id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone, 'dateOfBirth', c.date_of_birth,
                 'nationality', c.nationality, 'address', c.address)) order by bg.created_at, c.id), '[]')
          from ${bookingGuests} bg join ${contacts} c on c.id = bg.contact_id where bg.booking_id = ${b.id})`,
      localTax: sql<TLocalTaxNightJson[]>`(
        select coalesce(json_agg(json_build_object('levyId', n.levy_id, 'name', l.name, 'guests', n.guests,
                 'exempt', n.exempt) order by l.name, l.id, n.night), '[]')
          from ${localTaxNights} n join ${localTaxLevies} l on l.property_id = n.property_id and l.id = n.levy_id
         where n.property_id = ${b.propertyId} and n.booking_id = ${b.id})`,
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
        select 1 from ${invoices} i where i.booking_id = ${b.id} and i.deleted_at is null and i.cancels_invoice_id is null and i.status <> 'canceled')`,
    })
    .from(rows)
    .orderBy(asc(rows.checkIn), asc(rows.code));
}

export type TBookingDetails = Awaited<ReturnType<typeof selectBookingDetails>>[number];

/** The bookings with the given ids with everything the API answers with (see selectBookingDetails). */
export function selectBookingDetailsByIds(db: Executor, ids: string[]) {
  return selectBookingDetails(db, inArray(bookings.id, ids));
}

/** The bookings of a quick filter, given the property's today. */
function filterCondition(filter: TBookingListQuery['filter'], today: string): SQL | undefined {
  const yesterday = addDays(today, -1);
  const tomorrow = addDays(today, 1);
  const live = notInArray(bookings.status, [...droppedBookingStatuses]);
  switch (filter) {
    case 'check_in_today':
      return and(eq(bookings.checkIn, today), live);
    case 'check_in_tomorrow':
      return and(eq(bookings.checkIn, tomorrow), live);
    case 'check_in_yesterday':
      return and(eq(bookings.checkIn, yesterday), live);
    case 'check_out_today':
      return and(eq(bookings.checkOut, today), live);
    case 'check_out_tomorrow':
      return and(eq(bookings.checkOut, tomorrow), live);
    case 'check_out_yesterday':
      return and(eq(bookings.checkOut, yesterday), live);
    case 'in_house':
      return eq(bookings.status, 'checked_in');
    default:
      return undefined;
  }
}

/**
 * A page of the property's bookings with their details and the count of all matches: stays touching
 * [from, to], a quick filter (given the property's today), a status, a channel, a text in the code or
 * the customer's name.
 */
export async function selectBookingDetailsPage(
  db: Executor,
  propertyId: string,
  query: TBookingListQuery,
  today: string | undefined,
): Promise<{ rows: TBookingDetails[]; total: number }> {
  const text = query.query?.trim();
  const pattern = text ? containsPattern(text) : undefined;
  const where = and(
    eq(bookings.propertyId, propertyId),
    isNull(bookings.deletedAt),
    query.from ? gt(bookings.checkOut, query.from) : undefined,
    query.to ? lte(bookings.checkIn, query.to) : undefined,
    query.status ? eq(bookings.status, query.status) : undefined,
    query.channelId ? eq(bookings.channelId, query.channelId) : undefined,
    today ? filterCondition(query.filter, today) : undefined,
    pattern
      ? or(
          ilike(bookings.code, pattern),
          sql`exists (select 1 from ${contacts} c where c.id = ${bookings.customerId} and c.name ilike ${pattern})`,
        )
      : undefined,
  );
  const rows = await selectBookingDetails(db, where, {
    limit: query.pageSize,
    offset: (query.pageNumber - 1) * query.pageSize,
  });
  // Past the last page no row carries the count of all matches: only then is it counted apart.
  const total =
    rows[0]?.total ??
    (query.pageNumber > 1 ? ((await db.select({ n: count() }).from(bookings).where(where))[0]?.n ?? 0) : 0);
  return { rows, total };
}

/** The live bookings of the property with the given ids, locked for update. */
export function selectBookingsForUpdate(
  db: Executor,
  propertyId: string,
  ids: string[],
): Promise<TBookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(inArray(bookings.id, ids), eq(bookings.propertyId, propertyId), isNull(bookings.deletedAt)))
    .orderBy(asc(bookings.id))
    .for('update');
}

/** Whether a booking of the property has the code. */
export async function isBookingCodeTaken(db: Executor, propertyId: string, code: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.propertyId, propertyId), eq(bookings.code, code)));
  return Boolean(taken);
}

/** Stores a booking; returns it. */
export async function insertBooking(
  db: Executor,
  values: typeof bookings.$inferInsert,
): Promise<TBookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  return row!;
}

/** Changes a booking; returns it. */
export async function updateBookingRow(
  db: Executor,
  id: string,
  changes: TBookingChanges,
): Promise<TBookingRow> {
  const [row] = await db.update(bookings).set(changes).where(eq(bookings.id, id)).returning();
  return row!;
}

/** Soft deletes a booking. */
export async function markBookingDeleted(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(bookings).set({ deletedAt: now }).where(eq(bookings.id, id));
}

/** The events of a booking of the property, newest first. */
export function selectBookingEvents(db: Executor, propertyId: string, bookingId: string) {
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.objectType, 'booking'),
        eq(events.objectId, bookingId),
        eq(events.propertyId, propertyId),
      ),
    )
    .orderBy(desc(events.createdAt));
}

/** Refuses a booking that is not the property's. */
export function assertBookingOwned(db: Executor, propertyId: string, id: string): Promise<void> {
  return assertOwned(db, bookings, propertyId, id, 'booking');
}
