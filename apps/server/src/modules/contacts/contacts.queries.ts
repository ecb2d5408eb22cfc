import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  toPaged,
  type TBookingStatus,
  type TContactListQuery,
  type TPageQuery,
  type TPaged,
} from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import {
  bookingGuests,
  bookings,
  contactFiles,
  contacts,
  files,
  invoices,
  rooms,
} from '../../db/schema/index.ts';
import { assertOwned, findOwned } from '../../db/owned-records.ts';
import { selectPage } from '../../db/paging.ts';
import { containsText } from '../../db/text-search.ts';

export type TContactRow = typeof contacts.$inferSelect;
export type TContactChanges = Partial<Omit<TContactRow, 'id' | 'propertyId' | 'createdAt' | 'updatedAt'>>;
type TInvoiceRow = typeof invoices.$inferSelect;

const ofProperty = (propertyId: string, id?: string) =>
  and(eq(contacts.propertyId, propertyId), isNull(contacts.deletedAt), id ? eq(contacts.id, id) : undefined);

/** A page of the property's live contacts of a type and containing a text (when given), by name. */
export function selectContactPage<T>(
  db: Executor,
  propertyId: string,
  query: TContactListQuery,
  map: (row: TContactRow) => T,
) {
  const where = and(
    ofProperty(propertyId),
    query.type ? eq(contacts.type, query.type) : undefined,
    containsText([contacts.name, contacts.email, contacts.phone], query.query),
  );
  return selectPage(db, contacts, where, [asc(contacts.name), asc(contacts.id)], query, map);
}

/** The property's contacts with the given ids. */
export function selectContactsByIds(db: Executor, propertyId: string, ids: string[]): Promise<TContactRow[]> {
  return db
    .select()
    .from(contacts)
    .where(and(eq(contacts.propertyId, propertyId), inArray(contacts.id, ids)));
}

/** Stores a contact; returns it. */
export async function insertContactRow(
  db: Executor,
  values: typeof contacts.$inferInsert,
): Promise<TContactRow> {
  const [row] = await db.insert(contacts).values(values).returning();
  return row!;
}

/** Changes a live contact of the property; undefined when there is none by that id. */
export async function updateContactRow(
  db: Executor,
  propertyId: string,
  id: string,
  changes: TContactChanges,
): Promise<TContactRow | undefined> {
  const [row] = await db.update(contacts).set(changes).where(ofProperty(propertyId, id)).returning();
  return row;
}

/** Soft deletes a contact. */
export async function markContactDeleted(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(contacts).set({ deletedAt: now }).where(eq(contacts.id, id));
}

/** The bookings (not deleted) a contact is the customer or a guest of. */
const bookingsOfContact = (db: Executor, contactId: string): SQL | undefined =>
  and(
    isNull(bookings.deletedAt),
    or(
      eq(bookings.customerId, contactId),
      inArray(
        bookings.id,
        db
          .select({ id: bookingGuests.bookingId })
          .from(bookingGuests)
          .where(eq(bookingGuests.contactId, contactId)),
      ),
    ),
  );

/** Whether the contact is the customer or a guest of a booking (not deleted) that is not canceled. */
export async function hasBookingNotCanceled(db: Executor, contactId: string): Promise<boolean> {
  const [booking] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(bookingsOfContact(db, contactId), ne(bookings.status, 'canceled')))
    .limit(1);
  return Boolean(booking);
}

type TContactBookingRow = {
  id: string;
  code: string;
  status: TBookingStatus;
  checkIn: string;
  checkOut: string;
  roomNumber: string | null;
  customerId: string | null;
};

