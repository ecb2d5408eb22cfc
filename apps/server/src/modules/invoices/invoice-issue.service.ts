import type { z } from 'zod';
import type { ZIssueInvoiceRequest } from '@pms/contract';
import { addDays, todayIn, type TInvoice } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { billedCharges, computeInvoiceTax } from '../../lib/invoice-tax.ts';
import { findProperty } from '../../lib/properties.ts';
import { invoicePayment, isRecipientVatIdRequired } from './invoice-totals.ts';
import { requireAccess, requireBookingAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import {
  allocateInvoiceNumber,
  replaceInvoiceRows,
  selectFolioCharges,
  selectFolioForInvoice,
  selectFolioPayments,
  selectInvoiceTaxes,
  selectOpenInvoicesOfFolio,
  setFolioClosedAt,
  updateInvoiceRow,
  type TInvoiceFolio,
  type TInvoiceRow,
} from './invoices.queries.ts';
import { signIssuedInvoice } from '../cash/index.ts';
import { findOwnedContact } from '../contacts/index.ts';
import { asInvoiceWrite, findInvoice, readInvoice } from './invoices.service.ts';

export async function findFolio(db: Executor, actor: TActor, folioId: string): Promise<TInvoiceFolio> {
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
export async function recipientOf(
  db: Executor,
  actor: TActor,
  customerId: string | null,
): Promise<TRecipient> {
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
export async function snapshotLines(db: Executor, invoice: TInvoiceRow, folio: TInvoiceFolio) {
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

/** A German property's register signs each invoice and cancellation invoice as it is issued. */
export async function signAtTse(ctx: AppContext, tx: Executor, actor: TActor, invoice: TInvoiceRow) {
  await signIssuedInvoice(ctx, tx, {
    propertyId: invoice.propertyId,
    id: invoice.id,
    number: invoice.number ?? '',
    taxes: await selectInvoiceTaxes(tx, invoice.id),
    createdBy: actor.kind === 'user' ? actor.id : null,
  });
}

/** The documents of an issued invoice are rendered by a job once the invoice has committed. */
export async function enqueueRendering(ctx: AppContext, tx: Executor, invoice: TInvoiceRow): Promise<void> {
  await ctx.jobs.enqueue(tx, {
    type: 'invoices.render',
    propertyId: invoice.propertyId,
    payload: { invoiceId: invoice.id },
  });
}

export function formatNumber(prefix: string, number: number): string {
  return prefix ? `${prefix}-${number}` : String(number);
}

/**
 * Issues a draft in the caller's transaction: fresh lines from its folio, the address check, the
 * confirmation of an amount still due, the next number, and the folio closed.
 */
export async function issueDraft(
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
  await signAtTse(ctx, tx, actor, issued);
  await enqueueRendering(ctx, tx, issued);
  const event = { propertyId: actor.propertyId, actor, objectType: 'invoice' as const, objectId: draft.id };
  await recordEvent(tx, { ...event, type: 'issued', data: { number: issued.number } });
  if (isPaid) await recordEvent(tx, { ...event, type: 'paid' });
  return issued;
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
