import type { Readable } from 'node:stream';
import {
  filePurposes,
  toPaged,
  type TFile,
  type TInvoice,
  type TInvoiceListItem,
  type TInvoiceListQuery,
  type TInvoicePage,
} from '@pms/contract';
import { readAll, type Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { findProperty } from '../../lib/properties.ts';
import { openOwnedFile, storeGeneratedFile } from '../files/index.ts';
import { invoicePayment, invoiceTotals } from './invoice-totals.ts';
import { toInvoiceDocument } from './invoices.document.ts';
import type { TInvoiceDocument } from '../../integrations/invoice-documents/index.ts';
import { requireAccess, requireBookingAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { toAppError } from '../../db/constraint-errors.ts';
import { toInvoice, toInvoiceListItem } from './invoices.mapper.ts';
import {
  selectCancellations,
  selectDocumentParties,
  selectFolioPayments,
  selectInvoice,
  selectInvoiceLines,
  selectInvoicePage,
  selectLinesOfInvoices,
  updateInvoiceRow,
  type TInvoiceRow,
  selectInvoiceTse,
} from './invoices.queries.ts';

/** Database refusals (an issued invoice, a second cancellation) answer with their code, never 500. */
export async function asInvoiceWrite<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error) ?? error;
  }
}

/** The property's invoice (locked for a change with `lock`), or a 404. */
export async function findInvoice(
  db: Executor,
  actor: TActor,
  id: string,
  lock = false,
): Promise<TInvoiceRow> {
  const row = await selectInvoice(db, actor.propertyId, id, { lock });
  if (!row) throw notFound('invoice');
  return row;
}

/**
 * An invoice's payment source: a draft and an open invoice count their folio's payments now (a transfer
 * arriving after departure), the others what was paid when they were issued.
 */
function paymentSource(row: Pick<TInvoiceRow, 'status' | 'paidAmount'>, folioPaidAmount: number) {
  return { status: row.status, folioPaidAmount: countsPaymentsNow(row) ? folioPaidAmount : row.paidAmount };
}

const countsPaymentsNow = (row: Pick<TInvoiceRow, 'status'>) =>
  row.status === 'draft' || row.status === 'open';

/** An invoice as the API answers it: its lines and the totals of the one computation. */
export async function readInvoice(db: Executor, row: TInvoiceRow): Promise<TInvoice> {
  const [lines, cancellations, folioPaid] = await readAll(db, [
    () => selectInvoiceLines(db, row.id),
    () => selectCancellations(db, [row.id]),
    async () => (countsPaymentsNow(row) ? selectFolioPayments(db, row.folioId) : { amount: 0 }),
  ]);
  const totals = invoiceTotals(lines, paymentSource(row, folioPaid.amount));
  return toInvoice(row, lines, totals, cancellations.get(row.id) ?? null);
}

/** Invoices as lists show them, from their rows and what their folios' payments add up to now. */
export async function toListItems(
  db: Executor,
  rows: { invoice: TInvoiceRow; folioPaidAmount: number }[],
): Promise<TInvoiceListItem[]> {
  const ids = rows.map((row) => row.invoice.id);
  const [cancellations, lines] = await readAll(db, [
    () => selectCancellations(db, ids),
    () => selectLinesOfInvoices(db, ids),
  ]);
  return rows.map(({ invoice, folioPaidAmount }) =>
    toInvoiceListItem(
      invoice,
      invoiceTotals(lines.get(invoice.id) ?? [], paymentSource(invoice, folioPaidAmount)),
      cancellations.get(invoice.id) ?? null,
    ),
  );
}

