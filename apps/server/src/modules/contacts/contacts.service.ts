import type { z } from 'zod';
import type { ZCreateContactRequest } from '@pms/contract';
import {
  parseExpand,
  type TContact,
  type TContactDocument,
  type TContactBooking,
  type TInvoiceSummary,
  type TContactListQuery,
  type TFile,
  type TPageQuery,
  type TPaged,
  type TPatchContactRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { changedFields, recordEvent } from '../../lib/events.ts';
import { toRecord } from '../../lib/records.ts';
import { findOwned } from '../../db/owned-records.ts';
import { requireAccess, type TActor, type TRoleActor } from '../../actor.ts';
import { findRateReference } from '../base-data/index.ts';
import { getFile, toFile } from '../files/index.ts';
import {
  deleteContactFile,
  hasBookingNotCanceled,
  insertContactFile,
  isGuestOfBooking,
  insertContactRow,
  markContactDeleted,
  selectContactBookingPage,
  selectContactFiles,
  selectContactInvoicePage,
  selectContactPage,
  selectContactsByIds,
  updateContactRow,
  type TContactRow,
} from './contacts.queries.ts';
import { toInvoiceSummary } from '../../lib/invoice-summary.ts';

type TRateReference = NonNullable<TContact['defaultRate']>;

/** A contact row as the API sends it; the default rate only when it was asked for. */
export function toContact(row: TContactRow, defaultRate?: TRateReference | null): TContact {
  const communication = {
    email: row.email,
    invoiceEmail: row.invoiceEmail,
    phone: row.phone,
    website: row.website,
  };
  return {
    ...toRecord(row),
    type: row.type as TContact['type'],
    gender: row.gender as TContact['gender'],
    name: row.name,
    ...communication,
    language: row.language as TContact['language'],
    dateOfBirth: row.dateOfBirth,
    nationality: row.nationality,
    address: row.address,
    company: row.company,
    defaultRateId: row.defaultRateId,
    ...(defaultRate !== undefined ? { defaultRate } : {}),
    isDebtor: row.isDebtor,
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    documentIssueDate: row.documentIssueDate,
    documentIssuingAuthority: row.documentIssuingAuthority,
    communication,
  };
}

/** A live contact of the caller's property; any other answers 404. */
export async function findContact(db: Executor, actor: TRoleActor, id: string): Promise<TContactRow> {
  return findOwned(db, contacts, actor.propertyId, id, 'contact');
}

/** The contacts of the caller's property with the given ids (a group's customers, for instance). */
export function findContactsByIds(db: Executor, actor: TRoleActor, ids: string[]): Promise<TContactRow[]> {
  return selectContactsByIds(db, actor.propertyId, ids);
}

async function assertRateOfProperty(
  db: Executor,
  actor: TRoleActor,
  rateId: string | null | undefined,
): Promise<void> {
  if (rateId && !(await findRateReference(db, actor.propertyId, rateId))) throw notFound('rate');
}

/** The columns a request sets; an empty e-mail field means no address. */
function toColumns<TInput extends TPatchContactRequest>(input: TInput) {
  const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);
  return { ...input, email: blankToNull(input.email), invoiceEmail: blankToNull(input.invoiceEmail) };
}

export function recordContactEvent(
  db: Executor,
  actor: TRoleActor,
  contactId: string,
  type: string,
  data?: Record<string, unknown>,
) {
  return recordEvent(db, {
    propertyId: actor.propertyId,
    actor,
    objectType: 'contact',
    objectId: contactId,
    type,
    data,
  });
}

export function listContacts(
  ctx: AppContext,
  actor: TActor,
  query: TContactListQuery,
): Promise<TPaged<TContact>> {
  requireAccess(actor, 'contacts', 'read');
  const { db } = ctx;
  return selectContactPage(db, actor.propertyId, query, (row) => toContact(row));
}

/**
 * Creates a contact with its `created` event in the caller's transaction: every new contact (on the
 * contacts screen, as a booking's customer or guest) is made here. Its e-mail address must be free
 * among the property's contacts.
 */
export async function insertContact(
  tx: Executor,
  actor: TRoleActor,
  input: z.output<typeof ZCreateContactRequest>,
): Promise<TContactRow> {
  const data = input;
  await assertRateOfProperty(tx, actor, data.defaultRateId);
  const row = await insertContactRow(tx, { propertyId: actor.propertyId, ...toColumns(data) });
  await recordContactEvent(tx, actor, row.id, 'created');
  return row;
}

/** Creates a contact in a transaction of its own. */
export async function createContact(
  ctx: AppContext,
  actor: TActor,
  input: z.output<typeof ZCreateContactRequest>,
): Promise<TContact> {
  requireAccess(actor, 'contacts', 'write');
  const { db } = ctx;
  return db.transaction(async (tx) => toContact(await insertContact(tx, actor, input)));
}

