import type { TMailMessage, TSendMailRequest } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { findProperty } from '../../lib/properties.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import { formatMailAmount, formatMailDate, mailLocale } from './mail-texts.ts';
import {
  selectContact,
  selectInvoiceEmail,
  selectMailInvoice,
  type TMailMessageRow,
} from './mail.queries.ts';
import { findMailBooking, languageOf } from './mail-booking.service.ts';
import { addresseeOf, queueMessage, toMailMessage } from './mail-queue.ts';

/** What an invoice's e-mail (the invoice itself or a reminder of it) adds to the invoice's own values. */
type TInvoiceMail = {
  kind: 'invoice' | 'reminder' | 'dunning';
  values?: (locale: string) => Record<string, string>;
  /** A stored file sent before the invoice's PDF (a reminder's letter). */
  leadingFile?: { id: string; name: string };
};

/**
 * Queues an e-mail about an issued invoice in the caller's transaction: to the address asked for, else
 * the customer's invoice address, else the contact's; in the language asked for, else the contact's.
 * The invoice's PDF is attached when the message is sent (it may still be rendering now).
 */
async function queueInvoiceMail(
  ctx: AppContext,
  tx: Executor,
  actor: TActor,
  invoiceId: string,
  request: TSendMailRequest,
  mail: TInvoiceMail,
): Promise<TMailMessageRow> {
  const invoice = await selectMailInvoice(tx, actor.propertyId, invoiceId);
  if (!invoice) throw notFound('invoice');
  if (invoice.status === 'draft' || !invoice.number) {
    throw new AppError('invoice/invalid_transition', 'a draft invoice is not sent');
  }
  const property = await findProperty(tx, actor.propertyId);
  const customer = invoice.customerId ? await selectContact(tx, invoice.customerId) : undefined;
  const stay = invoice.bookingId ? await findMailBooking(tx, actor.propertyId, invoice.bookingId) : null;
  const invoiceEmail = invoice.customerId ? await selectInvoiceEmail(tx, invoice.customerId) : null;
  const addressee = addresseeOf([customer, stay?.customer, stay?.mainGuest]);
  const language = languageOf(request, customer, addressee);
  const locale = mailLocale(language, property.address.country);
  const checkIn = stay?.booking.checkIn ?? invoice.serviceFrom;
  const checkOut = stay?.booking.checkOut ?? invoice.serviceTo;
  const invoicePdf = { name: `${invoice.number}.pdf`, mimeType: 'application/pdf', fileId: null };
  const leading = mail.leadingFile
    ? [{ name: mail.leadingFile.name, mimeType: 'application/pdf', fileId: mail.leadingFile.id }]
    : [];
  return queueMessage(ctx, tx, {
    kind: mail.kind,
    propertyId: actor.propertyId,
    property,
    to: request.to ?? (invoiceEmail || addressee?.email),
    language,
    values: {
      guestName: invoice.recipient ?? addressee?.name ?? '',
      bookingCode: stay?.booking.code ?? '',
      checkIn: checkIn ? formatMailDate(checkIn, locale) : '',
      checkOut: checkOut ? formatMailDate(checkOut, locale) : '',
      propertyName: property.name,
      invoiceNumber: invoice.number,
      invoiceAmount: formatMailAmount(invoice.totalAmount, property.currency, locale),
      ...mail.values?.(locale),
    },
    bookingId: invoice.bookingId,
    invoiceId: invoice.id,
    attachments: [...leading, invoicePdf],
  });
}

/** Queues an issued invoice's e-mail; its PDF is attached when the message is sent. */
export async function sendInvoice(
  ctx: AppContext,
  actor: TActor,
  invoiceId: string,
  request: TSendMailRequest,
): Promise<TMailMessage> {
  requireAccess(actor, 'invoices', 'write');
  requireAccess(actor, 'mail', 'write');
  return ctx.db.transaction(async (tx) =>
    toMailMessage(await queueInvoiceMail(ctx, tx, actor, invoiceId, request, { kind: 'invoice' })),
  );
}

/** A reminder's e-mail: its letter and the invoice attached, the reminder's figures filled in. */
export type TReminderMail = {
  level: 1 | 2;
  invoiceDate: string;
  dueDate: string;
  payBy: string;
  dueAmount: number;
  currency: string;
  letter: { id: string; name: string };
};

/** Queues a reminder's e-mail in the caller's transaction (which also stores the reminder). */
export async function queueReminderMail(
  ctx: AppContext,
  tx: Executor,
  actor: TActor,
  invoiceId: string,
  request: TSendMailRequest,
  reminder: TReminderMail,
): Promise<TMailMessage> {
  requireAccess(actor, 'mail', 'write');
  const row = await queueInvoiceMail(ctx, tx, actor, invoiceId, request, {
    kind: reminder.level === 1 ? 'reminder' : 'dunning',
    values: (locale) => ({
      invoiceDate: formatMailDate(reminder.invoiceDate, locale),
      dueDate: formatMailDate(reminder.dueDate, locale),
      payBy: formatMailDate(reminder.payBy, locale),
      dueAmount: formatMailAmount(reminder.dueAmount, reminder.currency, locale),
    }),
    leadingFile: reminder.letter,
  });
  return toMailMessage(row);
}
