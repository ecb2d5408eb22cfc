import {
  splitGross,
  todayIn,
  type TCreateFolioRequest,
  type TFolio,
  type TFolioCharge,
  type TFolioList,
  type TFolioListQuery,
  type TFolioTotals,
  type TMoveChargeRequest,
  type TPayment,
  type TPostAllowanceRequest,
  type TPostChargeRequest,
  type TPostPaymentRequest,
  type TUpdateChargeRequest,
  type TUpdateFolioRequest,
  type TVoidChargeRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { folios } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { folioTaxPreview } from '../../lib/invoice-tax.ts';
import { findProperty } from '../../lib/properties.ts';
import { toRecord } from '../../lib/records.ts';
import { findOwned } from '../../db/owned-records.ts';
import { requireAccess, requireBookingAccess, type TActor, type TRoleActor } from '../../actor.ts';
import {
  taxRateOnServiceDate,
  assertPaymentMethodOwned,
  findOwnedItem,
  findOwnedTaxRate,
} from '../base-data/index.ts';
import { settleFolioInvoices } from '../invoices/index.ts';
import {
  insertChargeRow,
  insertFolioRow,
  insertPaymentRow,
  selectBookingGroupId,
  selectCharges,
  selectCorrectedAmount,
  selectFolioCharge,
  selectFolioPaidAmount,
  selectFolioPayment,
  selectFolios,
  selectFolioSums,
  selectPayments,
  setChargeTransfer,
  softDeletePayment,
  updateFolioRow,
  type TChargeRow,
  type TFolioRow,
  type TPaymentRow,
  findFolioBooking,
} from './folios.queries.ts';
import { assertContactOwned } from '../contacts/index.ts';
import { assertGroupOwned, findOwnedGroup } from '../groups/index.ts';

function toCharge(row: TChargeRow): TFolioCharge {
  return {
    id: row.id,
    folioId: row.folioId,
    kind: row.kind,
    itemId: row.itemId,
    quantity: row.quantity,
    text: row.text,
    netAmount: row.netAmount,
    taxAmount: row.taxAmount,
    taxPercentage: row.taxBasisPoints / 100,
    taxCode: row.taxCode,
    accountNumber: row.accountNumber,
    grossAmount: row.grossAmount,
    isTransitory: row.isTransitory,
    default: row.isDefault,
    bookedOn: row.bookedOn,
    correctsChargeId: row.correctsChargeId,
    transferChargeId: row.transferChargeId,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

function toPayment(row: TPaymentRow): TPayment {
  return {
    id: row.id,
    folioId: row.folioId,
    amount: row.amount,
    paymentMethodId: row.paymentMethodId,
    paymentMethodName: row.paymentMethodName,
    reference: row.reference,
    paidOn: row.paidOn,
    isRefund: row.amount < 0,
    createdAt: row.createdAt.toISOString(),
  };
}

function totalsOf(sums: { grossAmount: number; paidAmount: number } | undefined): TFolioTotals {
  const grossAmount = sums?.grossAmount ?? 0;
  const paidAmount = sums?.paidAmount ?? 0;
  return { grossAmount, paidAmount, dueAmount: grossAmount - paidAmount };
}

function addTotals(all: TFolioTotals[]): TFolioTotals {
  const grossAmount = all.reduce((sum, totals) => sum + totals.grossAmount, 0);
  const paidAmount = all.reduce((sum, totals) => sum + totals.paidAmount, 0);
  return { grossAmount, paidAmount, dueAmount: grossAmount - paidAmount };
}

/** Folios as the API sends them, with their entries and totals, read in three queries. */
async function toFolios(db: Executor, rows: TFolioRow[]): Promise<TFolio[]> {
  const ids = rows.map((row) => row.id);
  const [charges, payments, sums] = [
    await selectCharges(db, ids),
    await selectPayments(db, ids),
    await selectFolioSums(db, ids),
  ];
  return rows.map((row) => {
    const totals = totalsOf(sums.get(row.id));
    const entries = charges.filter((charge) => charge.folioId === row.id);
    const preview = folioTaxPreview(
      entries.map((charge) => ({ ...charge, isLocalTax: charge.isTransitory })),
    );
    return {
      ...toRecord(row),
      bookingId: row.bookingId,
      groupId: row.groupId,
      customerId: row.customerId,
      name: row.name,
      isGroupFolio: row.isGroupFolio,
      isVirtualPayment: row.isVirtualPayment,
      closedAt: row.closedAt?.toISOString() ?? null,
      isClosed: row.closedAt !== null,
      charges: entries.map(toCharge),
      payments: payments.filter((payment) => payment.folioId === row.id).map(toPayment),
      totals,
      taxes: preview.taxes.map(({ taxBasisPoints, ...share }) => ({
        taxPercentage: taxBasisPoints / 100,
        ...share,
      })),
      localTaxAmount: preview.localTaxAmount,
      warnings: { chargeCardBeforeCheckOut: row.isVirtualPayment && totals.dueAmount > 0 },
    };
  });
}

async function toFolio(db: Executor, row: TFolioRow): Promise<TFolio> {
  const [folio] = await toFolios(db, [row]);
  return folio!;
}

/** The folio, locked for the posting, refused once closed: an invoice closing it waits or wins. */
async function lockFolio(db: Executor, actor: TRoleActor, id: string): Promise<TFolioRow> {
  return findOwned(db, folios, actor.propertyId, id, 'folio', { lock: true });
}

async function lockOpenFolio(db: Executor, actor: TRoleActor, id: string): Promise<TFolioRow> {
  const folio = await lockFolio(db, actor, id);
  if (folio.closedAt) throw new AppError('folio/closed', 'the folio is closed');
  return folio;
}

async function findCharge(db: Executor, folio: TFolioRow, chargeId: string): Promise<TChargeRow> {
  const charge = await selectFolioCharge(db, folio.id, chargeId);
  if (!charge) throw new AppError('not_found', 'charge not found');
  return charge;
}

function folioEvent(folio: TFolioRow, actor: TRoleActor, type: string, data: Record<string, unknown>) {
  return {
    propertyId: actor.propertyId,
    actor,
    objectType: 'folio' as const,
    objectId: folio.id,
    type,
    data: { bookingId: folio.bookingId, groupId: folio.groupId, ...data },
  };
}

async function today(ctx: AppContext, db: Executor, propertyId: string): Promise<string> {
  const property = await findProperty(db, propertyId);
  return todayIn(property.timeZone, ctx.clock.now());
}

/** Totals of one folio: what invoices read to know whether it is paid. */
export async function getFolioTotals(db: Executor, folioId: string): Promise<TFolioTotals> {
  return totalsOf((await selectFolioSums(db, [folioId])).get(folioId));
}

/** Totals over all folios of a booking (its own and the split ones): what the balance rules check. */
export async function getBookingTotals(
  db: Executor,
  propertyId: string,
  bookingId: string,
): Promise<TFolioTotals> {
  const rows = await selectFolios(db, propertyId, { bookingId });
  const sums = await selectFolioSums(
    db,
    rows.map((row) => row.id),
  );
  return addTotals(rows.map((row) => totalsOf(sums.get(row.id))));
}

/** A booking's own folios (its split ones included), oldest first, each with its totals. */
export async function getBookingFolios(
  db: Executor,
  propertyId: string,
  bookingId: string,
): Promise<{ id: string; isClosed: boolean; totals: TFolioTotals }[]> {
  const rows = await selectFolios(db, propertyId, { bookingId });
  const sums = await selectFolioSums(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    isClosed: row.closedAt !== null,
    totals: totalsOf(sums.get(row.id)),
  }));
}

export async function listFolios(
  ctx: AppContext,
  actor: TActor,
  query: TFolioListQuery,
): Promise<TFolioList> {
  // A booking's folios: also its guest through the portal.
  if (query.bookingId) requireBookingAccess(actor, 'folios', 'read', query.bookingId);
  else requireAccess(actor, 'folios', 'read');
  const { db } = ctx;
  if (query.bookingId) await findFolioBooking(db, actor.propertyId, query.bookingId);
  if (query.groupId) await assertGroupOwned(db, actor.propertyId, query.groupId);
  const data = await toFolios(db, await selectFolios(db, actor.propertyId, query));
  return { data, totals: addTotals(data.map((folio) => folio.totals)) };
}

export async function getFolio(ctx: AppContext, actor: TActor, id: string): Promise<TFolio> {
  requireAccess(actor, 'folios', 'read');
  return toFolio(ctx.db, await findOwned(ctx.db, folios, actor.propertyId, id, 'folio'));
}

/** An extra folio of a booking (to split its bill), or a folio of a group (the group folio). */
export async function createFolio(
  ctx: AppContext,
  actor: TActor,
  input: TCreateFolioRequest,
): Promise<TFolio> {
  requireAccess(actor, 'folios', 'write');
  return ctx.db.transaction(async (tx) => {
    const owner = input.bookingId
      ? await findFolioBooking(tx, actor.propertyId, input.bookingId)
      : await findOwnedGroup(tx, actor.propertyId, input.groupId!);
    if (input.customerId) await assertContactOwned(tx, actor.propertyId, input.customerId, 'customer');
    const row = await insertFolioRow(tx, {
      propertyId: actor.propertyId,
      bookingId: input.bookingId ?? null,
      groupId: input.groupId ?? null,
      customerId: input.customerId === undefined ? owner.customerId : input.customerId,
      name: input.name ?? null,
      isGroupFolio: input.groupId !== undefined,
      isVirtualPayment: input.isVirtualPayment ?? false,
    });
    await recordEvent(tx, folioEvent(row, actor, 'folio_created', { name: row.name }));
    return toFolio(tx, row);
  });
}

export async function updateFolio(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateFolioRequest,
): Promise<TFolio> {
  requireAccess(actor, 'folios', 'write');
  return ctx.db.transaction(async (tx) => {
    const folio = await lockOpenFolio(tx, actor, id);
    if (input.customerId) await assertContactOwned(tx, actor.propertyId, input.customerId, 'customer');
    const row = await updateFolioRow(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.customerId !== undefined ? { customerId: input.customerId } : {}),
      ...(input.isVirtualPayment !== undefined ? { isVirtualPayment: input.isVirtualPayment } : {}),
    });
    await recordEvent(tx, folioEvent(folio, actor, 'folio_updated', { ...input }));
    return toFolio(tx, row);
  });
}

