import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { TErasureKept, TPersonalDataExportEntry, TPersonalDataExportStatus } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { anonymisedName } from '../../lib/retention.ts';
import {
  bookingGuests,
  bookings,
  contactFiles,
  contacts,
  erasures,
  events,
  files,
  folios,
  invoices,
  mailMessages,
  notes,
  personalDataExports,
  rooms,
  users,
} from '../../db/schema/index.ts';

export type TErasureRow = typeof erasures.$inferSelect;
export type TExportRow = typeof personalDataExports.$inferSelect & { requestedByName: string | null };

/**
 * The stays that name the person: as a guest or as the booking's customer, with how many guests each
 * has (a registration form of several guests names the others too).
 */
export function selectPersonStays(db: Executor, propertyId: string, contactId: string) {
  return db
    .select({
      booking: bookings,
      roomNumber: rooms.number,
      isGuest: sql<boolean>`exists (select 1 from booking_guests bg
        where bg.booking_id = ${bookings.id} and bg.contact_id = ${contactId})`,
      isPrimary: sql<boolean>`coalesce((select bg.is_primary from booking_guests bg
        where bg.booking_id = ${bookings.id} and bg.contact_id = ${contactId}), false)`,
      otherGuests: sql<number>`(select count(*) from booking_guests bg
        where bg.booking_id = ${bookings.id} and bg.contact_id <> ${contactId})::int`,
    })
    .from(bookings)
    .leftJoin(rooms, eq(rooms.id, bookings.roomId))
    .where(
      and(
        eq(bookings.propertyId, propertyId),
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
      ),
    )
    .orderBy(asc(bookings.checkIn), asc(bookings.id));
}

/** The invoices addressed to the person (drafts included). */
export function selectPersonInvoices(db: Executor, propertyId: string, contactId: string) {
  return db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.propertyId, propertyId),
        eq(invoices.customerId, contactId),
        isNull(invoices.deletedAt),
      ),
    )
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
}

/** The e-mails sent to any of the person's addresses. */
export function selectMessagesTo(db: Executor, propertyId: string, addresses: readonly string[]) {
  if (addresses.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.propertyId, propertyId),
        inArray(
          sql`lower(${mailMessages.toAddress})`,
          addresses.map((address) => address.toLowerCase()),
        ),
      ),
    )
    .orderBy(asc(mailMessages.createdAt), asc(mailMessages.id));
}

/** The audit events of the contact and of the bookings given (those the person booked or leads). */
export function selectPersonEvents(
  db: Executor,
  propertyId: string,
  contactId: string,
  bookingIds: readonly string[],
) {
  const objects = [
    and(eq(events.objectType, 'contact'), eq(events.objectId, contactId)),
    ...(bookingIds.length > 0
      ? [and(eq(events.objectType, 'booking'), inArray(events.objectId, [...bookingIds]))]
      : []),
  ];
  return db
    .select()
    .from(events)
    .where(and(eq(events.propertyId, propertyId), or(...objects)))
    .orderBy(asc(events.createdAt), asc(events.id));
}

export function selectContactNotes(db: Executor, propertyId: string, contactId: string) {
  return db
    .select()
    .from(notes)
    .where(
      and(
        eq(notes.propertyId, propertyId),
        eq(notes.objectType, 'contact'),
        eq(notes.objectId, contactId),
        isNull(notes.deletedAt),
      ),
    )
    .orderBy(asc(notes.createdAt));
}

/** The contact's documents (ID pictures and whatever else staff filed under them), live or not. */
export function selectContactDocumentFiles(db: Executor, contactId: string) {
  return db
    .select({ file: files, bookingId: contactFiles.bookingId })
    .from(contactFiles)
    .innerJoin(files, eq(files.id, contactFiles.fileId))
    .where(eq(contactFiles.contactId, contactId))
    .orderBy(asc(contactFiles.createdAt), asc(files.id));
}

export function selectLiveFiles(db: Executor, propertyId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(files)
    .where(and(eq(files.propertyId, propertyId), inArray(files.id, [...ids]), isNull(files.deletedAt)));
}

/**
 * The contact to erase, locked; deleted ones too (a deleted contact's data is still there). None for
 * a tombstone of a contact a restored backup never had.
 */
export async function lockContact(db: Executor, propertyId: string, contactId: string) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.propertyId, propertyId), eq(contacts.id, contactId)))
    .for('update');
  return row;
}

/**
 * Of the property's contacts among `contactIds` (tombstones read at a start), those to erase: with no
 * erasure row, or carrying anything that names a person again (a restored backup brings both back).
 */
export async function selectContactsToErase(
  db: Executor,
  propertyId: string,
  contactIds: readonly string[],
): Promise<string[]> {
  if (contactIds.length === 0) return [];
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(
        eq(contacts.propertyId, propertyId),
        inArray(contacts.id, [...contactIds]),
        or(
          sql`not exists (select 1 from erasures e
                where e.contact_id = ${contacts.id} and e.property_id = ${contacts.propertyId})`,
          ne(contacts.name, anonymisedName),
          sql`${contacts.email} is not null`,
          sql`${contacts.phone} is not null`,
          sql`${contacts.dateOfBirth} is not null`,
          sql`${contacts.documentNumber} is not null`,
          sql`exists (select 1 from contact_files cf where cf.contact_id = ${contacts.id})`,
        ),
      ),
    );
  return rows.map((row) => row.id);
}

