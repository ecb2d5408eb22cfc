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
import { addDays, droppedBookingStatuses, type TBookingListQuery, type TPageQuery } from '@pms/contract';
import { rowsOf, type Executor } from '../../db/client.ts';
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
  payments,
  rates,
  roomLocks,
  roomOccupancies,
  rooms,
  roomTypes,
} from '../../db/schema/index.ts';
import { assertOwned, findOwned } from '../../db/owned-records.ts';
import { selectPage } from '../../db/paging.ts';
import { roomNumberOrder } from '../../db/room-order.ts';
import { containsPattern } from '../../db/text-search.ts';

export type TBookingRow = typeof bookings.$inferSelect;
export type TNewBooking = typeof bookings.$inferInsert;
export type TBookingChanges = Partial<Omit<TBookingRow, 'id' | 'createdAt' | 'updatedAt'>>;
type TContactRow = typeof contacts.$inferSelect;
type TInvoiceRow = typeof invoices.$inferSelect;

/** A live booking of the property, locked for update when asked (inside a transaction). */
export async function findBooking(
  db: Executor,
  propertyId: string,
  id: string,
  forUpdate = false,
): Promise<TBookingRow> {
  return findOwned(db, bookings, propertyId, id, 'booking', { lock: forUpdate });
}

/** Whether nobody holds the room during the stay (a booking other than `exceptBookingId`, or a lock). */
function isFreeDuring(checkIn: string, checkOut: string, exceptBookingId?: string) {
  return sql`not exists (select 1 from ${roomOccupancies} o where o.room_id = ${rooms.id}
    and o.stay && daterange(${checkIn}::date, ${checkOut}::date, '[)')
    ${exceptBookingId ? sql`and o.booking_id is distinct from ${exceptBookingId}` : sql``})`;
}

/**
 * Claims a room of a type that nobody holds during the stay, in natural number order (for an arrival
 * today, `preferClean`, clean rooms first), for the caller's transaction: the room's occupancy lock
 * (`lock_room_occupancy`, migration 0003) is taken and the room checked free under it, so the booking
 * the caller then writes holds it. Bookings placed by type at the same moment each claim another room:
 * a room another transaction is writing is passed over at first, and waited for only when no other
 * room is left, so a burst is refused only when the type is really full. Null when none is free.
 */
export async function claimFreeRoom(
  db: Executor,
  propertyId: string,
  roomTypeId: string,
  checkIn: string,
  checkOut: string,
  preferClean = false,
): Promise<string | null> {
  const tried: string[] = [];
  const candidates = () =>
    db
      .select({ id: rooms.id })
      .from(rooms)
      .where(
        and(
          eq(rooms.propertyId, propertyId),
          eq(rooms.roomTypeId, roomTypeId),
          isNull(rooms.deletedAt),
          isFreeDuring(checkIn, checkOut),
          tried.length > 0 ? notInArray(rooms.id, tried) : undefined,
        ),
      )
      .orderBy(
        ...(preferClean ? [sql`${rooms.housekeepingStatus} = 'clean' desc`] : []),
        ...roomNumberOrder(rooms.number),
      );
  // The first free-looking room whose lock is to be had at once, in one statement: the candidates are
  // materialised in their order first, so the lock is tried on one room after the other and only until
  // one is taken. A room found free under its lock is the booking's; one a writer filled meanwhile is
  // passed over.
  for (;;) {
    const [claimed] = rowsOf<{ id: string }>(
      await db.execute(
        sql`with candidates as materialized (${candidates()})
          select id from candidates where pg_try_advisory_xact_lock(727002, hashtext(id::text)) limit 1`,
      ),
    );
    if (!claimed) break;
    if (await isRoomFree(db, claimed.id, checkIn, checkOut)) return claimed.id;
    tried.push(claimed.id);
  }
  // Every free-looking room left is being written: wait for each in turn, in the one order all use, and
  // take the first still free (a deadlock with a room claimed above is retried with the transaction).
  for (const { id } of await candidates()) {
    await db.execute(sql`select lock_room_occupancy(${id}::uuid)`);
    if (await isRoomFree(db, id, checkIn, checkOut)) return id;
  }
  return null;
}

