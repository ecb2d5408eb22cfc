import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
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

/** The first room of a type (in natural number order) that nobody holds during the stay. */
export async function findFreeRoom(
  db: Executor,
  propertyId: string,
  roomTypeId: string,
  checkIn: string,
  checkOut: string,
) {
  const [row] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(
      and(
        eq(rooms.propertyId, propertyId),
        eq(rooms.roomTypeId, roomTypeId),
        isNull(rooms.deletedAt),
        sql`not exists (select 1 from ${roomOccupancies} o where o.room_id = ${rooms.id}
          and o.stay && daterange(${checkIn}::date, ${checkOut}::date, '[)'))`,
      ),
    )
    .orderBy(...roomNumberOrder(rooms.number))
    .limit(1);
  return row?.id ?? null;
}

/** Gross, paid and due amounts of bookings, from the charges and payments on their folios. */
export async function bookingAmounts(db: Executor, bookingIds: string[]) {
  const result = new Map<string, { grossAmount: number; paidAmount: number; dueAmount: number }>();
  if (bookingIds.length === 0) return result;
  const gross = await db
    .select({ bookingId: folios.bookingId, amount: sql<string>`coalesce(sum(${charges.grossAmount}), 0)` })
    .from(charges)
    .innerJoin(folios, eq(folios.id, charges.folioId))
    .where(and(inArray(folios.bookingId, bookingIds), isNull(charges.deletedAt)))
    .groupBy(folios.bookingId);
  const paid = await db
    .select({ bookingId: folios.bookingId, amount: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .innerJoin(folios, eq(folios.id, payments.folioId))
    .where(and(inArray(folios.bookingId, bookingIds), isNull(payments.deletedAt)))
    .groupBy(folios.bookingId);
  for (const id of bookingIds) result.set(id, { grossAmount: 0, paidAmount: 0, dueAmount: 0 });
  for (const row of gross) result.get(row.bookingId!)!.grossAmount = Number(row.amount);
  for (const row of paid) result.get(row.bookingId!)!.paidAmount = Number(row.amount);
  for (const amounts of result.values()) amounts.dueAmount = amounts.grossAmount - amounts.paidAmount;
  return result;
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

export async function loadBookingRelations(db: Executor, list: TBookingRow[]) {
  const ids = list.map((b) => b.id);
  const roomIds = [...new Set(list.map((b) => b.roomId).filter((id): id is string => !!id))];
  const typeIds = [...new Set(list.map((b) => b.roomTypeId))];
  const rateIds = [...new Set(list.map((b) => b.rateId).filter((id): id is string => !!id))];
  const customerIds = [...new Set(list.map((b) => b.customerId).filter((id): id is string => !!id))];
  const groupIds = [...new Set(list.map((b) => b.groupId).filter((id): id is string => !!id))];
  // One after the other: inside a transaction they share one connection.
  const roomRows = await (roomIds.length
    ? db
        .select({
          id: rooms.id,
          number: rooms.number,
          roomTypeId: rooms.roomTypeId,
          maxOccupancy: roomTypes.maxOccupancy,
        })
        .from(rooms)
        .innerJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
        .where(inArray(rooms.id, roomIds))
    : []);
  const typeRows = await db
    .select({ id: roomTypes.id, name: roomTypes.name, code: roomTypes.code })
    .from(roomTypes)
    .where(inArray(roomTypes.id, typeIds));
  const rateRows = await (rateIds.length
    ? db
        .select({ id: rates.id, name: rates.name, code: rates.code })
        .from(rates)
        .where(inArray(rates.id, rateIds))
    : []);
  const customerRows = await (customerIds.length
    ? db
        .select({
          id: contacts.id,
          name: contacts.name,
          email: contacts.email,
          isDebtor: contacts.isDebtor,
        })
        .from(contacts)
        .where(inArray(contacts.id, customerIds))
    : []);
  const groupRows = await (groupIds.length
    ? db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, groupIds))
    : []);
  const guestRows = await (ids.length
    ? db
        .select({
          bookingId: bookingGuests.bookingId,
          isPrimary: bookingGuests.isPrimary,
          contact: contacts,
        })
        .from(bookingGuests)
        .innerJoin(contacts, eq(contacts.id, bookingGuests.contactId))
        .where(inArray(bookingGuests.bookingId, ids))
        .orderBy(asc(bookingGuests.createdAt))
    : []);
  const linkRows = await (ids.length
    ? db
        .select()
        .from(bookingLinks)
        .where(and(inArray(bookingLinks.bookingId, ids), isNull(bookingLinks.revokedAt)))
        .orderBy(asc(bookingLinks.createdAt))
    : []);
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
  return {
    rooms: byId(roomRows),
    roomTypes: byId(typeRows),
    rates: byId(rateRows),
    customers: byId(customerRows),
    groups: byId(groupRows),
    guests: guestRows,
    links: linkRows,
  };
}
