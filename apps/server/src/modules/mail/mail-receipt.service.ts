import type { TLanguage, TMailMessage, TSendMailRequest } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { findProperty } from '../../lib/properties.ts';
import { formatMailAmount, formatMailDate, mailLocale } from './mail-texts.ts';
import { findMailBooking, languageOf } from './mail-booking.service.ts';
import { addresseeOf, queueMessage, toMailMessage } from './mail-queue.ts';

/**
 * Where and in which language a receipt of a booking's folio goes: the address and language asked for,
 * else the booking's customer's or main guest's; without a booking, what was asked.
 */
export async function receiptRecipient(
  db: Executor,
  propertyId: string,
  bookingId: string | null,
  request: TSendMailRequest,
): Promise<{ to: string | null; language: TLanguage | null; bookingId: string | null }> {
  if (!bookingId) return { to: request.to ?? null, language: request.language ?? null, bookingId: null };
  const { customer, mainGuest } = await findMailBooking(db, propertyId, bookingId);
  const addressee = addresseeOf([customer, mainGuest]);
  return {
    to: request.to ?? addressee?.email ?? null,
    language: request.language ?? (addressee ? languageOf(request, customer, addressee) : null),
    bookingId,
  };
}

/**
 * Queues a cash register's receipt to the address staff typed, in the caller's transaction, with the
 * receipt's PDF (stored as a file) attached when it is sent.
 */
export async function queueReceiptMail(
  ctx: AppContext,
  db: Executor,
  receipt: {
    propertyId: string;
    to: string;
    language: TLanguage;
    number: number;
    totalAmount: number;
    businessDate: string;
    file: { id: string; name: string };
    bookingId: string | null;
  },
): Promise<TMailMessage> {
  const property = await findProperty(db, receipt.propertyId);
  const locale = mailLocale(receipt.language, property.address.country);
  const row = await queueMessage(ctx, db, {
    kind: 'receipt',
    propertyId: property.id,
    property,
    to: receipt.to,
    language: receipt.language,
    values: {
      propertyName: property.name,
      receiptNumber: String(receipt.number),
      receiptAmount: formatMailAmount(receipt.totalAmount, property.currency, locale),
      receiptDate: formatMailDate(receipt.businessDate, locale),
    },
    bookingId: receipt.bookingId,
    invoiceId: null,
    attachments: [{ name: receipt.file.name, mimeType: 'application/pdf', fileId: receipt.file.id }],
  });
  return toMailMessage(row);
}
