import type { TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findProperty } from '../../lib/properties.ts';
import { selectPaymentMethod, selectRegistersForMethod, type TRegisterRow } from './cash.queries.ts';
import { insertMovement, selectOpenShift, selectPaymentMovement } from './cash-book.queries.ts';
import { selectPaymentReceipts } from './receipts.queries.ts';
import { lockCashRegister, userIdOf } from './cash-registers.service.ts';
import { canSign } from './fiscal-adapters.ts';
import { signReceipt, type TReceiptLine, type TReceiptTax } from './fiscal-signing.ts';
import { allocateToTaxes } from './receipt-taxes.ts';

/** The countries whose law wants every cash payment signed by a certified register. */
const fiscalCountries = new Set(['AT', 'DE']);

/** A payment at the desk, as the folio posted it, with what the folio bills for the receipt. */
export type TDeskPayment = {
  payment: { id: string; amount: number; paymentMethodId: string };
  folioId: string;
  /** What the folio bills per rate (the local tax at 0 %): the receipt splits the payment by it. */
  taxes: TReceiptTax[];
  lines: TReceiptLine[];
  cashRegisterId?: string | undefined;
};

const fiscalRequired = (message: string, detail?: Record<string, string>) =>
  new AppError('payment/fiscal_required', message, detail);

/**
 * The register that signs a desk payment with this method: the one asked for, else the only one open.
 * None when the method is not one a register signs and not cash in a country whose law wants it signed.
 */
async function registerFor(
  ctx: AppContext,
  db: Executor,
  actor: TRoleActor,
  method: { kind: string },
  input: TDeskPayment,
): Promise<TRegisterRow | null> {
  const candidates = await selectRegistersForMethod(db, actor.propertyId, input.payment.paymentMethodId);
  if (candidates.length === 0) {
    const property = await findProperty(db, actor.propertyId);
    if (method.kind !== 'cash' || !fiscalCountries.has((property.address.country ?? '').toUpperCase()))
      return null;
    throw fiscalRequired('cash needs a cash register: set one up in the base data and open it');
  }
  const open = candidates.filter((candidate) => candidate.openShiftId !== null);
  const chosen = input.cashRegisterId
    ? candidates.find((candidate) => candidate.id === input.cashRegisterId)
    : open.length === 1
      ? open[0]
      : undefined;
  if (!chosen) {
    if (input.cashRegisterId) throw fiscalRequired('this cash register does not take this payment method');
    if (open.length === 0) throw fiscalRequired('open the cash register before taking cash');
    throw fiscalRequired('choose the cash register', {
      cashRegisterIds: open.map((item) => item.id).join(','),
    });
  }
  const register = await lockCashRegister(db, actor.propertyId, chosen.id);
  if (!canSign(ctx, register)) throw fiscalRequired('the cash register has no working fiscal signing');
  return register;
}

/**
 * Signs a payment (or refund) taken at the desk with a method a cash register signs, in the caller's
 * transaction: the receipt, and for cash the drawer's movement, are written with the payment or not at
 * all. A remote online payment (the portal's card checkout) never comes here.
 */
export async function signDeskPayment(
  ctx: AppContext,
  db: Executor,
  actor: TRoleActor,
  input: TDeskPayment,
): Promise<void> {
  const method = await selectPaymentMethod(db, actor.propertyId, input.payment.paymentMethodId);
  if (!method) return;
  const register = await registerFor(ctx, db, actor, method, input);
  if (!register) return;
  const shift = await selectOpenShift(db, actor.propertyId, register.id);
  if (!shift) throw fiscalRequired('open the cash register before taking cash');
  const amount = input.payment.amount;
  const receipt = await signReceipt(ctx, db, register, {
    kind: amount < 0 ? 'storno' : 'standard',
    taxes: allocateToTaxes(amount, input.taxes),
    lines: input.lines,
    paymentMethodName: method.name,
    isCash: method.kind === 'cash',
    paymentId: input.payment.id,
    folioId: input.folioId,
    createdBy: userIdOf(actor),
  });
  if (method.kind !== 'cash' || receipt.kind === 'training') return;
  await insertMovement(db, {
    propertyId: actor.propertyId,
    cashRegisterId: register.id,
    shiftId: shift.id,
    businessDate: receipt.businessDate,
    kind: amount < 0 ? 'refund' : 'payment',
    amount,
    receiptId: receipt.id,
    paymentId: input.payment.id,
    createdBy: userIdOf(actor),
  });
}

/**
 * A signed payment deleted: a storno receipt for what its receipt said, and for cash the money out of
 * the drawer again, on the register's open shift. A payment without a receipt needs nothing.
 */
export async function reverseDeskPayment(
  ctx: AppContext,
  db: Executor,
  actor: TRoleActor,
  paymentId: string,
): Promise<void> {
  const receipts = await selectPaymentReceipts(db, actor.propertyId, paymentId);
  const original = receipts[0];
  if (!original || original.kind === 'training') return;
  const register = await lockCashRegister(db, actor.propertyId, original.cashRegisterId);
  const shift = await selectOpenShift(db, actor.propertyId, register.id);
  if (!shift || !canSign(ctx, register)) {
    throw fiscalRequired('open the cash register that signed this payment to reverse it');
  }
  const movement = await selectPaymentMovement(db, actor.propertyId, paymentId);
  const receipt = await signReceipt(ctx, db, register, {
    kind: 'storno',
    taxes: original.taxes.map((tax) => ({ ...tax, grossAmount: -tax.grossAmount })),
    lines: original.lines.map((line) => ({ ...line, grossAmount: -line.grossAmount })),
    paymentMethodName: original.paymentMethodName,
    isCash: movement !== undefined,
    paymentId,
    folioId: original.folioId ?? undefined,
    createdBy: userIdOf(actor),
  });
  if (!movement || receipt.kind === 'training') return;
  await insertMovement(db, {
    propertyId: actor.propertyId,
    cashRegisterId: register.id,
    shiftId: shift.id,
    businessDate: receipt.businessDate,
    kind: movement.amount > 0 ? 'refund' : 'payment',
    amount: -movement.amount,
    reason: 'Storno',
    receiptId: receipt.id,
    paymentId,
    createdBy: userIdOf(actor),
  });
}
