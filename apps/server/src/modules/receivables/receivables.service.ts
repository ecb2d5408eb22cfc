import type { Readable } from 'node:stream';
import {
  agingBucket,
  agingBuckets,
  daysBetween,
  filePurposes,
  nextReminder,
  reminderPayBy,
  todayIn,
  type TCreateReminderRequest,
  type TEvent,
  type TFile,
  type TInvoice,
  type TInvoicePaymentRequest,
  type TInvoiceReminder,
  type TReceivables,
  type TReceivablesQuery,
  type TReminderLevel,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { findProperty } from '../../lib/properties.ts';
import { toRecord } from '../../lib/records.ts';
import { renderReminderPdf, type TReminderDocument } from '../../integrations/invoice-documents/index.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import { openOwnedFile, storeGeneratedFile } from '../files/index.ts';
import { recordPayment } from '../folios/index.ts';
import { findInvoice, invoiceDocumentOf, readInvoice, toListItems } from '../invoices/index.ts';
import { queueReminderMail } from '../mail/index.ts';
import {
  insertReminder,
  selectInvoiceEvents,
  selectOpenInvoices,
  selectReminder,
  selectReminders,
  selectRemindersOf,
  setReminderMail,
  type TReminderRow,
} from './receivables.queries.ts';

function toReminder(row: TReminderRow): TInvoiceReminder {
  return {
    ...toRecord(row),
    invoiceId: row.invoiceId,
    level: row.level as TReminderLevel,
    issuedOn: row.issuedOn,
    payBy: row.payBy,
    dueAmount: row.dueAmount,
    fileId: row.fileId,
    mailMessageId: row.mailMessageId,
  };
}

/** The last reminder of the ones sent, as the reminder rules read it. */
function lastOf(reminders: TReminderRow[]) {
  const last = reminders.at(-1);
  return last ? { level: last.level as TReminderLevel, issuedOn: last.issuedOn, payBy: last.payBy } : null;
}

/**
 * The receivables: every open invoice with its age in days since it was issued, its bracket, how long
 * it is overdue and its reminders; the open amount per bracket and in all, as of today in the property.
 */
export async function listReceivables(
  ctx: AppContext,
  actor: TActor,
  query: TReceivablesQuery,
): Promise<TReceivables> {
  requireAccess(actor, 'invoices', 'read');
  const property = await findProperty(ctx.db, actor.propertyId);
  const asOf = todayIn(property.timeZone, ctx.clock.now());
  const rows = await selectOpenInvoices(ctx.db, actor.propertyId, query.search);
  const [items, reminders] = await Promise.all([
    toListItems(ctx.db, rows),
    selectRemindersOf(
      ctx.db,
      rows.map((row) => row.invoice.id),
    ),
  ]);
  const all = rows.map((row, index) => {
    const issuedOn = todayIn(property.timeZone, row.invoice.issuedAt ?? row.invoice.createdAt);
    const ageDays = Math.max(0, daysBetween(issuedOn, asOf));
    const dueOn = row.invoice.dueOn;
    const lastReminder = lastOf(reminders.get(row.invoice.id) ?? []);
    return {
      ...items[index]!,
      issuedOn,
      ageDays,
      bucket: agingBucket(ageDays),
      overdueDays: dueOn ? Math.max(0, daysBetween(dueOn, asOf)) : 0,
      bookingCode: row.bookingCode,
      checkOut: row.checkOut,
      lastReminder,
      nextReminder: nextReminder({ dueOn, lastReminder }),
    };
  });
  const open = all.filter((item) => item.dueAmount > 0);
  const buckets = agingBuckets.map((bucket) => {
    const inBucket = open.filter((item) => item.bucket === bucket);
    return {
      bucket,
      count: inBucket.length,
      dueAmount: inBucket.reduce((sum, item) => sum + item.dueAmount, 0),
    };
  });
  return {
    asOf,
    data: query.bucket ? open.filter((item) => item.bucket === query.bucket) : open,
    buckets,
    total: {
      count: open.length,
      dueAmount: open.reduce((sum, item) => sum + item.dueAmount, 0),
    },
  };
}

/** An open invoice, locked, with what is still open on it now; anything else cannot be reminded or paid. */
async function findOpenInvoice(db: Executor, actor: TActor, id: string) {
  const row = await findInvoice(db, actor, id, true);
  const invoice = await readInvoice(db, row);
  if (row.status !== 'open' || invoice.dueAmount <= 0)
    throw new AppError('invoice/invalid_transition', 'only an open invoice with money due takes this');
  return { row, invoice };
}

/**
 * A payment received on an open invoice after its folio closed (a company's transfer): booked on the
 * invoice's folio, never more than the invoice leaves open; the invoice is paid once it is covered.
 */
export async function recordInvoicePayment(
  ctx: AppContext,
  actor: TActor,
  id: string,
  request: TInvoicePaymentRequest,
): Promise<TInvoice> {
  requireAccess(actor, 'invoices', 'write');
  requireAccess(actor, 'folios', 'write');
  return ctx.db.transaction(async (tx) => {
    const row = await findInvoice(tx, actor, id);
    const amount = request.amount;
    await recordPayment(
      ctx,
      tx,
      actor,
      row.folioId,
      request,
      async () => {
        // Under the folio's lock: no other payment changes what is open meanwhile.
        const { invoice } = await findOpenInvoice(tx, actor, id);
        if (amount > invoice.dueAmount)
          throw new AppError('payment/exceeds_due', 'the payment is more than the invoice leaves open', {
            dueAmount: invoice.dueAmount,
          });
      },
      // Received by staff: cash at the desk is signed like any other desk payment.
      { atDesk: true },
    );
    await recordEvent(tx, {
      propertyId: actor.propertyId,
      actor,
      objectType: 'invoice',
      objectId: id,
      type: 'payment_received',
      data: { amount, paymentMethodId: request.paymentMethodId, reference: request.reference ?? null },
    });
    return readInvoice(tx, await findInvoice(tx, actor, id));
  });
}

export async function listReminders(ctx: AppContext, actor: TActor, id: string): Promise<TInvoiceReminder[]> {
  requireAccess(actor, 'invoices', 'read');
  await findInvoice(ctx.db, actor, id);
  return (await selectReminders(ctx.db, id)).map(toReminder);
}

const reminderNames = {
  1: { de: 'Zahlungserinnerung', en: 'Payment reminder' },
  2: { de: 'Mahnung', en: 'Final reminder' },
} as const;

/**
 * The next reminder of an open invoice, once it is due (the payment reminder after the invoice's due
 * day, the dunning letter after the reminder's deadline): its letter rendered and stored, and unless
 * `send` is false an e-mail with the letter and the invoice, all in one transaction; an event on the
 * invoice.
 */
export async function createReminder(
  ctx: AppContext,
  actor: TActor,
  id: string,
  request: TCreateReminderRequest,
): Promise<TInvoiceReminder> {
  requireAccess(actor, 'invoices', 'write');
  return ctx.db.transaction(async (tx) => {
    const { row, invoice } = await findOpenInvoice(tx, actor, id);
    const property = await findProperty(tx, actor.propertyId);
    const today = todayIn(property.timeZone, ctx.clock.now());
    const earlier = await selectReminders(tx, id);
    const last = lastOf(earlier);
    const next = nextReminder({ dueOn: row.dueOn, lastReminder: last });
    if (!next) throw new AppError('invoice/reminders_exhausted', 'the dunning letter was the last reminder');
    if (today < next.from)
      throw new AppError('invoice/reminder_not_due', 'the invoice is not overdue yet', {
        level: next.level,
        from: next.from,
      });
    const payBy = reminderPayBy(today, property.reminderTermDays);
    const invoiceDocument = await invoiceDocumentOf(tx, actor, row);
    const language = request.language ?? invoiceDocument.language;
    const document: TReminderDocument = {
      level: next.level,
      language,
      currency: invoiceDocument.currency,
      issueDate: today,
      payBy,
      seller: invoiceDocument.seller,
      buyer: invoiceDocument.buyer,
      invoice: {
        number: invoiceDocument.number,
        issueDate: invoiceDocument.issueDate,
        dueDate: row.dueOn!,
        total: invoice.totalAmount,
        paid: invoice.paidAmount,
        due: invoice.dueAmount,
      },
      previousReminder: last ? { issueDate: last.issuedOn } : null,
    };
    const name = `${reminderNames[next.level][language]} ${invoiceDocument.number}.pdf`;
    const file = await storeGeneratedFile(
      ctx,
      actor,
      {
        name,
        extension: '.pdf',
        mimeType: 'application/pdf',
        content: await renderReminderPdf(document),
        purpose: filePurposes.invoice,
      },
      tx,
    );
    const reminder = await insertReminder(tx, {
      propertyId: actor.propertyId,
      invoiceId: id,
      level: next.level,
      issuedOn: today,
      payBy,
      dueAmount: invoice.dueAmount,
      fileId: file.id,
    });
    let mailMessageId: string | null = null;
    if (request.send !== false) {
      const message = await queueReminderMail(ctx, tx, actor, id, request, {
        level: next.level,
        invoiceDate: invoiceDocument.issueDate,
        dueDate: row.dueOn!,
        payBy,
        dueAmount: invoice.dueAmount,
        currency: invoiceDocument.currency,
        letter: { id: file.id, name },
      });
      mailMessageId = message.id;
      await setReminderMail(tx, reminder.id, message.id);
    }
    await recordEvent(tx, {
      propertyId: actor.propertyId,
      actor,
      objectType: 'invoice',
      objectId: id,
      type: next.level === 1 ? 'reminder_created' : 'dunning_created',
      data: {
        reminderId: reminder.id,
        level: next.level,
        payBy,
        dueAmount: invoice.dueAmount,
        mailMessageId,
      },
    });
    return toReminder({ ...reminder, mailMessageId });
  });
}

/** A reminder's letter (PDF). */
export async function readReminderDocument(
  ctx: AppContext,
  actor: TActor,
  id: string,
  reminderId: string,
): Promise<{ file: TFile; stream: Readable }> {
  requireAccess(actor, 'invoices', 'read');
  await findInvoice(ctx.db, actor, id);
  const reminder = await selectReminder(ctx.db, id, reminderId);
  if (!reminder?.fileId) throw new AppError('not_found', 'reminder not found');
  return openOwnedFile(ctx, actor.propertyId, reminder.fileId);
}

/** An invoice's history: issued, paid, payments received, reminders, e-mails; newest first. */
export async function listInvoiceEvents(ctx: AppContext, actor: TActor, id: string): Promise<TEvent[]> {
  requireAccess(actor, 'invoices', 'read');
  await findInvoice(ctx.db, actor, id);
  const rows = await selectInvoiceEvents(ctx.db, actor.propertyId, id);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    actorType: row.actorType as TEvent['actorType'],
    actorName: row.actorName,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
  }));
}
