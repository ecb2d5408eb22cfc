import { z } from 'zod';
import { ZId, ZInteger, ZIsoDate, ZRecord, ZText } from './common.ts';
import { addDays, nightsBetween } from './dates.ts';
import { ZInvoiceListItem } from './invoices.ts';
import { ZPostPaymentRequest } from './folios.ts';
import { ZSendMailRequest } from './mail.ts';

// Receivables: issued invoices with money still open, their age, the payments that settle them after
// the folio closed, and the reminders that ask for the money.

/** The age brackets of the receivables list, in days since the invoice was issued. */
export const agingBuckets = ['0-30', '31-60', '61-90', '90+'] as const;
export type TAgingBucket = (typeof agingBuckets)[number];
export const ZAgingBucket = z.enum(agingBuckets);

/** Days between two ISO dates (negative when `to` is before `from`). */
export const daysBetween = (from: string, to: string): number => nightsBetween(from, to);

/** The bracket of an invoice issued `ageDays` ago. */
export function agingBucket(ageDays: number): TAgingBucket {
  if (ageDays <= 30) return '0-30';
  if (ageDays <= 60) return '31-60';
  if (ageDays <= 90) return '61-90';
  return '90+';
}

/** The reminder levels: a payment reminder first, then the dunning letter; none after that. */
export const reminderLevels = [1, 2] as const;
export type TReminderLevel = (typeof reminderLevels)[number];

/** What decides whether an open invoice may be reminded today, and of which level. */
export type TReminderState = {
  /** The invoice's due day; null when nothing was open when it was issued. */
  dueOn: string | null;
  /** The last reminder sent, if any. */
  lastReminder: { level: TReminderLevel; payBy: string } | null;
};

/**
 * The next reminder of an open invoice and the first day it may go out: the payment reminder the day
 * after the invoice fell due, the dunning letter the day after the reminder's own deadline passed;
 * after the dunning letter there is no further reminder (the hotel goes to collection or court).
 */
export function nextReminder(state: TReminderState): { level: TReminderLevel; from: string } | null {
  if (!state.dueOn) return null;
  if (!state.lastReminder) return { level: 1, from: addDays(state.dueOn, 1) };
  if (state.lastReminder.level === 1) return { level: 2, from: addDays(state.lastReminder.payBy, 1) };
  return null;
}

/** The day a reminder sent today asks the money by: today plus the property's reminder term. */
export function reminderPayBy(today: string, reminderTermDays: number): string {
  return addDays(today, reminderTermDays);
}

export const ZInvoiceReminder = ZRecord.extend({
  invoiceId: ZId,
  level: z.union([z.literal(1), z.literal(2)]),
  issuedOn: ZIsoDate,
  payBy: ZIsoDate,
  /** What was open when the reminder was sent. */
  dueAmount: ZInteger,
  fileId: ZId.nullable(),
  /** The e-mail it went out with; null when it was only printed. */
  mailMessageId: ZId.nullable(),
});
export type TInvoiceReminder = z.infer<typeof ZInvoiceReminder>;

export const ZInvoiceReminderList = z.object({ data: z.array(ZInvoiceReminder) });
export type TInvoiceReminderList = z.infer<typeof ZInvoiceReminderList>;

/**
 * A reminder of an open invoice, of the next level. Sent by e-mail (to the invoice's address unless
 * `to` names one) with the reminder letter and the invoice attached, or with `send: false` only made as
 * a letter to print.
 */
export const ZCreateReminderRequest = ZSendMailRequest.extend({ send: z.boolean().default(true) });
export type TCreateReminderRequest = z.input<typeof ZCreateReminderRequest>;

export const ZInvoiceReminderParams = z.object({ id: ZId, reminderId: ZId });

/** A payment received on an issued invoice, after its folio closed (a transfer arriving later). */
export const ZInvoicePaymentRequest = ZPostPaymentRequest;
export type TInvoicePaymentRequest = z.input<typeof ZInvoicePaymentRequest>;

/** One open invoice in the receivables list. */
export const ZReceivable = ZInvoiceListItem.extend({
  /** The day it was issued, in the property's time zone. */
  issuedOn: ZIsoDate,
  ageDays: ZInteger,
  bucket: ZAgingBucket,
  /** Days past its due day (0 while not yet due). */
  overdueDays: ZInteger,
  /** The booking's code and departure, when it bills a stay. */
  bookingCode: z.string().nullable(),
  checkOut: ZIsoDate.nullable(),
  lastReminder: ZInvoiceReminder.pick({ level: true, issuedOn: true, payBy: true }).nullable(),
  /** The reminder that can go out next and from which day; null after the dunning letter. */
  nextReminder: z.object({ level: z.union([z.literal(1), z.literal(2)]), from: ZIsoDate }).nullable(),
});
export type TReceivable = z.infer<typeof ZReceivable>;

export const ZReceivablesQuery = z.object({
  bucket: ZAgingBucket.optional(),
  search: ZText.trim().max(100).optional(),
});
export type TReceivablesQuery = z.infer<typeof ZReceivablesQuery>;

/** The open invoices, oldest first, with the open amount per age bracket and in all. */
export const ZReceivables = z.object({
  /** Today in the property: the day the ages are counted to. */
  asOf: ZIsoDate,
  data: z.array(ZReceivable),
  buckets: z.array(z.object({ bucket: ZAgingBucket, count: ZInteger, dueAmount: ZInteger })),
  total: z.object({ count: ZInteger, dueAmount: ZInteger }),
});
export type TReceivables = z.infer<typeof ZReceivables>;
