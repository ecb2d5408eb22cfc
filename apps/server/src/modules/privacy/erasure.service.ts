import { todayIn, type TErasure, type TErasureKept } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { requireAccess, systemActor, type TActor } from '../../actor.ts';
import { notFound } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { findProperty } from '../../lib/properties.ts';
import {
  addPeriod,
  isHeld,
  retentionEnd,
  type TRecordDates,
  type TRetentionRule,
} from '../../lib/retention.ts';
import { findOwnedContact } from '../contacts/index.ts';
import { discardFiles, removeStoredFiles } from '../files/index.ts';
import { anonymiseContacts, clearRegistrationFiles, listRetentionRules } from '../retention/index.ts';
import {
  anonymiseDraftInvoices,
  anonymiseMessages,
  clearFolioNames,
  deleteContactDocumentLinks,
  deleteContactNotes,
  endContactExports,
  insertErasure,
  lockContact,
  selectContactDocumentFiles,
  selectContactsToErase,
  selectErasure,
  selectMessagesTo,
  selectPersonInvoices,
  selectPersonStays,
  updateErasure,
  type TErasureRow,
} from './privacy.queries.ts';
import { readTombstones, writeTombstone } from './tombstones.ts';

function toErasure(row: TErasureRow, erasedByName: string | null): TErasure {
  return {
    id: row.id,
    contactId: row.contactId,
    erasedAt: row.erasedAt.toISOString(),
    kept: row.kept,
    deletedFiles: row.deletedFiles,
    erasedBy: erasedByName,
  };
}

/** The rule of a record kind, and what it says about a record with these dates. */
function ruleFor(rules: readonly TRetentionRule[], record: TRetentionRule['record']) {
  const rule = rules.find((candidate) => candidate.record === record);
  return {
    reference: rule?.reference ?? '',
    /** The last day the rule holds the record: the day before it may go. */
    until: (dates: TRecordDates) => {
      const end = rule ? retentionEnd(rule, dates) : null;
      return end ? addPeriod(end.from, { years: 0, months: 0, days: -1 }) : null;
    },
    holds: (dates: TRecordDates, today: string) => (rule ? isHeld(rule, dates, today) : false),
  };
}

/**
 * Anonymises one person in the caller's transaction: the contact (every guest record of the person
 * points at it), their documents and e-mails; what a retention rule still holds stays as it is (issued
 * invoices with their PDF and XML, a registration form inside its period, the e-mails of those
 * invoices). Answers the tombstone and the storage keys to delete once the transaction commits.
 */