/** Whether nobody holds the room during the stay, as committed now (a statement of its own). */
async function isRoomFree(db: Executor, roomId: string, checkIn: string, checkOut: string): Promise<boolean> {
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), isFreeDuring(checkIn, checkOut)));
  return row !== undefined;
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
        select coalesce(json_agg(json_build_object('isPrimary', bg.is_primary, 'isFamilyMember', bg.is_family_member, 'contact', json_build_object(
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
 * [from, to], a quick filter (given the property's today), a status, a text in the code or the
 * customer's name.
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

/**
 * Takes the occupancy locks of several rooms (the ones the triggers take) in one order, the rooms' ids
 * sorted, before a transaction writes stays into them: two such writers with their rooms the other way
 * round wait for each other instead of deadlocking again on every retry.
 */
export async function lockRoomsInOrder(db: Executor, roomIds: string[]): Promise<void> {
  for (const id of [...new Set(roomIds)].sort())
    await db.execute(sql`select lock_room_occupancy(${id}::uuid)`);
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

/** Stores a portal link of a booking. */
export async function insertBookingLink(
  db: Executor,
  values: typeof bookingLinks.$inferInsert,
): Promise<void> {
  await db.insert(bookingLinks).values(values);
}

/** Lets the booking's portal links expire at a new instant (the stay's end moved). */
export async function setBookingLinkExpiry(db: Executor, bookingId: string, expiresAt: Date): Promise<void> {
  await db.update(bookingLinks).set({ expiresAt }).where(eq(bookingLinks.bookingId, bookingId));
}

/** Revokes every portal link of a booking. */
export async function revokeBookingLinks(db: Executor, bookingId: string, now: Date): Promise<void> {
  await db.update(bookingLinks).set({ revokedAt: now }).where(eq(bookingLinks.bookingId, bookingId));
}

/** A booking's guests as assigned: contact, primary, family member. */
export async function selectBookingGuests(
  db: Executor,
  bookingId: string,
): Promise<{ contactId: string; isPrimary: boolean; isFamilyMember: boolean }[]> {
  return db
    .select({
      contactId: bookingGuests.contactId,
      isPrimary: bookingGuests.isPrimary,
      isFamilyMember: bookingGuests.isFamilyMember,
    })
    .from(bookingGuests)
    .where(eq(bookingGuests.bookingId, bookingId));
}

/** How many guests are assigned to a booking. */
export async function countBookingGuests(db: Executor, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookingGuests)
    .where(eq(bookingGuests.bookingId, bookingId));
  return row?.n ?? 0;
}

/** Assigns a guest to a booking; whether the guest was not assigned yet. */
export async function insertBookingGuest(
  db: Executor,
  values: typeof bookingGuests.$inferInsert,
): Promise<boolean> {
  const inserted = await db.insert(bookingGuests).values(values).onConflictDoNothing().returning();
  return inserted.length > 0;
}

/** Marks a booking's guest as a family member or not; whether the guest is the booking's. */
export async function updateGuestFamilyMember(
  db: Executor,
  bookingId: string,
  contactId: string,
  isFamilyMember: boolean,
): Promise<boolean> {
  const updated = await db
    .update(bookingGuests)
    .set({ isFamilyMember })
    .where(and(eq(bookingGuests.bookingId, bookingId), eq(bookingGuests.contactId, contactId)))
    .returning({ contactId: bookingGuests.contactId });
  return updated.length > 0;
}

/** Takes a guest off a booking; whether the guest was assigned. */
export async function deleteBookingGuest(
  db: Executor,
  bookingId: string,
  contactId: string,
): Promise<boolean> {
  const removed = await db
    .delete(bookingGuests)
    .where(and(eq(bookingGuests.bookingId, bookingId), eq(bookingGuests.contactId, contactId)))
    .returning();
  return removed.length > 0;
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

/** The live charges on the booking's live folios, by date. */
export async function selectBookingCharges(db: Executor, bookingId: string) {
  const rows = await db
    .select({ charge: charges })
    .from(charges)
    .innerJoin(folios, eq(folios.id, charges.folioId))
    .where(and(eq(folios.bookingId, bookingId), isNull(charges.deletedAt), isNull(folios.deletedAt)))
    .orderBy(asc(charges.bookedOn), asc(charges.createdAt));
  return rows.map((row) => row.charge);
}

/** A page of the live invoices of a booking of the property, newest first. */
export function selectBookingInvoicePage<T>(
  db: Executor,
  propertyId: string,
  bookingId: string,
  page: TPageQuery,
  map: (row: TInvoiceRow) => T,
) {
  return selectPage(
    db,
    invoices,
    and(eq(invoices.propertyId, propertyId), eq(invoices.bookingId, bookingId), isNull(invoices.deletedAt)),
    [desc(invoices.createdAt)],
    page,
    map,
  );
}

/** The booking's own live folio (not a group folio), if it has one. */
export async function selectBookingFolio(db: Executor, bookingId: string) {
  const [folio] = await db
    .select()
    .from(folios)
    .where(and(eq(folios.bookingId, bookingId), isNull(folios.deletedAt), eq(folios.isGroupFolio, false)))
    .limit(1);
  return folio;
}

/** Stores a folio; returns it. */
export async function insertFolio(db: Executor, values: typeof folios.$inferInsert) {
  const [row] = await db.insert(folios).values(values).returning();
  return row!;
}

export type TChargeRow = typeof charges.$inferSelect;

/** A rate charge of a stay as repricing sees it: what its corrections took off, and its folio's state. */
export type TStayCharge = {
  charge: TChargeRow;
  /** The sum of its allowances (zero or negative). */
  correctedAmount: number;
  isFolioClosed: boolean;
};

/**
 * The rate charges that hold the booking's nights wherever they are now (its folio, a split folio, the
 * group folio): every charge posted for the stay that was not moved on to another folio, oldest first.
 */
export async function selectStayCharges(db: Executor, bookingId: string): Promise<TStayCharge[]> {
  return db
    .select({
      charge: charges,
      correctedAmount: sql<number>`(select coalesce(sum(a.gross_amount), 0) from charges a
        where a.corrects_charge_id = ${charges.id} and a.deleted_at is null)`.mapWith(Number),
      isFolioClosed: sql<boolean>`${folios.closedAt} is not null`,
    })
    .from(charges)
    .innerJoin(folios, eq(folios.id, charges.folioId))
    .where(
      and(
        eq(charges.bookingId, bookingId),
        eq(charges.kind, 'charge'),
        isNull(charges.deletedAt),
        sql`not exists (select 1 from charges a where a.corrects_charge_id = ${charges.id}
          and a.transfer_charge_id is not null)`,
      ),
    )
    .orderBy(asc(charges.createdAt), asc(charges.id));
}

/** Locks folios for a posting, in id order so that two writers cannot deadlock. */
export async function lockFolios(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .select({ id: folios.id })
    .from(folios)
    .where(inArray(folios.id, ids))
    .orderBy(asc(folios.id))
    .for('update');
}

/** Removes charges nobody touched, which repricing replaces; nothing refers to them. */
export async function deleteCharges(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(charges).where(inArray(charges.id, ids));
}

/** Posts charges to a folio. */
export async function insertCharges(db: Executor, values: (typeof charges.$inferInsert)[]): Promise<void> {
  await db.insert(charges).values(values);
}

export type TRoomStay = {
  propertyId: string;
  roomId: string;
  checkIn: string;
  checkOut: string;
  /** How the dates bound the stay: a booking's check-out night is free ('[)'), a lock's end date is not ('[]'). */
  bounds?: '[)' | '[]';
  /** The booking or lock being changed: its own stay is no conflict. */
  exceptBookingId?: string;
  exceptRoomLockId?: string;
};

/** A booking or lock holding the room during the stay, with the room's number, or undefined. */
export async function selectRoomConflict(db: Executor, stay: TRoomStay) {
  const [conflict] = await db
    .select({
      roomNumber: rooms.number,
      bookingCode: bookings.code,
      lockStart: roomLocks.startDate,
      lockEnd: roomLocks.endDate,
    })
    .from(roomOccupancies)
    .innerJoin(rooms, eq(rooms.id, roomOccupancies.roomId))
    .leftJoin(bookings, eq(bookings.id, roomOccupancies.bookingId))
    .leftJoin(roomLocks, eq(roomLocks.id, roomOccupancies.roomLockId))
    .where(
      and(
        eq(roomOccupancies.roomId, stay.roomId),
        eq(rooms.propertyId, stay.propertyId),
        sql`${roomOccupancies.stay} && daterange(${stay.checkIn}::date, ${stay.checkOut}::date, ${stay.bounds ?? '[)'})`,
        stay.exceptBookingId
          ? sql`${roomOccupancies.bookingId} is distinct from ${stay.exceptBookingId}`
          : undefined,
        stay.exceptRoomLockId
          ? sql`${roomOccupancies.roomLockId} is distinct from ${stay.exceptRoomLockId}`
          : undefined,
      ),
    )
    .limit(1);
  return conflict;
}

/** Refuses a booking that is not the property's. */
export function assertBookingOwned(db: Executor, propertyId: string, id: string): Promise<void> {
  return assertOwned(db, bookings, propertyId, id, 'booking');
}
