import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  bookingGuests,
  bookingLinks,
  bookings,
  contactFiles,
  contacts,
  files,
  folios,
  generalSettings,
  invoices,
  roomTypes,
  rooms,
} from '../../db/schema/index.ts';

export type TPortalContactRow = typeof contacts.$inferSelect;
export type TPortalFileRow = typeof files.$inferSelect;

/** A link by its id with the booking it reaches and the name of the booking's main guest. */
export async function selectLink(db: Executor, linkId: string) {
  const [row] = await db
    .select({
      id: bookingLinks.id,
      propertyId: bookingLinks.propertyId,
      bookingId: bookingLinks.bookingId,
      expiresAt: bookingLinks.expiresAt,
      revokedAt: bookingLinks.revokedAt,
      guest: sql<{ id: string; name: string } | null>`(
        select json_build_object('id', c.id, 'name', c.name) from ${bookingGuests} bg
          join ${contacts} c on c.id = bg.contact_id
         where bg.booking_id = ${bookingLinks.bookingId}
         order by bg.is_primary desc, bg.created_at, c.id limit 1)`,
    })
    .from(bookingLinks)
    .innerJoin(bookings, eq(bookings.id, bookingLinks.bookingId))
    .where(and(eq(bookingLinks.id, linkId), isNull(bookings.deletedAt)));
  return row;
}

/** The booking of a portal link with its room and room type; `lock` holds it for a change. */
export async function selectPortalBooking(db: Executor, propertyId: string, bookingId: string, lock = false) {
  const query = db
    .select({
      booking: bookings,
      room: { id: rooms.id, number: rooms.number },
      roomType: roomTypes,
      customerIsDebtor: sql<boolean>`coalesce((
        select c.is_debtor from ${contacts} c where c.id = ${bookings.customerId}), false)`,
    })
    .from(bookings)
    .innerJoin(roomTypes, eq(roomTypes.id, bookings.roomTypeId))
    .leftJoin(rooms, eq(rooms.id, bookings.roomId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.propertyId, propertyId), isNull(bookings.deletedAt)));
  const [row] = lock ? await query.for('update', { of: bookings }) : await query;
  return row;
}

/** The guests of a booking (live contacts), the main guest first. */
export function selectBookingGuests(db: Executor, bookingId: string) {
  return db
    .select({
      contact: contacts,
      isPrimary: bookingGuests.isPrimary,
      isFamilyMember: bookingGuests.isFamilyMember,
    })
    .from(bookingGuests)
    .innerJoin(contacts, eq(contacts.id, bookingGuests.contactId))
    .where(and(eq(bookingGuests.bookingId, bookingId), isNull(contacts.deletedAt)))
    .orderBy(sql`${bookingGuests.isPrimary} desc`, asc(bookingGuests.createdAt), asc(contacts.id));
}

/** The live files (ID documents) of some contacts. */
/** The documents handed in for the booking by its guests (through the link, or by staff for it). */
export function selectContactFileRows(db: Executor, bookingId: string, contactIds: string[]) {
  if (contactIds.length === 0) return Promise.resolve([]);
  return db
    .select({ contactId: contactFiles.contactId, file: files })
    .from(contactFiles)
    .innerJoin(files, eq(files.id, contactFiles.fileId))
    .where(
      and(
        eq(contactFiles.bookingId, bookingId),
        inArray(contactFiles.contactId, contactIds),
        isNull(files.deletedAt),
      ),
    )
    .orderBy(asc(contactFiles.createdAt), asc(files.id));
}

/** A live file of the property by id. */
export async function selectPropertyFile(
  db: Executor,
  propertyId: string,
  fileId: string,
): Promise<TPortalFileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.propertyId, propertyId), isNull(files.deletedAt)));
  return row;
}

/**
 * Whether a file is a document handed in for this booking by one of its guests; never a document the
 * contact keeps from another stay or that staff attached to the contact record.
 */
export async function isBookingGuestFile(db: Executor, bookingId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ fileId: contactFiles.fileId })
    .from(contactFiles)
    .innerJoin(
      bookingGuests,
      and(eq(bookingGuests.contactId, contactFiles.contactId), eq(bookingGuests.bookingId, bookingId)),
    )
    .where(and(eq(contactFiles.bookingId, bookingId), eq(contactFiles.fileId, fileId)))
    .limit(1);
  return row !== undefined;
}

/** Whether the file is the document (PDF) of an invoice over one of the booking's folios. */
export async function isBookingInvoiceFile(
  db: Executor,
  bookingId: string,
  fileId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(folios, eq(folios.id, invoices.folioId))
    .where(and(eq(folios.bookingId, bookingId), eq(invoices.fileId, fileId)))
    .limit(1);
  return row !== undefined;
}

/** Whether any invoice (not a discarded draft) exists over the booking's folios. */
export async function hasBookingInvoices(db: Executor, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(folios, eq(folios.id, invoices.folioId))
    .where(and(eq(folios.bookingId, bookingId), isNull(invoices.deletedAt)))
    .limit(1);
  return row !== undefined;
}

export async function selectGeneralSettings(db: Executor, propertyId: string) {
  const [row] = await db.select().from(generalSettings).where(eq(generalSettings.propertyId, propertyId));
  return row;
}