export async function deleteContactDocumentLinks(db: Executor, contactId: string): Promise<void> {
  await db.delete(contactFiles).where(eq(contactFiles.contactId, contactId));
}

export async function deleteContactNotes(db: Executor, propertyId: string, contactId: string, now: Date) {
  await db
    .update(notes)
    .set({ deletedAt: now })
    .where(
      and(eq(notes.propertyId, propertyId), eq(notes.objectType, 'contact'), eq(notes.objectId, contactId)),
    );
}

/** Clears an e-mail's address and text (the message stays counted in the outbox). */
export async function anonymiseMessages(db: Executor, propertyId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db
    .update(mailMessages)
    .set({ toAddress: anonymisedName, subject: anonymisedName, text: '', raw: '' })
    .where(and(eq(mailMessages.propertyId, propertyId), inArray(mailMessages.id, [...ids])));
}

/** A draft invoice is no document yet: its recipient is cleared like the contact. */
export async function anonymiseDraftInvoices(db: Executor, propertyId: string, contactId: string) {
  await db
    .update(invoices)
    .set({ recipient: anonymisedName, recipientCompany: null, recipientVatId: null, billingAddress: {} })
    .where(
      and(
        eq(invoices.propertyId, propertyId),
        eq(invoices.customerId, contactId),
        eq(invoices.status, 'draft'),
      ),
    );
}

/** A split folio labelled with the person's name loses the label. */
export async function clearFolioNames(db: Executor, propertyId: string, contactId: string, name: string) {
  await db
    .update(folios)
    .set({ name: null })
    .where(and(eq(folios.propertyId, propertyId), eq(folios.customerId, contactId), eq(folios.name, name)));
}

export async function selectErasure(db: Executor, propertyId: string, contactId: string) {
  const [row] = await db
    .select()
    .from(erasures)
    .where(and(eq(erasures.propertyId, propertyId), eq(erasures.contactId, contactId)));
  return row;
}

/** Writes the erasure's tombstone once; a repeated erasure (a restore re-applied) keeps the first. */
export async function insertErasure(
  db: Executor,
  values: typeof erasures.$inferInsert,
): Promise<TErasureRow> {
  await db.insert(erasures).values(values).onConflictDoNothing();
  return (await selectErasure(db, values.propertyId, values.contactId))!;
}

export async function updateErasure(
  db: Executor,
  id: string,
  values: { kept: TErasureKept[]; deletedFiles: number },
) {
  await db.update(erasures).set(values).where(eq(erasures.id, id));
}

const exportColumns = { ...getTableColumns(personalDataExports), requestedByName: users.name };

export async function insertExport(db: Executor, values: typeof personalDataExports.$inferInsert) {
  const [row] = await db.insert(personalDataExports).values(values).returning({ id: personalDataExports.id });
  return row!.id;
}

export async function selectExport(
  db: Executor,
  propertyId: string,
  id: string,
): Promise<TExportRow | undefined> {
  const [row] = await db
    .select(exportColumns)
    .from(personalDataExports)
    .leftJoin(users, eq(users.id, personalDataExports.requestedBy))
    .where(and(eq(personalDataExports.propertyId, propertyId), eq(personalDataExports.id, id)));
  return row;
}

export function selectContactExports(
  db: Executor,
  propertyId: string,
  contactId: string,
): Promise<TExportRow[]> {
  return db
    .select(exportColumns)
    .from(personalDataExports)
    .leftJoin(users, eq(users.id, personalDataExports.requestedBy))
    .where(and(eq(personalDataExports.propertyId, propertyId), eq(personalDataExports.contactId, contactId)))
    .orderBy(desc(personalDataExports.createdAt))
    .limit(20);
}

export async function updateExport(
  db: Executor,
  id: string,
  values: {
    status?: TPersonalDataExportStatus;
    progress?: number;
    storageKey?: string | null;
    size?: number | null;
    entries?: TPersonalDataExportEntry[];
    expiresAt?: Date | null;
  },
) {
  await db.update(personalDataExports).set(values).where(eq(personalDataExports.id, id));
}

/** Ends a person's exports (an erasure): their ZIPs' storage keys, to delete once that commits. */
export async function endContactExports(
  db: Executor,
  propertyId: string,
  contactId: string,
): Promise<string[]> {
  const open = and(
    eq(personalDataExports.propertyId, propertyId),
    eq(personalDataExports.contactId, contactId),
    ne(personalDataExports.status, 'expired'),
  );
  const rows = await db
    .select({ storageKey: personalDataExports.storageKey })
    .from(personalDataExports)
    .where(open)
    .for('update');
  await db.update(personalDataExports).set({ status: 'expired', storageKey: null, size: null }).where(open);
  return rows.map((row) => row.storageKey).filter((key): key is string => !!key);
}

/** Done exports whose link has expired, with their files: taken, so that two instances do not both. */
export function selectExpiredExports(db: Executor, now: Date) {
  return db
    .select({
      id: personalDataExports.id,
      propertyId: personalDataExports.propertyId,
      storageKey: personalDataExports.storageKey,
    })
    .from(personalDataExports)
    .where(and(eq(personalDataExports.status, 'done'), lt(personalDataExports.expiresAt, now)))
    .limit(100)
    .for('update', { skipLocked: true });
}
