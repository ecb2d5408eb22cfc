import {
  addDays,
  localDateTimeIn,
  zonedInstant,
  type TFiscalReceipt,
  type TMailMessage,
  type TSendMailRequest,
} from '@pms/contract';
import { requireAccess, type TActor } from '../../actor.ts';
import type { Executor } from '../../db/client.ts';
import { storeGeneratedFile } from '../files/index.ts';
import { queueReceiptMail, receiptRecipient } from '../mail/index.ts';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { renderReceiptPdf } from '../../integrations/fiscal/receipt-pdf.ts';
import { depChunks } from '../../integrations/fiscal/rksv/dep.ts';
import { renderZReportPdf } from '../../integrations/fiscal/z-report-pdf.ts';
import { findProperty, type TPropertyRow } from '../../lib/properties.ts';
import { selectUserNames } from './cash.queries.ts';
import { selectBalance, selectDayCloseById, selectMovements } from './cash-book.queries.ts';
import {
  markReceiptPrinted,
  selectReceipt,
  selectReceiptPage,
  selectReceiptsOfDates,
  selectTseTransactions,
} from './receipts.queries.ts';
import { findRegister } from './cash-registers.service.ts';
import { rksvSignerOf, tseClientOf } from './fiscal-adapters.ts';
import { toFiscalReceipt } from './receipts.mapper.ts';
import { selectFolioBookingId, type TReceiptRow } from './receipts.queries.ts';

const languageOf = (actor: TActor): 'de' | 'en' =>
  actor.kind === 'user' && actor.language === 'en' ? 'en' : 'de';

function sellerOf(property: TPropertyRow) {
  const { address, company } = property;
  return {
    name: company.name || property.name,
    addressLines: [
      address.line1,
      address.line2,
      [address.postalCode, address.city].filter(Boolean).join(' '),
    ].filter((line): line is string => Boolean(line)),
    vatId: company.vatNumber ?? null,
    country: address.country ?? 'AT',
  };
}

async function findReceipt(ctx: AppContext, actor: TActor, id: string, db: Executor = ctx.db) {
  requireAccess(actor, 'cashBook', 'read');
  const row = await selectReceipt(db, actor.propertyId, id);
  if (!row) throw notFound('receipt');
  return { row, register: await findRegister(db, actor.propertyId, row.cashRegisterId) };
}

export async function getReceipt(ctx: AppContext, actor: TActor, id: string): Promise<TFiscalReceipt> {
  const { row, register } = await findReceipt(ctx, actor, id);
  return toFiscalReceipt(row, register.name);
}

/** The receipt's PDF; its first print (or e-mail) is the original, every later one says it is a copy. */
export async function printReceipt(
  ctx: AppContext,
  actor: TActor,
  id: string,
  format: 'a4' | 'receipt',
  db: Executor = ctx.db,
  language = languageOf(actor),
): Promise<{ pdf: Buffer; row: TReceiptRow }> {
  const { row, register } = await findReceipt(ctx, actor, id, db);
  const property = await findProperty(db, actor.propertyId);
  const isOriginal = await markReceiptPrinted(db, actor.propertyId, row.id, ctx.clock.now());
  const pdf = await renderReceiptPdf({
    language,
    format,
    isCopy: !isOriginal,
    currency: property.currency,
    seller: sellerOf(property),
    register: { name: register.name, cashBoxId: register.cashBoxId },
    receipt: {
      ...toFiscalReceipt(row, register.name),
      issuedAt: localDateTimeIn(property.timeZone, row.issuedAt),
    },
  });
  return { pdf, row };
}

/**
 * E-mails the receipt (A4) to the address given, else to the guest of the folio's booking: its PDF kept
 * as a file and sent with the message.
 */
export async function sendReceipt(
  ctx: AppContext,
  actor: TActor,
  id: string,
  request: TSendMailRequest,
): Promise<TMailMessage> {
  requireAccess(actor, 'cashBook', 'write');
  return ctx.db.transaction(async (tx) => {
    const { row: receipt } = await findReceipt(ctx, actor, id, tx);
    const bookingId = receipt.folioId
      ? await selectFolioBookingId(tx, actor.propertyId, receipt.folioId)
      : null;
    const recipient = await receiptRecipient(tx, actor.propertyId, bookingId, request);
    const { to } = recipient;
    if (!to) throw new AppError('mail/no_recipient', 'name the address to send the receipt to');
    const language = recipient.language ?? languageOf(actor);
    const { pdf, row } = await printReceipt(ctx, actor, id, 'a4', tx, language);
    const name = `receipt-${row.number}.pdf`;
    const file = await storeGeneratedFile(
      ctx,
      actor,
      { name, extension: 'pdf', mimeType: 'application/pdf', content: pdf, purpose: 'receipt' },
      tx,
    );
    return queueReceiptMail(ctx, tx, {
      propertyId: actor.propertyId,
      to,
      language,
      number: row.number,
      totalAmount: row.totalAmount,
      businessDate: row.businessDate,
      file: { id: file.id, name },
      bookingId: recipient.bookingId,
    });
  });
}