type TChargeValues = {
  itemId: string;
  quantity: number;
  text?: string | undefined;
  unitAmount?: number | undefined;
};

/** A new charge's values: the item's price and text, the tax rate snapshotted (none for the local tax). */
async function chargeValues(
  db: Executor,
  actor: TRoleActor,
  folio: TFolioRow,
  input: TChargeValues,
  bookedOn: string,
) {
  const item = await findOwnedItem(db, actor.propertyId, input.itemId);
  if (actor.role === 'catering' && item.type !== 'food_and_beverage')
    throw new AppError('auth/forbidden', 'catering posts food and drink charges only');
  const unitAmount = input.unitAmount ?? item.amount;
  if (unitAmount === null)
    throw new AppError('folio/item_price_required', 'the item has no fixed price: send unitAmount');
  const itemRate = await findOwnedTaxRate(db, actor.propertyId, item.taxRateId);
  const taxRate = await taxRateOnServiceDate(db, itemRate, bookedOn);
  const isTransitory = item.type === 'local_tax';
  const taxBasisPoints = isTransitory ? 0 : taxRate.basisPoints;
  const grossAmount = unitAmount * input.quantity;
  return {
    propertyId: actor.propertyId,
    folioId: folio.id,
    kind: 'charge' as const,
    itemId: item.id,
    taxRateId: isTransitory ? null : taxRate.id,
    taxCode: isTransitory ? null : taxRate.taxCode,
    accountNumber: item.accountNumber ?? (isTransitory ? null : taxRate.accountNumber),
    isTransitory,
    quantity: input.quantity,
    text: input.text ?? item.bookingText ?? item.name,
    grossAmount,
    ...splitGross(grossAmount, taxBasisPoints),
    taxBasisPoints,
    bookedOn,
  };
}

