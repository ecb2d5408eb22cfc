import type { TFolio, TPostPaymentRequest } from '@pms/contract';
import { requireAccess, type TActor, type TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { assertPaymentMethodOwned } from '../base-data/index.ts';
import { reverseDeskPayment, signDeskPayment } from '../cash/index.ts';
import { settleFolioInvoices } from '../invoices/index.ts';
import {
  insertPaymentRow,
  selectFolioPaidAmount,
  selectFolioPayment,
  softDeletePayment,
  type TFolioRow,
} from './folios.queries.ts';
import { toFolio } from './folios.mapper.ts';
import { folioEvent, lockFolio, postOnOpenFolio, today } from './folio-postings.ts';

/**
 * A payment, or with `isRefund` a refund: money paid back, stored as a negative payment. A closed
 * folio still takes payments (its invoice is settled by them: paid once they cover it), never charges.
 */
export async function postPayment(
  ctx: AppContext,
  actor: TActor,
  folioId: string,
  input: TPostPaymentRequest,
  options: { isRefund?: boolean } = {},
): Promise<TFolio> {
  requireAccess(actor, 'folios', 'write');
  return ctx.db.transaction(async (tx) => {
    const folio = await recordPayment(
      ctx,
      tx,
      actor,
      folioId,
      { ...input, amount: options.isRefund ? -input.amount : input.amount },
      undefined,
      { atDesk: true },
    );
    return toFolio(tx, folio);
  });
}

/**
 * A folio's payments never add up to less than nothing: a refund, or the deletion of a payment, that
 * would pay back more than the folio was paid is refused. The caller holds the folio's lock, so two
 * refunds at once are checked one after the other.
 */
async function assertPaidStaysCovered(db: Executor, folioId: string, change: number): Promise<void> {
  if (change >= 0) return;
  const paidAmount = await selectFolioPaidAmount(db, folioId);
  if (paidAmount + change < 0)
    throw new AppError('payment/refund_exceeds_paid', 'a refund cannot exceed what the folio was paid', {
      paidAmount,
    });
}

/**
 * A payment taken at the desk goes to the cash register that signs its method (cash, card at the desk):
 * its receipt splits the payment by what the folio bills per rate, the local tax at 0 %.
 */
async function signAtDesk(
  ctx: AppContext,
  tx: Executor,
  actor: TRoleActor,
  row: TFolioRow,
  payment: TPostPaymentRequest & { id: string },
): Promise<void> {
  const folio = await toFolio(tx, row);
  await signDeskPayment(ctx, tx, actor, {
    payment: { id: payment.id, amount: payment.amount, paymentMethodId: payment.paymentMethodId },
    folioId: folio.id,
    taxes: [
      ...folio.taxes.map((tax) => ({ taxPercentage: tax.taxPercentage, grossAmount: tax.grossAmount })),
      ...(folio.localTaxAmount > 0 ? [{ taxPercentage: 0, grossAmount: folio.localTaxAmount }] : []),
    ],
    lines: folio.charges.map((charge) => ({
      text: charge.text,
      quantity: charge.quantity,
      grossAmount: charge.grossAmount,
      taxPercentage: charge.taxPercentage,
    })),
    cashRegisterId: payment.cashRegisterId,
  });
}

/**
 * Writes a payment (negative: a refund) in the caller's transaction, with its event, and settles the
 * folio's invoices: for callers that checked access and hold a transaction of their own, such as a
 * card payment arriving from the payment partner. `check` is the caller's own rule, made under the
 * folio's lock (a payment on an invoice never more than it leaves open).
 */
export async function recordPayment(
  ctx: AppContext,
  tx: Executor,
  actor: TRoleActor,
  folioId: string,
  input: TPostPaymentRequest,
  check?: () => Promise<void>,
  options: { atDesk?: boolean } = {},
): Promise<TFolioRow> {
  const folio = await lockFolio(tx, actor, folioId);
  await check?.();
  await assertPaymentMethodOwned(tx, actor.propertyId, input.paymentMethodId);
  await assertPaidStaysCovered(tx, folio.id, input.amount);
  const payment = await insertPaymentRow(tx, {
    propertyId: actor.propertyId,
    folioId: folio.id,
    paymentMethodId: input.paymentMethodId,
    amount: input.amount,
    reference: input.reference ?? null,
    paidOn: input.paidOn ?? (await today(ctx, tx, actor.propertyId)),
  });
  await recordEvent(
    tx,
    folioEvent(folio, actor, 'payment_created', {
      paymentId: payment.id,
      amount: payment.amount,
      paymentMethodId: payment.paymentMethodId,
      isRefund: payment.amount < 0,
    }),
  );
  if (options.atDesk) await signAtDesk(ctx, tx, actor, folio, { ...input, id: payment.id });
  await settleFolioInvoices(tx, actor, folio.id);
  return folio;
}

export async function deletePayment(
  ctx: AppContext,
  actor: TActor,
  folioId: string,
  paymentId: string,
): Promise<TFolio> {
  requireAccess(actor, 'folios', 'write');
  return postOnOpenFolio(ctx, actor, folioId, async (tx, folio) => {
    const payment = await selectFolioPayment(tx, folio.id, paymentId);
    if (!payment) throw new AppError('not_found', 'payment not found');
    await assertPaidStaysCovered(tx, folio.id, -payment.amount);
    await softDeletePayment(tx, payment.id, ctx.clock.now());
    await reverseDeskPayment(ctx, tx, actor, payment.id);
    return { type: 'payment_deleted', data: { paymentId: payment.id, amount: payment.amount } };
  });
}