async function applyErasure(
  ctx: AppContext,
  tx: Executor,
  actor: TActor,
  contactId: string,
): Promise<{ erasure: TErasureRow; storageKeys: string[] }> {
  const { propertyId } = actor;
  const contact = await lockContact(tx, propertyId, contactId);
  if (!contact) throw notFound('contact');
  const property = await findProperty(tx, propertyId);
  const now = ctx.clock.now();
  const today = todayIn(property.timeZone, now);
  const rules = await listRetentionRules(tx, propertyId);
  const accounting = ruleFor(rules, 'accounting_record');
  const registration = ruleFor(rules, 'registration_form');
  const kept: TErasureKept[] = [];

  const heldInvoices = new Map<string, string>();
  for (const invoice of await selectPersonInvoices(tx, propertyId, contactId)) {
    if (invoice.status === 'draft' || !invoice.number || !invoice.issuedAt) continue;
    heldInvoices.set(invoice.id, invoice.number);
    const entry = todayIn(property.timeZone, invoice.issuedAt);
    kept.push({
      record: 'invoice',
      id: invoice.id,
      label: invoice.number,
      reference: accounting.reference,
      heldUntil: accounting.until({ entry }),
    });
  }

  const discarded: string[] = [];
  const clearedStays: string[] = [];
  for (const { booking } of (await selectPersonStays(tx, propertyId, contactId)).filter(
    (stay) => stay.isGuest,
  )) {
    const fileIds = [booking.registrationFileId, booking.signatureFileId].filter((id): id is string => !!id);
    if (fileIds.length === 0) continue;
    const dates = {
      entry: todayIn(property.timeZone, booking.checkedInAt ?? booking.createdAt),
      arrival: booking.checkIn,
    };
    if (registration.holds(dates, today)) {
      kept.push({
        record: 'registration_form',
        id: booking.id,
        label: booking.code,
        reference: registration.reference,
        heldUntil: registration.until(dates),
      });
    } else {
      discarded.push(...fileIds);
      clearedStays.push(booking.id);
    }
  }
  await clearRegistrationFiles(tx, propertyId, clearedStays);

  discarded.push(...(await selectContactDocumentFiles(tx, contactId)).map(({ file }) => file.id));
  await deleteContactDocumentLinks(tx, contactId);

  const addresses = [contact.email, contact.invoiceEmail].filter((address): address is string => !!address);
  const messages = await selectMessagesTo(tx, propertyId, addresses);
  const invoiceMessages = messages.filter(
    (message) => message.invoiceId && heldInvoices.has(message.invoiceId),
  );
  for (const message of invoiceMessages)
    kept.push({
      record: 'message',
      id: message.id,
      label: heldInvoices.get(message.invoiceId!)!,
      reference: accounting.reference,
      heldUntil: kept.find((entry) => entry.id === message.invoiceId)?.heldUntil ?? null,
    });
  await anonymiseMessages(
    tx,
    propertyId,
    messages.filter((message) => !invoiceMessages.includes(message)).map((message) => message.id),
  );

  await anonymiseDraftInvoices(tx, propertyId, contactId);
  await clearFolioNames(tx, propertyId, contactId, contact.name);
  await deleteContactNotes(tx, propertyId, contactId, now);
  await anonymiseContacts(tx, propertyId, [contactId]);
  const storageKeys = await discardFiles(ctx, tx, propertyId, discarded);
  // An export made before holds everything the erasure removes: it goes too.
  const exportKeys = await endContactExports(tx, propertyId, contactId);

  const erasedBy = actor.kind === 'user' ? actor.id : null;
  const erasure = await insertErasure(tx, {
    propertyId,
    contactId,
    erasedAt: now,
    erasedBy,
    kept,
    deletedFiles: 0,
  });
  const deletedFiles = erasure.deletedFiles + storageKeys.length;
  await updateErasure(tx, erasure.id, { kept, deletedFiles });
  await recordEvent(tx, {
    propertyId,
    actor,
    objectType: 'contact',
    objectId: contactId,
    type: 'personal_data_erased',
    data: { erasureId: erasure.id, kept: kept.length, deletedFiles: storageKeys.length },
  });
  return { erasure: { ...erasure, kept, deletedFiles }, storageKeys: [...storageKeys, ...exportKeys] };
}

/** Erases a person's data (GDPR Art. 17), keeping what a retention rule still holds. Admins only. */
export async function erasePersonalData(
  ctx: AppContext,
  actor: TActor,
  contactId: string,
): Promise<TErasure> {
  requireAccess(actor, 'privacy', 'write');
  await findOwnedContact(ctx.db, actor.propertyId, contactId);
  // The tombstone goes to the file store first: should the database part fail, the next start erases
  // the person anyway, as was asked; the other way round a restore could bring them back.
  await writeTombstone(ctx, actor.propertyId, contactId, ctx.clock.now());
  const { erasure, storageKeys } = await ctx.db.transaction((tx) => applyErasure(ctx, tx, actor, contactId));
  await removeStoredFiles(ctx, storageKeys);
  return toErasure(erasure, actor.name);
}

/** A contact's erasure, if their data was erased. */
export async function getErasure(
  ctx: AppContext,
  actor: TActor,
  contactId: string,
): Promise<TErasure | null> {
  requireAccess(actor, 'privacy', 'read');
  await findOwnedContact(ctx.db, actor.propertyId, contactId);
  const row = await selectErasure(ctx.db, actor.propertyId, contactId);
  return row ? toErasure(row, null) : null;
}

/**
 * Erases again everyone the file store's tombstones name whose data the database holds once more (a
 * backup from before the erasure restored): run at every start. Answers how many were erased again.
 */
export async function reapplyErasures(ctx: AppContext): Promise<number> {
  const byProperty = new Map<string, string[]>();
  for (const { propertyId, contactId } of await readTombstones(ctx))
    byProperty.set(propertyId, [...(byProperty.get(propertyId) ?? []), contactId]);
  let count = 0;
  for (const [propertyId, contactIds] of byProperty) {
    const actor = systemActor(propertyId, 'privacy.reapply_erasures');
    for (let start = 0; start < contactIds.length; start += 1000) {
      for (const contactId of await selectContactsToErase(
        ctx.db,
        propertyId,
        contactIds.slice(start, start + 1000),
      )) {
        const applied = await ctx.db.transaction((tx) => applyErasure(ctx, tx, actor, contactId));
        await removeStoredFiles(ctx, applied.storageKeys);
        count += 1;
      }
    }
  }
  return count;
}
