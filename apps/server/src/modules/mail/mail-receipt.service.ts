import type { TLanguage, TMailMessage } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { findProperty } from '../../lib/properties.ts';
import { formatMailAmount, formatMailDate, mailLocale } from './mail-texts.ts';
import { queueMessage, toMailMessage } from './mail-queue.ts';

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
    bookingId: null,
    invoiceId: null,
    attachments: [{ name: receipt.file.name, mimeType: 'application/pdf', fileId: receipt.file.id }],
  });
  return toMailMessage(row);
}