export async function postCharge(
  ctx: AppContext,
  actor: TActor,
  folioId: string,
  input: TPostChargeRequest,
): Promise<TFolio> {
  requireAccess(actor, 'charges', 'write');
  return ctx.db.transaction(async (tx) => {
    const folio = await lockOpenFolio(tx, actor, folioId);
    const bookedOn = input.bookedOn ?? (await today(ctx, tx, actor.propertyId));
    const charge = await insertChargeRow(tx, await chargeValues(tx, actor, folio, input, bookedOn));
    await recordEvent(
      tx,
      folioEvent(folio, actor, 'charge_created', {
        chargeId: charge.id,
        text: charge.text,
        grossAmount: charge.grossAmount,
      }),
    );
    return toFolio(tx, folio);
  });
}

/** The reasons of the allowances the system posts itself, where no one is asked for one. */
const systemReasons = {
  moved: 'Auf ein anderes Folio umgebucht',
  repriced: 'Preis des Aufenthalts geändert',
} as const;

/**
 * Takes `amount` cents (what is left when absent) off a charge with an allowance naming it and the
 * reason; the whole rest mirrors the charge's net and tax exactly, a part is split by its tax rate.
 */
async function insertAllowance(
  db: Executor,
  folio: Pick<TFolioRow, 'id'>,
  charge: TChargeRow,
  options: { reason: string; amount?: number | undefined; text?: string | undefined },
): Promise<TChargeRow> {
  if (charge.kind !== 'charge')
    throw new AppError('folio/invalid_allowance', 'an allowance cannot be corrected');
  const left = charge.grossAmount + (await selectCorrectedAmount(db, charge.id));
  const amount = options.amount ?? left;
  if (amount <= 0 || amount > left)
    throw new AppError('folio/invalid_allowance', `at most ${left} cents of the charge are left`, { left });
  const isWhole = amount === charge.grossAmount;
  const split = isWhole
    ? { netAmount: -charge.netAmount, taxAmount: -charge.taxAmount }
    : splitGross(-amount, charge.taxBasisPoints);
  return insertChargeRow(db, {
    propertyId: charge.propertyId,
    folioId: folio.id,
    kind: 'allowance',
    itemId: charge.itemId,
    taxRateId: charge.taxRateId,
    taxCode: charge.taxCode,
    accountNumber: charge.accountNumber,
    isTransitory: charge.isTransitory,
    isDefault: charge.isDefault,
    bookingId: charge.bookingId,
    quantity: isWhole ? -charge.quantity : -1,
    text: options.text ?? charge.text,
    grossAmount: -amount,
    ...split,
    taxBasisPoints: charge.taxBasisPoints,
    bookedOn: charge.bookedOn,
    correctsChargeId: charge.id,
    reason: options.reason,
  });
}

