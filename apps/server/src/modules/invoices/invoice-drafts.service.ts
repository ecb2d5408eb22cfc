import type { z } from 'zod';
import type { ZCreateInvoiceRequest } from '@pms/contract';
import type { TInvoice, TUpdateInvoiceRequest } from '@pms/contract';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { requireAccess, requireBookingAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import {
  deleteInvoiceRows,
  insertInvoice,
  selectFolioPayments,
  selectStandingInvoiceOfFolio,
  updateContactAddress,
  updateInvoiceRow,
  type TInvoiceRow,
} from './invoices.queries.ts';
import { findFolio, issueDraft, recipientOf, snapshotLines } from './invoice-issue.service.ts';
import { asInvoiceWrite, findInvoice, readInvoice } from './invoices.service.ts';

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
          data: { changed: ['address'], invoiceId: id },
        });
      }
      await recordEvent(tx, {
        propertyId: actor.propertyId,
        actor,
        objectType: 'invoice',
        objectId: id,
        type: 'updated',
        data: { changed: Object.keys(input) },
      });
      return updated;
    }),
  );
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