/** The Z report of a closed day, rendered from what the day's records say. */
export async function renderZReport(ctx: AppContext, actor: TActor, dayCloseId: string): Promise<Buffer> {
  requireAccess(actor, 'cashBook', 'read');
  const close = await selectDayCloseById(ctx.db, actor.propertyId, dayCloseId);
  if (!close) throw notFound('day close');
  const register = await findRegister(ctx.db, actor.propertyId, close.cashRegisterId);
  const property = await findProperty(ctx.db, actor.propertyId);
  const day = { from: close.businessDate, to: close.businessDate };
  const receipts = (await selectReceiptsOfDates(ctx.db, actor.propertyId, register.id, day)).filter(
    (receipt) => receipt.kind === 'standard' || receipt.kind === 'storno',
  );
  const perRate = new Map<number, number>();
  const perType = new Map<string, number>();
  for (const receipt of receipts) {
    for (const tax of receipt.taxes)
      perRate.set(tax.taxPercentage, (perRate.get(tax.taxPercentage) ?? 0) + tax.grossAmount);
    const name = receipt.paymentMethodName ?? '–';
    perType.set(name, (perType.get(name) ?? 0) + receipt.totalAmount);
  }
  const movements = await selectMovements(ctx.db, actor.propertyId, register.id, day);
  const openingBalance = await selectBalance(ctx.db, actor.propertyId, register.id, close.businessDate);
  const names = await selectUserNames(ctx.db, [close.closedBy]);
  return renderZReportPdf({
    language: languageOf(actor),
    currency: property.currency,
    seller: { name: sellerOf(property).name, country: sellerOf(property).country },
    register: {
      name: register.name,
      cashBoxId: register.cashBoxId,
      isSimulated: register.adapter === 'simulator',
    },
    close: {
      number: close.number,
      businessDate: close.businessDate,
      closedAt: localDateTimeIn(property.timeZone, close.closedAt),
      closedBy: close.closedBy ? (names.get(close.closedBy) ?? null) : null,
      firstReceiptNumber: close.firstReceiptNumber,
      lastReceiptNumber: close.lastReceiptNumber,
    },
    revenuePerRate: [...perRate]
      .sort(([a], [b]) => b - a)
      .map(([taxPercentage, grossAmount]) => ({ taxPercentage, grossAmount })),
    revenuePerPaymentType: [...perType].map(([name, grossAmount]) => ({ name, grossAmount })),
    openingBalance,
    movements: movements.map(({ movement }) => ({
      time: localDateTimeIn(property.timeZone, movement.createdAt).slice(11, 16),
      kind: movement.kind,
      amount: movement.amount,
      reason: movement.reason,
    })),
    closingBalance: openingBalance + movements.reduce((sum, { movement }) => sum + movement.amount, 0),
    differenceAmount: close.differenceAmount,
  });
}

/** The period's instants in the property's time zone: from the first day's start to the end of the last. */
async function periodOf(ctx: AppContext, propertyId: string, range: { from: string; to: string }) {
  if (range.to < range.from) throw new AppError('validation', 'the period ends before it begins');
  const { timeZone } = await findProperty(ctx.db, propertyId);
  return {
    from: zonedInstant(range.from, '00:00', timeZone),
    to: zonedInstant(addDays(range.to, 1), '00:00', timeZone),
  };
}

/**
 * The RKSV's DEP export of an Austrian register for a period, streamed in pages of receipts so a year
 * of them never sits in memory: the receipts in compact form, grouped by the certificate that signed them.
 */
export async function exportDep(
  ctx: AppContext,
  actor: TActor,
  registerId: string,
  range: { from: string; to: string },
): Promise<AsyncIterable<string>> {
  requireAccess(actor, 'fiscalExports', 'read');
  const register = await findRegister(ctx.db, actor.propertyId, registerId);
  if (register.country !== 'AT')
    throw new AppError('validation', 'the DEP export is the Austrian registers’');
  const period = await periodOf(ctx, actor.propertyId, range);
  const certificate = await rksvSignerOf(ctx, register).certificate();
  async function* receipts() {
    let after = 0;
    for (;;) {
      const page = await selectReceiptPage(ctx.db, actor.propertyId, register.id, period, after, 1000);
      for (const receipt of page)
        if (receipt.compactJws) yield { compactJws: receipt.compactJws, certificate };
      if (page.length < 1000) return;
      after = page.at(-1)!.number;
    }
  }
  return depChunks(receipts());
}

/** The TSE's export of a German register's transactions in a period (a TAR), for a tax audit. */
export async function exportTse(
  ctx: AppContext,
  actor: TActor,
  registerId: string,
  range: { from: string; to: string },
): Promise<Buffer> {
  requireAccess(actor, 'fiscalExports', 'read');
  const register = await findRegister(ctx.db, actor.propertyId, registerId);
  if (register.country !== 'DE') throw new AppError('validation', 'the TSE export is the German registers’');
  const period = await periodOf(ctx, actor.propertyId, range);
  return tseClientOf(ctx, register, {
    next: () => Promise.reject(new Error('an export signs nothing')),
    transactions: async (range) =>
      (await selectTseTransactions(ctx.db, actor.propertyId, register.id, range)).flatMap((row) =>
        row.tse ? [row.tse] : [],
      ),
  }).exportTransactions(period);
}