/**
 * Takes what is left of a charge off its folio with an allowance (nothing when nothing is left): how
 * repricing a stay corrects a rate charge where it lives. The caller holds the folio's lock.
 */
export async function reverseCharge(db: Executor, charge: TChargeRow): Promise<void> {
  if (charge.grossAmount + (await selectCorrectedAmount(db, charge.id)) <= 0) return;
  await insertAllowance(db, { id: charge.folioId }, charge, { reason: systemReasons.repriced });
}

/** A partial or whole correction of a charge: the charge is updated (or, for all of it, deleted). */
export async function postAllowance(
  ctx: AppContext,
  actor: TActor,
  folioId: string,
  chargeId: string,
  input: TPostAllowanceRequest,
): Promise<TFolio> {
  requireAccess(actor, 'folios', 'write');
  return ctx.db.transaction(async (tx) => {
    const folio = await lockOpenFolio(tx, actor, folioId);
    const charge = await findCharge(tx, folio, chargeId);
    const allowance = await insertAllowance(tx, folio, charge, input);
    const isWhole = charge.grossAmount + (await selectCorrectedAmount(tx, charge.id)) === 0;
    await recordEvent(
      tx,
      folioEvent(folio, actor, isWhole ? 'charge_deleted' : 'charge_updated', {
        chargeId: charge.id,
        allowanceId: allowance.id,
        grossAmount: allowance.grossAmount,
        reason: allowance.reason,
      }),
    );
    return toFolio(tx, folio);
  });
}

/** Voiding a charge: an allowance for what is left of it, with the reason. */
export function voidCharge(
  ctx: AppContext,
  actor: TActor,
  folioId: string,
  chargeId: string,
  input: TVoidChargeRequest,
): Promise<TFolio> {
  return postAllowance(ctx, actor, folioId, chargeId, { reason: input.reason });
}

/**
 * Changing a charge: an allowance for all of it and a new charge with the changed values, both
 * keeping the reason.
 */