export async function listInvoices(
  ctx: AppContext,
  actor: TActor,
  query: TInvoiceListQuery,
): Promise<TInvoicePage> {
  // A booking's invoices: also its guest through the portal.
  if (query.bookingId) requireBookingAccess(actor, 'invoices', 'read', query.bookingId);
  else requireAccess(actor, 'invoices', 'read');
  const { rows, matches } = await selectInvoicePage(ctx.db, actor.propertyId, query);
  const items = await toListItems(ctx.db, rows);
  const aggregate = { totalAmount: 0, paidAmount: 0, dueAmount: 0 };
  for (const match of matches) {
    const payment = invoicePayment({
      totalAmount: match.totalAmount,
      ...paymentSource(match, match.folioPaidAmount),
    });
    aggregate.totalAmount += match.totalAmount;
    aggregate.paidAmount += payment.paidAmount;
    aggregate.dueAmount += payment.dueAmount;
  }
  return { ...toPaged(items, matches.length, query), aggregate };
}

export async function getInvoice(ctx: AppContext, actor: TActor, id: string): Promise<TInvoice> {
  requireAccess(actor, 'invoices', 'read');
  return readInvoice(ctx.db, await findInvoice(ctx.db, actor, id));
}

/** What an issued invoice's documents print, from its stored lines. */
export async function invoiceDocumentOf(
  db: Executor,
  actor: TActor,
  invoice: TInvoiceRow,
): Promise<TInvoiceDocument> {
  const [lines, property, cancelled, parties, tse] = await Promise.all([
    selectInvoiceLines(db, invoice.id),
    findProperty(db, actor.propertyId),
    invoice.cancels ? findInvoice(db, actor, invoice.cancels) : null,
    selectDocumentParties(db, invoice),
    selectInvoiceTse(db, invoice.propertyId, invoice.id),
  ]);
  return toInvoiceDocument({ invoice, lines, property, cancelled, ...parties, tse });
}

const documentNames = {
  invoice: { de: 'Rechnung', en: 'Invoice' },
  cancellation: { de: 'Stornorechnung', en: 'Cancellation invoice' },
} as const;

/**
 * Renders an issued invoice's documents and stores them, once: the PDF/A-3 with the EN 16931 e-invoice
 * embedded becomes the invoice's file, its CII XML is kept beside it. The background job calls it after
 * the invoice committed; a second run (another instance, a retry) finds the documents stored and stops.
 */
export async function renderInvoiceDocuments(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'invoices', 'write');
  const invoice = await findInvoice(ctx.db, actor, id);
  if (invoice.status === 'draft' || invoice.fileId) return;
  const document = await invoiceDocumentOf(ctx.db, actor, invoice);
  const eInvoice = await ctx.documents.render(document);
  const name = `${documentNames[document.kind][document.language]} ${document.number}`;
  await ctx.db.transaction(async (tx) => {
    const current = await findInvoice(tx, actor, id, true);
    if (current.fileId) return;
    const pdf = await storeGeneratedFile(
      ctx,
      actor,
      {
        name: `${name}.pdf`,
        extension: '.pdf',
        mimeType: 'application/pdf',
        content: eInvoice.pdf,
        purpose: filePurposes.invoice,
      },
      tx,
    );
    const xml = await storeGeneratedFile(
      ctx,
      actor,
      {
        name: `${name}.xml`,
        extension: '.xml',
        mimeType: 'application/xml',
        content: Buffer.from(eInvoice.xml, 'utf8'),
        purpose: filePurposes.invoice,
      },
      tx,
    );
    await updateInvoiceRow(tx, id, { fileId: pdf.id, xmlFileId: xml.id });
  });
}

/**
 * An issued invoice's stored document: the PDF (with its e-invoice) or the e-invoice XML. A draft has
 * none; an invoice issued a moment ago may still be rendering.
 */
export async function readInvoiceDocument(
  ctx: AppContext,
  actor: TActor,
  id: string,
  kind: 'pdf' | 'xml',
): Promise<{ file: TFile; stream: Readable }> {
  requireAccess(actor, 'invoices', 'read');
  const invoice = await findInvoice(ctx.db, actor, id);
  if (invoice.status === 'draft')
    throw new AppError('invoice/invalid_transition', 'A draft has no document yet.');
  const fileId = kind === 'pdf' ? invoice.fileId : invoice.xmlFileId;
  if (!fileId) throw new AppError('invoice/document_pending');
  return openOwnedFile(ctx, actor.propertyId, fileId);
}
