import type { TInvoice } from '@pms/contract';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { requireAccess, requireBookingAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import {
  allocateInvoiceNumber,
  insertInvoice,
  replaceInvoiceRows,
  selectInvoiceLines,
  selectInvoiceTaxes,
  setFolioClosedAt,
  updateInvoiceRow,
} from './invoices.queries.ts';
import { enqueueRendering, formatNumber, signAtTse } from './invoice-issue.service.ts';
import { asInvoiceWrite, findInvoice, readInvoice } from './invoices.service.ts';

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
      const lines = await selectInvoiceLines(tx, original.id);
      const taxes = await selectInvoiceTaxes(tx, original.id);
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
      await signAtTse(ctx, tx, actor, cancellation);
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