export async function updateCharge(
  ctx: AppContext,
  actor: TActor,
  folioId: string,
  chargeId: string,
  input: TUpdateChargeRequest,
): Promise<TFolio> {
  requireAccess(actor, 'folios', 'write');
  return ctx.db.transaction(async (tx) => {
    const folio = await lockOpenFolio(tx, actor, folioId);
    const charge = await findCharge(tx, folio, chargeId);
    if (!charge.itemId)
      throw new AppError('folio/invalid_allowance', 'a charge without an item cannot be changed');
    if ((await selectCorrectedAmount(tx, charge.id)) !== 0)
      throw new AppError('folio/invalid_allowance', 'the charge is corrected already');
    const allowance = await insertAllowance(tx, folio, charge, { reason: input.reason });
    const quantity = input.quantity ?? charge.quantity;
    // A rate charge changed by hand is still the night's charge: the stay's next repricing replaces it.
    const replacement = await insertChargeRow(tx, {
      ...(await chargeValues(
        tx,
        actor,
        folio,
        {
          itemId: charge.itemId,
          quantity,
          text: input.text ?? charge.text,
          unitAmount: input.unitAmount ?? Math.round(charge.grossAmount / charge.quantity),
        },
        input.bookedOn ?? charge.bookedOn,
      )),
      isDefault: charge.isDefault,
      bookingId: charge.bookingId,
      reason: input.reason,
    });
    await recordEvent(
      tx,
      folioEvent(folio, actor, 'charge_updated', {
        chargeId: charge.id,
        allowanceId: allowance.id,
        newChargeId: replacement.id,
        grossAmount: { from: charge.grossAmount, to: replacement.grossAmount },
        reason: input.reason,
      }),
    );
    return toFolio(tx, folio);
  });
}

/** The group whose folios a folio may share charges with: its own, or its booking's. */
async function groupOf(db: Executor, folio: TFolioRow): Promise<string | null> {
  if (folio.groupId) return folio.groupId;
  return folio.bookingId ? selectBookingGroupId(db, folio.bookingId) : null;
}

/**
 * Moves a charge to another open folio of the same booking or group: an allowance on the source and
 * a copy on the target that name each other, so both folios keep their history.
 */
export async function moveCharge(
  ctx: AppContext,
  actor: TActor,
  folioId: string,
  chargeId: string,
  input: TMoveChargeRequest,
): Promise<TFolio> {
  requireAccess(actor, 'folios', 'write');
  return ctx.db.transaction(async (tx) => {
    // Both folios locked in id order, so two opposite moves cannot deadlock.
    const [first, second] = [folioId, input.targetFolioId].sort();
    const locked = new Map<string, TFolioRow>();
    for (const id of new Set([first!, second!])) locked.set(id, await lockOpenFolio(tx, actor, id));
    const source = locked.get(folioId)!;
    const target = locked.get(input.targetFolioId)!;
    if (source.id === target.id)
      throw new AppError('folio/invalid_move', 'the charge is on this folio already');
    const isSameBooking = source.bookingId !== null && source.bookingId === target.bookingId;
    const sourceGroup = await groupOf(tx, source);
    if (!isSameBooking && (sourceGroup === null || sourceGroup !== (await groupOf(tx, target))))
      throw new AppError('folio/invalid_move', 'the target folio belongs to another booking or group');
    const charge = await findCharge(tx, source, chargeId);
    if ((await selectCorrectedAmount(tx, charge.id)) !== 0)
      throw new AppError('folio/invalid_allowance', 'a corrected charge cannot be moved');
    const allowance = await insertAllowance(tx, source, charge, { reason: systemReasons.moved });
    const { id: _id, createdAt: _c, updatedAt: _u, deletedAt: _d, ...values } = charge;
    const copy = await insertChargeRow(tx, { ...values, folioId: target.id, transferChargeId: allowance.id });
    await setChargeTransfer(tx, allowance.id, copy.id);
    await recordEvent(
      tx,
      folioEvent(source, actor, 'charge_deleted', {
        chargeId: charge.id,
        allowanceId: allowance.id,
        movedTo: target.id,
      }),
    );
    await recordEvent(
      tx,
      folioEvent(target, actor, 'charge_created', {
        chargeId: copy.id,
        movedFrom: source.id,
        grossAmount: copy.grossAmount,
      }),
    );
    return toFolio(tx, source);
  });
}

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
    const folio = await recordPayment(ctx, tx, actor, folioId, {
      ...input,
      amount: options.isRefund ? -input.amount : input.amount,
    });
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
  return ctx.db.transaction(async (tx) => {
    const folio = await lockOpenFolio(tx, actor, folioId);
    const payment = await selectFolioPayment(tx, folio.id, paymentId);
    if (!payment) throw new AppError('not_found', 'payment not found');
    await assertPaidStaysCovered(tx, folio.id, -payment.amount);
    await softDeletePayment(tx, payment.id, ctx.clock.now());
    await recordEvent(
      tx,
      folioEvent(folio, actor, 'payment_deleted', { paymentId: payment.id, amount: payment.amount }),
    );
    return toFolio(tx, folio);
  });
}
