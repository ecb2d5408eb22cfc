import type {
  TInvoice,
  TPortalCharges,
  TPortalFolioSummary,
  TPortalInvoices,
  TUpdatePortalInvoiceRequest,
} from '@pms/contract';
import { requireGuest, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { AppError, invalidField, notFound } from '../../errors.ts';
import { listFolios } from '../folios/index.ts';
import {
  cancelInvoice,
  createInvoice,
  issueInvoice,
  listInvoices,
  updateInvoice,
} from '../invoices/index.ts';
import {
  hasCanceledBookingInvoice,
  selectBookingCustomerId,
  selectBookingGuests,
  selectBookingInvoice,
} from './portal.queries.ts';

/** The booking's totals over all its folios and per folio. */
export async function getFolioSummary(ctx: AppContext, actor: TActor): Promise<TPortalFolioSummary> {
  requireGuest(actor);
  const { data, totals } = await listFolios(ctx, actor, { bookingId: actor.bookingId });
  return {
    ...totals,
    folios: data.map((folio) => ({ id: folio.id, name: folio.name, ...folio.totals })),
  };
}

/** Every entry of the booking's folios, in the order they were posted. */
export async function listCharges(ctx: AppContext, actor: TActor): Promise<TPortalCharges> {
  requireGuest(actor);
  const { data } = await listFolios(ctx, actor, { bookingId: actor.bookingId });
  return {
    data: data.flatMap((folio) =>
      folio.charges.map((charge) => ({
        id: charge.id,
        folioId: charge.folioId,
        kind: charge.kind,
        itemId: charge.itemId,
        quantity: charge.quantity,
        text: charge.text,
        netAmount: charge.netAmount,
        taxAmount: charge.taxAmount,
        taxPercentage: charge.taxPercentage,
        grossAmount: charge.grossAmount,
        default: charge.default,
        bookedOn: charge.bookedOn,
      })),
    ),
  };
}

/** The booking's invoices, newest first as the invoices module lists them. */
export async function listPortalInvoices(ctx: AppContext, actor: TActor): Promise<TPortalInvoices> {
  requireGuest(actor);
  const page = await listInvoices(ctx, actor, { bookingId: actor.bookingId, pageNumber: 1, pageSize: 100 });
  return { data: page.data };
}

/**
 * Changes an invoice of the booking through the invoices module: the billing address, the additional
 * text, or the recipient, who must be the booking's customer or one of its guests; the folio cannot
 * change. A draft is changed; an issued (open or paid) invoice is re-issued in one transaction: it is
 * canceled by a cancellation invoice and a new invoice with the changes is issued over the same folio.
 * Once an invoice of the booking was canceled, issued invoices are no longer re-issued from the portal
 * (409 `invoice/immutable`), as the spec's screen disables editing then.
 */
export async function updatePortalInvoice(
  ctx: AppContext,
  actor: TActor,
  invoiceId: string,
  input: TUpdatePortalInvoiceRequest,
): Promise<TInvoice> {
  requireGuest(actor);
  const invoice = await selectBookingInvoice(ctx.db, actor.bookingId, invoiceId);
  if (!invoice) throw notFound('invoice');
  if (input.folioId !== undefined && input.folioId !== invoice.folioId)
    throw invalidField('body/folioId', 'an invoice stays on its folio');
  if (input.customerId) {
    const guests = await selectBookingGuests(ctx.db, actor.bookingId);
    const people = new Set([
      ...guests.map((guest) => guest.contact.id),
      await selectBookingCustomerId(ctx.db, actor.bookingId),
    ]);
    if (!people.has(input.customerId)) throw notFound('contact');
  }
  const { folioId: _folioId, ...changes } = input;
  if (invoice.status === 'draft') return updateInvoice(ctx, actor, invoiceId, changes);
  if (!['open', 'paid'].includes(invoice.status) || invoice.cancels)
    throw new AppError('invoice/immutable', 'a canceled invoice or a cancellation is not changed');
  if (await hasCanceledBookingInvoice(ctx.db, actor.bookingId))
    throw new AppError('invoice/immutable', 'an invoice of this stay was canceled already');
  return ctx.db.transaction(async (tx) => {
    // The invoices module's calls join this transaction: all of the re-issue happens, or none.
    const inTransaction: AppContext = { ...ctx, db: tx };
    await cancelInvoice(inTransaction, actor, invoiceId);
    const draft = await createInvoice(inTransaction, actor, {
      folioId: invoice.folioId,
      draft: true,
      closeWithDueAmount: false,
    });
    const kept = <K extends keyof typeof changes & keyof typeof invoice>(key: K) =>
      changes[key] !== undefined ? changes[key] : invoice[key];
    await updateInvoice(inTransaction, actor, draft.id, {
      customerId: kept('customerId'),
      recipientCompany: kept('recipientCompany'),
      recipientVatId: kept('recipientVatId'),
      billingAddress: changes.billingAddress ?? invoice.billingAddress,
      saveAddressToContact: changes.saveAddressToContact,
      additionalText: kept('additionalText'),
    });
    return issueInvoice(inTransaction, actor, draft.id, { closeWithDueAmount: true });
  });
}