export async function getContact(
  ctx: AppContext,
  actor: TActor,
  id: string,
  expand?: string,
): Promise<TContact> {
  requireAccess(actor, 'contacts', 'read');
  const { db } = ctx;
  const row = await findContact(db, actor, id);
  if (!parseExpand(expand).has('defaultRate')) return toContact(row);
  return toContact(
    row,
    row.defaultRateId ? await findRateReference(db, actor.propertyId, row.defaultRateId) : null,
  );
}

/** Changes the fields given (PUT sends all of them) and records which ones changed. */
export async function updateContact(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TPatchContactRequest,
): Promise<TContact> {
  requireAccess(actor, 'contacts', 'write');
  const { db } = ctx;
  await assertRateOfProperty(db, actor, input.defaultRateId);
  return db.transaction(async (tx) => {
    const before = await findContact(tx, actor, id);
    const columns = toColumns(input);
    // An empty PATCH has nothing to write.
    if (Object.values(columns).every((value) => value === undefined)) return toContact(before);
    const row = await updateContactRow(tx, actor.propertyId, id, columns);
    const fields = changedFields(before, row!, Object.keys(input));
    if (fields.length > 0) await recordContactEvent(tx, actor, id, 'updated', { changed: fields });
    return toContact(row!);
  });
}

/** Deletes a contact (softly); refused while it is the customer or a guest of a booking not canceled. */
export async function deleteContact(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'contacts', 'write');
  const { db } = ctx;
  await db.transaction(async (tx) => {
    await findContact(tx, actor, id);
    if (await hasBookingNotCanceled(tx, id))
      throw new AppError('base_data/in_use', 'the contact is the customer or a guest of a booking');
    await markContactDeleted(tx, id, ctx.clock.now());
    await recordContactEvent(tx, actor, id, 'deleted');
  });
}

/** A contact's bookings, latest stay first: as the customer, or else as a guest. */
export async function listContactBookings(
  ctx: AppContext,
  actor: TActor,
  id: string,
  page: TPageQuery,
): Promise<TPaged<TContactBooking>> {
  requireAccess(actor, 'contacts', 'read');
  const { db } = ctx;
  await findContact(db, actor, id);
  return selectContactBookingPage(db, actor.propertyId, id, page, ({ customerId, ...booking }) => ({
    ...booking,
    status: booking.status,
    role: customerId === id ? ('customer' as const) : ('guest' as const),
  }));
}

/** The invoices addressed to a contact, newest first. */
export async function listContactInvoices(
  ctx: AppContext,
  actor: TActor,
  id: string,
  page: TPageQuery,
): Promise<TPaged<TInvoiceSummary>> {
  requireAccess(actor, 'contacts', 'read');
  const { db } = ctx;
  await findContact(db, actor, id);
  return selectContactInvoicePage(db, actor.propertyId, id, page, toInvoiceSummary);
}

/** A contact's documents (ID scans and the like), in the order they were added. */
export async function listContactFiles(
  ctx: AppContext,
  actor: TActor,
  id: string,
): Promise<TContactDocument[]> {
  requireAccess(actor, 'contacts', 'read');
  const { db } = ctx;
  await findContact(db, actor, id);
  const rows = await selectContactFiles(db, id);
  return rows.map((row) => ({
    ...toFile(row.file),
    stay: row.stay,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  }));
}

/** Adds an uploaded file of the property to a contact's documents; adding it twice changes nothing. */
export async function linkContactFile(
  ctx: AppContext,
  actor: TActor,
  id: string,
  fileId: string,
  bookingId?: string,
): Promise<TFile> {
  requireAccess(actor, 'contacts', 'write');
  const file = await getFile(ctx, actor, fileId);
  await ctx.db.transaction(async (tx) => {
    await findContact(tx, actor, id);
    if (bookingId && !(await isGuestOfBooking(tx, actor.propertyId, bookingId, id)))
      throw notFound('booking');
    const isLinked = await insertContactFile(tx, actor.propertyId, id, fileId, bookingId ?? null);
    if (isLinked)
      await recordContactEvent(tx, actor, id, 'updated', {
        changed: ['documents'],
        documentAdded: fileId,
        bookingId: bookingId ?? null,
      });
  });
  return file;
}

/** Removes a file from a contact's documents; the file itself stays. */
export async function unlinkContactFile(
  ctx: AppContext,
  actor: TActor,
  id: string,
  fileId: string,
): Promise<void> {
  requireAccess(actor, 'contacts', 'write');
  const { db } = ctx;
  await db.transaction(async (tx) => {
    await findContact(tx, actor, id);
    const isRemoved = await deleteContactFile(tx, id, fileId);
    if (!isRemoved) throw notFound('file');
    await recordContactEvent(tx, actor, id, 'updated', { changed: ['documents'], documentRemoved: fileId });
  });
}
