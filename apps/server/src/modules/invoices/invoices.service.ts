import type { z } from 'zod';
import type { Readable } from 'node:stream';
import type { ZCreateInvoiceRequest, ZIssueInvoiceRequest } from '@pms/contract';
import {
  addDays,
  filePurposes,
  todayIn,
  toPaged,
  type TFile,
  type TInvoice,
  type TInvoiceListItem,
  type TInvoiceListQuery,
  type TInvoicePage,
  type TUpdateInvoiceRequest,
} from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { billedCharges, computeInvoiceTax } from '../../lib/invoice-tax.ts';
import { findProperty } from '../../lib/properties.ts';
import { openOwnedFile, storeGeneratedFile } from '../files/index.ts';
import { invoicePayment, invoiceTotals, isRecipientVatIdRequired } from './invoice-totals.ts';
import { toInvoiceDocument } from './invoices.document.ts';
import type { TInvoiceDocument } from '../../integrations/invoice-documents/index.ts';
import { requireAccess, requireBookingAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { toAppError } from '../../db/constraint-errors.ts';
import { toInvoice, toInvoiceListItem } from './invoices.mapper.ts';
import {
  allocateInvoiceNumber,
  deleteInvoiceRows,
  insertInvoice,
  replaceInvoiceRows,
  selectCancellations,
  selectDocumentParties,
  selectFolioCharges,
  selectFolioForInvoice,
  selectFolioPayments,
  selectInvoice,
  selectInvoiceLines,
  selectInvoicePage,
  selectInvoiceTaxes,
  selectLinesOfInvoices,
  selectOpenInvoicesOfFolio,
  selectStandingInvoiceOfFolio,
  setFolioClosedAt,
  updateContactAddress,
  updateInvoiceRow,
  type TInvoiceFolio,
  type TInvoiceRow,
} from './invoices.queries.ts';
import { findOwnedContact } from '../contacts/index.ts';

/** Database refusals (an issued invoice, a second cancellation) answer with their code, never 500. */
async function asInvoiceWrite<T>(work: () => Promise<T>): Promise<T> {
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

async function findFolio(db: Executor, actor: TActor, folioId: string): Promise<TInvoiceFolio> {
  const folio = await selectFolioForInvoice(db, actor.propertyId, folioId, { lock: true });
  if (!folio) throw notFound('folio');
  return folio;
}

type TRecipient = Pick<
  TInvoiceRow,
  'customerId' | 'recipient' | 'recipientCompany' | 'recipientVatId' | 'billingAddress'
>;

/**
 * Who the invoice goes to and where, copied onto the invoice from the customer: the name and address,
 * a company contact's company name, and the VAT ID the contact keeps.
 */
async function recipientOf(db: Executor, actor: TActor, customerId: string | null): Promise<TRecipient> {
  const none = { recipient: null, recipientCompany: null, recipientVatId: null };
  if (!customerId) return { customerId: null, ...none, billingAddress: {} };
  const contact = await findOwnedContact(db, actor.propertyId, customerId);
  return {
    customerId: contact.id,
    recipient: contact.name,
    recipientCompany: contact.type === 'company' ? contact.company.name || contact.name : null,
    recipientVatId: contact.company.vatNumber || null,
    billingAddress: contact.address,
  };
}

/** The recipient's name (a person's or a company's) and address carry every field an invoice must name. */
function assertAddressComplete(invoice: TRecipient): void {
  const address = invoice.billingAddress;
  const isComplete =
    !!(invoice.recipientCompany ?? invoice.recipient)?.trim() &&
    [address.line1, address.postalCode, address.city, address.country].every((part) => !!part?.trim());
  if (!isComplete) throw new AppError('folio/customer_address_incomplete');
}

/** Copies the folio's charges onto the draft as lines with their tax per rate, and returns the totals. */
async function snapshotLines(db: Executor, invoice: TInvoiceRow, folio: TInvoiceFolio) {
  const charges = billedCharges(await selectFolioCharges(db, folio.id));
  const { lines, taxes, totals } = computeInvoiceTax(charges);
  await replaceInvoiceRows(
    db,
    invoice.id,
    lines.map((line, index) => ({
      propertyId: invoice.propertyId,
      invoiceId: invoice.id,
      position: index + 1,
      text: line.text,
      quantity: line.quantity,
      serviceDate: line.bookedOn,
      netAmount: line.netAmount,
      taxAmount: line.taxAmount,
      grossAmount: line.grossAmount,
      taxBasisPoints: line.taxBasisPoints,
      isLocalTax: line.isLocalTax,
      accountNumber: line.accountNumber,
      taxCode: line.taxCode,
    })),
    taxes.map((tax) => ({ propertyId: invoice.propertyId, invoiceId: invoice.id, ...tax })),
  );
  const serviceDates = lines.map((line) => line.bookedOn).sort();
  return {
    totalAmount: totals.grossAmount,
    netAmount: totals.netAmount,
    taxAmount: totals.taxAmount,
    serviceFrom: serviceDates[0] ?? folio.checkIn,
    serviceTo: serviceDates.at(-1) ?? folio.checkOut,
  };
}

/** The documents of an issued invoice are rendered by a job once the invoice has committed. */
async function enqueueRendering(ctx: AppContext, tx: Executor, invoice: TInvoiceRow): Promise<void> {
  await ctx.jobs.enqueue(tx, {
    type: 'invoices.render',
    propertyId: invoice.propertyId,
    payload: { invoiceId: invoice.id },
  });
}

function formatNumber(prefix: string, number: number): string {
  return prefix ? `${prefix}-${number}` : String(number);
}

/**
 * Issues a draft in the caller's transaction: fresh lines from its folio, the address check, the
 * confirmation of an amount still due, the next number, and the folio closed.
 */
async function issueDraft(
  ctx: AppContext,
  tx: Executor,
  actor: TActor,
  draft: TInvoiceRow,
  folio: TInvoiceFolio,
  closeWithDueAmount: boolean,
): Promise<TInvoiceRow> {
  assertAddressComplete(draft);
  const amounts = await snapshotLines(tx, draft, folio);
  const property = await findProperty(tx, actor.propertyId);
  if (isRecipientVatIdRequired(property.address.country, draft, amounts.totalAmount))
    throw new AppError('invoice/recipient_vat_id_required');
  const paid = await selectFolioPayments(tx, folio.id);
  const payment = invoicePayment({
    status: 'draft',
    totalAmount: amounts.totalAmount,
    folioPaidAmount: paid.amount,
  });
  const isPaid = payment.dueAmount <= 0;
  if (!isPaid && !closeWithDueAmount) throw new AppError('invoice/due_amount_unconfirmed');
  const { prefix, number } = await allocateInvoiceNumber(tx, actor.propertyId);
  const now = ctx.clock.now();
  const issued = await updateInvoiceRow(tx, draft.id, {
    ...amounts,
    number: formatNumber(prefix, number),
    status: isPaid ? 'paid' : 'open',
    paidAmount: payment.paidAmount,
    issuedAt: now,
    dueOn: isPaid ? null : addDays(todayIn(property.timeZone, now), property.paymentTermDays),
  });
  await setFolioClosedAt(tx, folio.id, now);
  await enqueueRendering(ctx, tx, issued);
  const event = { propertyId: actor.propertyId, actor, objectType: 'invoice' as const, objectId: draft.id };
  await recordEvent(tx, { ...event, type: 'issued', data: { number: issued.number } });
  if (isPaid) await recordEvent(tx, { ...event, type: 'paid' });
  return issued;
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
  const [lines, cancellations, folioPaid] = await Promise.all([
    selectInvoiceLines(db, row.id),
    selectCancellations(db, [row.id]),
    countsPaymentsNow(row) ? selectFolioPayments(db, row.folioId) : { amount: 0 },
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
  const [cancellations, lines] = await Promise.all([
    selectCancellations(db, ids),
    selectLinesOfInvoices(db, ids),
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

/**
 * Makes an invoice from a folio: issued at once, or kept as a draft to edit first. Staff, or the guest
 * of the folio's booking (the portal's re-issue).
 */
export async function createInvoice(
  ctx: AppContext,
  actor: TActor,
  request: z.output<typeof ZCreateInvoiceRequest>,
): Promise<TInvoice> {
  if (actor.kind !== 'guest') requireAccess(actor, 'invoices', 'write');
  const input = request;
  const row = await asInvoiceWrite(() =>
    ctx.db.transaction(async (tx) => {
      const folio = await findFolio(tx, actor, input.folioId);
      requireBookingAccess(actor, 'invoices', 'write', folio.bookingId ?? '');
      if (await selectStandingInvoiceOfFolio(tx, folio.id)) throw new AppError('folio/already_invoiced');
      const customerId = folio.customerId ?? folio.bookingCustomerId ?? folio.groupCustomerId;
      const draft = await insertInvoice(tx, {
        propertyId: actor.propertyId,
        folioId: folio.id,
        bookingId: folio.bookingId,
        ...(await recipientOf(tx, actor, customerId)),
        additionalText: input.additionalText ?? null,
        status: 'draft',
      });
      await recordEvent(tx, {
        propertyId: actor.propertyId,
        actor,
        objectType: 'invoice',
        objectId: draft.id,
        type: 'created',
        data: { folioId: folio.id },
      });
      if (!input.draft) return issueDraft(ctx, tx, actor, draft, folio, input.closeWithDueAmount);
      return updateInvoiceRow(tx, draft.id, await snapshotLines(tx, draft, folio));
    }),
  );
  if (row.status !== 'draft') ctx.jobs.wake();
  return readInvoice(ctx.db, row);
}

function assertDraft(row: TInvoiceRow): void {
  if (row.status !== 'draft') throw new AppError('invoice/immutable');
}

/**
 * Changes a draft's customer, recipient, company, VAT ID, billing address or additional text: staff, or
 * the guest of the invoice's booking through the portal. Asked to, it also saves the billing address
 * to the invoice's customer.
 */
export async function updateInvoice(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateInvoiceRequest,
): Promise<TInvoice> {
  if (actor.kind !== 'guest') requireAccess(actor, 'invoices', 'write');
  const row = await asInvoiceWrite(() =>
    ctx.db.transaction(async (tx) => {
      const current = await findInvoice(tx, actor, id, true);
      requireBookingAccess(actor, 'invoices', 'write', current.bookingId ?? '');
      assertDraft(current);
      const customer =
        input.customerId !== undefined && input.customerId !== current.customerId
          ? await recipientOf(tx, actor, input.customerId)
          : {};
      const { saveAddressToContact, ...fields } = input;
      const updated = await updateInvoiceRow(tx, id, {
        ...customer,
        ...(fields.recipient !== undefined ? { recipient: fields.recipient } : {}),
        ...(fields.recipientCompany !== undefined ? { recipientCompany: fields.recipientCompany } : {}),
        ...(fields.recipientVatId !== undefined ? { recipientVatId: fields.recipientVatId } : {}),
        ...(fields.billingAddress !== undefined ? { billingAddress: fields.billingAddress } : {}),
        ...(fields.additionalText !== undefined ? { additionalText: fields.additionalText } : {}),
      });
      if (saveAddressToContact && updated.customerId) {
        await updateContactAddress(tx, updated.customerId, updated.billingAddress);
        await recordEvent(tx, {
          propertyId: actor.propertyId,
          actor,
          objectType: 'contact',
          objectId: updated.customerId,
          type: 'updated',
          data: { fields: ['address'], invoiceId: id },
        });
      }
      await recordEvent(tx, {
        propertyId: actor.propertyId,
        actor,
        objectType: 'invoice',
        objectId: id,
        type: 'updated',
        data: { fields: Object.keys(input) },
      });
      return updated;
    }),
  );
  return readInvoice(ctx.db, row);
}

/** Issues a draft: it gets the next number and can no longer change. */
export async function issueInvoice(
  ctx: AppContext,
  actor: TActor,
  id: string,
  request: z.output<typeof ZIssueInvoiceRequest>,
): Promise<TInvoice> {
  if (actor.kind !== 'guest') requireAccess(actor, 'invoices', 'write');
  const input = request;
  const row = await asInvoiceWrite(() =>
    ctx.db.transaction(async (tx) => {
      const draft = await findInvoice(tx, actor, id, true);
      requireBookingAccess(actor, 'invoices', 'write', draft.bookingId ?? '');
      if (draft.status !== 'draft') throw new AppError('invoice/invalid_transition');
      const folio = await findFolio(tx, actor, draft.folioId);
      return issueDraft(ctx, tx, actor, draft, folio, input.closeWithDueAmount);
    }),
  );
  ctx.jobs.wake();
  return readInvoice(ctx.db, row);
}

/**
 * Staff, or the guest of the invoice's booking (the portal's re-issue), cancels an issued invoice with a
 * cancellation invoice: the next number, every amount reversed, a
 * reference to the original; the original is canceled and its folio open again. Answers the
 * cancellation invoice.
 */
export async function cancelInvoice(ctx: AppContext, actor: TActor, id: string): Promise<TInvoice> {
  if (actor.kind !== 'guest') requireAccess(actor, 'invoices', 'write');
  const row = await asInvoiceWrite(() =>
    ctx.db.transaction(async (tx) => {
      const original = await findInvoice(tx, actor, id, true);
      requireBookingAccess(actor, 'invoices', 'write', original.bookingId ?? '');
      if (!['open', 'paid'].includes(original.status) || original.cancels)
        throw new AppError('invoice/invalid_transition');
      const [lines, taxes] = await Promise.all([
        selectInvoiceLines(tx, original.id),
        selectInvoiceTaxes(tx, original.id),
      ]);
      const draft = await insertInvoice(tx, {
        propertyId: actor.propertyId,
        folioId: original.folioId,
        bookingId: original.bookingId,
        customerId: original.customerId,
        recipient: original.recipient,
        recipientCompany: original.recipientCompany,
        recipientVatId: original.recipientVatId,
        billingAddress: original.billingAddress,
        additionalText: original.additionalText,
        cancels: original.id,
        status: 'draft',
      });
      await replaceInvoiceRows(
        tx,
        draft.id,
        lines.map(({ id: _line, invoiceId: _invoice, ...line }) => ({
          ...line,
          invoiceId: draft.id,
          netAmount: -line.netAmount,
          taxAmount: -line.taxAmount,
          grossAmount: -line.grossAmount,
        })),
        taxes.map(({ id: _tax, invoiceId: _invoice, ...tax }) => ({
          ...tax,
          invoiceId: draft.id,
          netAmount: -tax.netAmount,
          taxAmount: -tax.taxAmount,
          grossAmount: -tax.grossAmount,
        })),
      );
      const { prefix, number } = await allocateInvoiceNumber(tx, actor.propertyId);
      const now = ctx.clock.now();
      const cancellation = await updateInvoiceRow(tx, draft.id, {
        number: formatNumber(prefix, number),
        status: 'completed',
        totalAmount: -original.totalAmount,
        netAmount: -original.netAmount,
        taxAmount: -original.taxAmount,
        serviceFrom: original.serviceFrom,
        serviceTo: original.serviceTo,
        issuedAt: now,
      });
      await updateInvoiceRow(tx, original.id, { status: 'canceled' });
      await enqueueRendering(ctx, tx, cancellation);
      await setFolioClosedAt(tx, original.folioId, null);
      const event = { propertyId: actor.propertyId, actor, objectType: 'invoice' as const };
      await recordEvent(tx, {
        ...event,
        objectId: cancellation.id,
        type: 'created',
        data: { cancels: original.id, number: cancellation.number },
      });
      await recordEvent(tx, {
        ...event,
        objectId: original.id,
        type: 'canceled',
        data: { cancellationId: cancellation.id, cancellationNumber: cancellation.number },
      });
      return cancellation;
    }),
  );
  ctx.jobs.wake();
  return readInvoice(ctx.db, row);
}

/** Deletes a draft, unless payments were posted on its folio (close and cancel it instead). */
export async function deleteInvoice(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'invoices', 'write');
  await asInvoiceWrite(() =>
    ctx.db.transaction(async (tx) => {
      const row = await findInvoice(tx, actor, id, true);
      assertDraft(row);
      if ((await selectFolioPayments(tx, row.folioId)).count > 0) throw new AppError('folio/payments_posted');
      await deleteInvoiceRows(tx, row.id);
      await recordEvent(tx, {
        propertyId: actor.propertyId,
        actor,
        objectType: 'invoice',
        objectId: row.id,
        type: 'deleted',
      });
    }),
  );
}

/**
 * Marks the folio's open invoices paid once its payments cover them; whoever posts a payment calls it
 * in the payment's transaction.
 */
export async function settleFolioInvoices(db: Executor, actor: TActor, folioId: string): Promise<void> {
  const open = await selectOpenInvoicesOfFolio(db, folioId);
  if (open.length === 0) return;
  const paid = await selectFolioPayments(db, folioId);
  for (const invoice of open) {
    if (paid.amount < invoice.totalAmount) continue;
    await updateInvoiceRow(db, invoice.id, { status: 'paid' });
    await recordEvent(db, {
      propertyId: invoice.propertyId,
      actor,
      objectType: 'invoice',
      objectId: invoice.id,
      type: 'paid',
    });
  }
}

/** What an issued invoice's documents print, from its stored lines. */
export async function invoiceDocumentOf(
  db: Executor,
  actor: TActor,
  invoice: TInvoiceRow,
): Promise<TInvoiceDocument> {
  const [lines, property, cancelled, parties] = await Promise.all([
    selectInvoiceLines(db, invoice.id),
    findProperty(db, actor.propertyId),
    invoice.cancels ? findInvoice(db, actor, invoice.cancels) : null,
    selectDocumentParties(db, invoice),
  ]);
  return toInvoiceDocument({ invoice, lines, property, cancelled, ...parties });
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
