import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import type { TMailMessageListQuery, TMailTemplateKind, TLanguage } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import {
  bookingGuests,
  bookingLinks,
  bookings,
  contacts,
  files,
  generalSettings,
  invoices,
  mailMessages,
  mailTemplates,
} from '../../db/schema/index.ts';
import { selectPage } from '../../db/paging.ts';

export type TMailMessageRow = typeof mailMessages.$inferSelect;
export type TMailTemplateRow = typeof mailTemplates.$inferSelect;
export type TMailContact = { id: string; name: string; email: string | null; language: string | null };

const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  language: contacts.language,
};

/** A live booking of the property with what its e-mails say. */
export async function selectMailBooking(db: Executor, propertyId: string, bookingId: string) {
  const [booking] = await db
    .select({
      id: bookings.id,
      code: bookings.code,
      status: bookings.status,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      customerId: bookings.customerId,
    })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.propertyId, propertyId), isNull(bookings.deletedAt)));
  return booking;
}

export async function selectContact(db: Executor, contactId: string): Promise<TMailContact | undefined> {
  const [contact] = await db.select(contactColumns).from(contacts).where(eq(contacts.id, contactId));
  return contact;
}

/** The booking's primary guest, else its first. */
export async function selectMainGuest(db: Executor, bookingId: string): Promise<TMailContact | undefined> {
  const [guest] = await db
    .select(contactColumns)
    .from(bookingGuests)
    .innerJoin(contacts, eq(contacts.id, bookingGuests.contactId))
    .where(eq(bookingGuests.bookingId, bookingId))
    .orderBy(desc(bookingGuests.isPrimary), asc(bookingGuests.createdAt))
    .limit(1);
  return guest;
}

export async function selectBookingLink(db: Executor, bookingId: string, linkId: string) {
  const [link] = await db
    .select()
    .from(bookingLinks)
    .where(and(eq(bookingLinks.id, linkId), eq(bookingLinks.bookingId, bookingId)));
  return link;
}

/** The booking's newest link that is not revoked. */
export async function selectCurrentBookingLink(db: Executor, bookingId: string) {
  const [link] = await db
    .select()
    .from(bookingLinks)
    .where(and(eq(bookingLinks.bookingId, bookingId), isNull(bookingLinks.revokedAt)))
    .orderBy(desc(bookingLinks.createdAt))
    .limit(1);
  return link;
}

export async function selectLinkEmailSettings(db: Executor, propertyId: string) {
  const [settings] = await db
    .select({ subject: generalSettings.linkEmailSubject, text: generalSettings.linkEmailBody })
    .from(generalSettings)
    .where(eq(generalSettings.propertyId, propertyId));
  return settings;
}

/** A live invoice of the property with what its e-mail says. */
export async function selectMailInvoice(db: Executor, propertyId: string, invoiceId: string) {
  const [invoice] = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      status: invoices.status,
      totalAmount: invoices.totalAmount,
      bookingId: invoices.bookingId,
      customerId: invoices.customerId,
      serviceFrom: invoices.serviceFrom,
      serviceTo: invoices.serviceTo,
      recipient: invoices.recipient,
      fileId: invoices.fileId,
    })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.propertyId, propertyId), isNull(invoices.deletedAt)));
  return invoice;
}

export async function selectInvoiceEmail(db: Executor, contactId: string) {
  const [contact] = await db
    .select({ invoiceEmail: contacts.invoiceEmail })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  return contact?.invoiceEmail ?? null;
}

/** An invoice's stored document, once it is there. */
export async function selectInvoiceDocument(db: Executor, invoiceId: string) {
  const [document] = await db
    .select({ id: files.id, storageKey: files.storageKey, mimeType: files.mimeType })
    .from(invoices)
    .innerJoin(files, and(eq(files.id, invoices.fileId), isNull(files.deletedAt)))
    .where(eq(invoices.id, invoiceId));
  return document;
}

/** One of the property's stored files, while it is there (a reminder's letter). */
export async function selectStoredFile(db: Executor, propertyId: string, fileId: string) {
  const [file] = await db
    .select({ id: files.id, storageKey: files.storageKey, mimeType: files.mimeType })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.propertyId, propertyId), isNull(files.deletedAt)));
  return file;
}

/** The property's logo file, while it is there. */
export async function selectLogoFile(db: Executor, propertyId: string, fileId: string) {
  const [file] = await db
    .select({ storageKey: files.storageKey })
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.propertyId, propertyId), isNull(files.deletedAt)));
  return file;
}

export function selectMailTemplates(db: Executor, propertyId: string): Promise<TMailTemplateRow[]> {
  return db
    .select()
    .from(mailTemplates)
    .where(and(eq(mailTemplates.propertyId, propertyId), isNull(mailTemplates.deletedAt)));
}

export async function selectMailTemplate(
  db: Executor,
  propertyId: string,
  kind: TMailTemplateKind,
  language: TLanguage,
): Promise<TMailTemplateRow | undefined> {
  const [row] = await db
    .select()
    .from(mailTemplates)
    .where(
      and(
        eq(mailTemplates.propertyId, propertyId),
        eq(mailTemplates.kind, kind),
        eq(mailTemplates.language, language),
        isNull(mailTemplates.deletedAt),
      ),
    );
  return row;
}

/** Saves a property's template of a kind and language, replacing the one it had. */
export async function upsertMailTemplate(
  db: Executor,
  values: { propertyId: string; kind: TMailTemplateKind; language: TLanguage; subject: string; text: string },
  now: Date,
): Promise<TMailTemplateRow> {
  const [row] = await db
    .insert(mailTemplates)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [mailTemplates.propertyId, mailTemplates.kind, mailTemplates.language],
      set: { subject: values.subject, text: values.text, updatedAt: now, deletedAt: null },
    })
    .returning();
  return row!;
}

export async function insertMailMessage(
  db: Executor,
  values: typeof mailMessages.$inferInsert,
): Promise<TMailMessageRow> {
  const [row] = await db.insert(mailMessages).values(values).returning();
  return row!;
}

/** A page of the property's outbox; team invitations are the invited account's, not the property's. */
export function selectMailMessagePage<T>(
  db: Executor,
  propertyId: string,
  query: TMailMessageListQuery,
  map: (row: TMailMessageRow) => T,
) {
  return selectPage(
    db,
    mailMessages,
    and(
      eq(mailMessages.propertyId, propertyId),
      isNull(mailMessages.deletedAt),
      ne(mailMessages.kind, 'team_invitation'),
      query.bookingId ? eq(mailMessages.bookingId, query.bookingId) : undefined,
      query.invoiceId ? eq(mailMessages.invoiceId, query.invoiceId) : undefined,
      query.status ? eq(mailMessages.status, query.status) : undefined,
    ),
    [desc(mailMessages.createdAt), desc(mailMessages.id)],
    query,
    map,
  );
}

/** A message by id alone; the caller checks its property. */
export async function selectMailMessage(db: Executor, id: string): Promise<TMailMessageRow | undefined> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  return row;
}

/** A message by id alone, locked: the send job's look-up, which knows no property beforehand. */
export async function lockMailMessage(db: Executor, id: string): Promise<TMailMessageRow | undefined> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id)).for('update');
  return row;
}

export async function updateMailMessage(
  db: Executor,
  id: string,
  changes: Partial<Omit<TMailMessageRow, 'id' | 'propertyId' | 'createdAt'>>,
): Promise<TMailMessageRow> {
  const [row] = await db.update(mailMessages).set(changes).where(eq(mailMessages.id, id)).returning();
  return row!;
}