/** A page of the property's bookings a contact is the customer or a guest of, latest stay first. */
export async function selectContactBookingPage<T>(
  db: Executor,
  propertyId: string,
  contactId: string,
  page: TPageQuery,
  map: (row: TContactBookingRow) => T,
): Promise<TPaged<T>> {
  const where = and(eq(bookings.propertyId, propertyId), bookingsOfContact(db, contactId));
  const [total] = await db.select({ n: count() }).from(bookings).where(where);
  const rows = await db
    .select({
      id: bookings.id,
      code: bookings.code,
      status: bookings.status,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      roomNumber: rooms.number,
      customerId: bookings.customerId,
    })
    .from(bookings)
    .leftJoin(rooms, eq(rooms.id, bookings.roomId))
    .where(where)
    .orderBy(desc(bookings.checkIn), asc(bookings.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
  return toPaged(rows.map(map), total?.n ?? 0, page);
}

/** A page of the property's live invoices addressed to a contact, newest first. */
export function selectContactInvoicePage<T>(
  db: Executor,
  propertyId: string,
  contactId: string,
  page: TPageQuery,
  map: (row: TInvoiceRow) => T,
) {
  return selectPage(
    db,
    invoices,
    and(eq(invoices.propertyId, propertyId), eq(invoices.customerId, contactId), isNull(invoices.deletedAt)),
    [desc(invoices.createdAt), asc(invoices.id)],
    page,
    map,
  );
}

/** A contact's live documents with the stay each was handed in for, in the order they were added. */
export async function selectContactFiles(db: Executor, contactId: string) {
  return db
    .select({
      file: files,
      confirmedAt: contactFiles.confirmedAt,
      stay: {
        bookingId: bookings.id,
        code: bookings.code,
        checkIn: bookings.checkIn,
        checkOut: bookings.checkOut,
      },
    })
    .from(contactFiles)
    .innerJoin(files, eq(files.id, contactFiles.fileId))
    .leftJoin(bookings, eq(bookings.id, contactFiles.bookingId))
    .where(and(eq(contactFiles.contactId, contactId), isNull(files.deletedAt)))
    .orderBy(asc(contactFiles.createdAt), asc(files.id));
}

/**
 * Adds a file to a contact's documents, handed in for a booking when one is named (a document linked
 * before is then moved to that booking); whether it was linked or moved.
 */
export async function insertContactFile(
  db: Executor,
  propertyId: string,
  contactId: string,
  fileId: string,
  bookingId: string | null,
): Promise<boolean> {
  const linked = await db
    .insert(contactFiles)
    .values({ propertyId, contactId, fileId, bookingId })
    .onConflictDoUpdate({
      target: [contactFiles.contactId, contactFiles.fileId, contactFiles.propertyId],
      set: { bookingId },
      setWhere: sql`${bookingId}::uuid is not null and ${contactFiles.bookingId} is distinct from ${bookingId}`,
    })
    .returning();
  return linked.length > 0;
}

/** Whether the contact is a guest of the property's booking. */
export async function isGuestOfBooking(
  db: Executor,
  propertyId: string,
  bookingId: string,
  contactId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ bookingId: bookingGuests.bookingId })
    .from(bookingGuests)
    .innerJoin(bookings, eq(bookings.id, bookingGuests.bookingId))
    .where(
      and(
        eq(bookings.propertyId, propertyId),
        eq(bookings.id, bookingId),
        isNull(bookings.deletedAt),
        eq(bookingGuests.contactId, contactId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Removes a file from a contact's documents; whether it was there. */
export async function deleteContactFile(db: Executor, contactId: string, fileId: string): Promise<boolean> {
  const removed = await db
    .delete(contactFiles)
    .where(and(eq(contactFiles.contactId, contactId), eq(contactFiles.fileId, fileId)))
    .returning({ fileId: contactFiles.fileId });
  return removed.length > 0;
}

/** Records that the data read from a contact's document was confirmed; false when it is not theirs. */
export async function updateContactFileConfirmed(
  db: Executor,
  contactId: string,
  fileId: string,
  confirmedAt: Date,
  confirmedBy: string | null,
): Promise<boolean> {
  const rows = await db
    .update(contactFiles)
    .set({
      confirmedAt: sql`coalesce(${contactFiles.confirmedAt}, ${confirmedAt.toISOString()}::timestamptz)`,
      confirmedBy,
    })
    .where(and(eq(contactFiles.contactId, contactId), eq(contactFiles.fileId, fileId)))
    .returning({ fileId: contactFiles.fileId });
  return rows.length > 0;
}

/** Whether a live file is among a contact's documents. */
export async function isContactFile(db: Executor, contactId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ fileId: contactFiles.fileId })
    .from(contactFiles)
    .innerJoin(files, and(eq(files.propertyId, contactFiles.propertyId), eq(files.id, contactFiles.fileId)))
    .where(
      and(eq(contactFiles.contactId, contactId), eq(contactFiles.fileId, fileId), isNull(files.deletedAt)),
    );
  return row !== undefined;
}

// Look-ups other modules use: one live record of the property by id, or 404 naming it.

/** A contact, named `what` when missing (a customer, say). */
export function findOwnedContact(db: Executor, propertyId: string, id: string, what = 'contact') {
  return findOwned(db, contacts, propertyId, id, what);
}

/** Refuses a contact that is not the property's, named `what` when missing. */
export function assertContactOwned(
  db: Executor,
  propertyId: string,
  id: string,
  what = 'contact',
): Promise<void> {
  return assertOwned(db, contacts, propertyId, id, what);
}