/** Changes a guest's registration fields on the contact. */
export async function updateContactRegistration(
  db: Executor,
  contactId: string,
  values: Partial<
    Pick<
      TPortalContactRow,
      | 'name'
      | 'gender'
      | 'dateOfBirth'
      | 'nationality'
      | 'address'
      | 'documentType'
      | 'documentNumber'
      | 'documentIssueDate'
      | 'documentIssuingAuthority'
    >
  >,
  now: Date,
): Promise<void> {
  await db
    .update(contacts)
    .set({ ...values, updatedAt: now })
    .where(eq(contacts.id, contactId));
}

export async function updateGuestFamilyMember(
  db: Executor,
  bookingId: string,
  contactId: string,
  isFamilyMember: boolean,
): Promise<void> {
  await db
    .update(bookingGuests)
    .set({ isFamilyMember })
    .where(and(eq(bookingGuests.bookingId, bookingId), eq(bookingGuests.contactId, contactId)));
}

/** Sets (or clears) the booking's signature file. */
export async function setBookingSignature(
  db: Executor,
  bookingId: string,
  fileId: string | null,
  now: Date,
): Promise<void> {
  await db
    .update(bookings)
    .set({ signatureFileId: fileId, updatedAt: now })
    .where(eq(bookings.id, bookingId));
}

/** Stores the signed registration form on the booking. */
export async function setBookingRegistrationFile(
  db: Executor,
  bookingId: string,
  fileId: string,
): Promise<void> {
  await db.update(bookings).set({ registrationFileId: fileId }).where(eq(bookings.id, bookingId));
}

/** Links an ID document uploaded through the booking's link to a guest, for that booking. */
export async function insertGuestFile(
  db: Executor,
  propertyId: string,
  bookingId: string,
  contactId: string,
  fileId: string,
): Promise<void> {
  await db.insert(contactFiles).values({ propertyId, contactId, fileId, bookingId }).onConflictDoNothing();
}

/**
 * The guests confirm the data read from the ID documents they handed in for the booking (decision 194):
 * each document's first confirmation is kept.
 */
export async function confirmGuestFiles(
  db: Executor,
  propertyId: string,
  bookingId: string,
  confirmedAt: Date,
): Promise<void> {
  await db
    .update(contactFiles)
    .set({ confirmedAt })
    .where(
      and(
        eq(contactFiles.propertyId, propertyId),
        eq(contactFiles.bookingId, bookingId),
        isNull(contactFiles.confirmedAt),
      ),
    );
}

/** Unlinks a guest's ID document handed in for the booking; false when there is no such document. */
export async function deleteGuestFile(
  db: Executor,
  bookingId: string,
  contactId: string,
  fileId: string,
): Promise<boolean> {
  const removed = await db
    .delete(contactFiles)
    .where(
      and(
        eq(contactFiles.contactId, contactId),
        eq(contactFiles.fileId, fileId),
        eq(contactFiles.bookingId, bookingId),
      ),
    )
    .returning({ fileId: contactFiles.fileId });
  return removed.length > 0;
}

/** Soft deletes a file's record. */
export async function markFileDeleted(db: Executor, fileId: string, now: Date): Promise<void> {
  await db.update(files).set({ deletedAt: now }).where(eq(files.id, fileId));
}

/** The files a booking's guest handed in or the check-in made: signature, registration form. */
export async function isBookingOwnFile(db: Executor, bookingId: string, fileId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.id, bookingId),
        or(eq(bookings.signatureFileId, fileId), eq(bookings.registrationFileId, fileId)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** An invoice over one of the booking's folios (not a discarded draft). */
export async function selectBookingInvoice(db: Executor, bookingId: string, invoiceId: string) {
  const [row] = await db
    .select({
      id: invoices.id,
      folioId: invoices.folioId,
      status: invoices.status,
      cancels: invoices.cancels,
      customerId: invoices.customerId,
      recipientCompany: invoices.recipientCompany,
      recipientVatId: invoices.recipientVatId,
      billingAddress: invoices.billingAddress,
      additionalText: invoices.additionalText,
    })
    .from(invoices)
    .innerJoin(folios, eq(folios.id, invoices.folioId))
    .where(and(eq(invoices.id, invoiceId), eq(folios.bookingId, bookingId), isNull(invoices.deletedAt)));
  return row;
}

/** The customer of a booking. */
export async function selectBookingCustomerId(db: Executor, bookingId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: bookings.customerId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row?.customerId ?? null;
}

/** Whether an invoice of the booking was canceled already. */
export async function hasCanceledBookingInvoice(db: Executor, bookingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .innerJoin(folios, eq(folios.id, invoices.folioId))
    .where(and(eq(folios.bookingId, bookingId), eq(invoices.status, 'canceled'), isNull(invoices.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/** The booking's link as staff see its state: the live one, else the newest revoked one. */
export async function selectLatestBookingLink(db: Executor, bookingId: string) {
  const [row] = await db
    .select({ expiresAt: bookingLinks.expiresAt, revokedAt: bookingLinks.revokedAt })
    .from(bookingLinks)
    .where(eq(bookingLinks.bookingId, bookingId))
    .orderBy(sql`${bookingLinks.revokedAt} is null desc`, sql`${bookingLinks.createdAt} desc`)
    .limit(1);
  return row;
}
