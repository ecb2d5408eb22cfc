import {
  splitGross,
  type TFolio,
  type TMoveChargeRequest,
  type TPostAllowanceRequest,
  type TPostChargeRequest,
  type TUpdateChargeRequest,
  type TVoidChargeRequest,
} from '@pms/contract';
import { requireAccess, type TActor, type TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { findOwnedItem, findOwnedTaxRate, taxRateOnServiceDate } from '../base-data/index.ts';
import {
  insertChargeRow,
  selectBookingGroupId,
  selectCorrectedAmount,
  setChargeTransfer,
  type TChargeRow,
  type TFolioRow,
} from './folios.queries.ts';
import { toFolio } from './folios.mapper.ts';
import { findCharge, folioEvent, lockOpenFolio, postOnOpenFolio, today } from './folio-postings.ts';

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
  return postOnOpenFolio(ctx, actor, folioId, async (tx, folio) => {
    const bookedOn = input.bookedOn ?? (await today(ctx, tx, actor.propertyId));
    const charge = await insertChargeRow(tx, await chargeValues(tx, actor, folio, input, bookedOn));
    return {
      type: 'charge_created',
      data: { chargeId: charge.id, text: charge.text, grossAmount: charge.grossAmount },
    };
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
  return postOnOpenFolio(ctx, actor, folioId, async (tx, folio) => {
    const charge = await findCharge(tx, folio, chargeId);
    const allowance = await insertAllowance(tx, folio, charge, input);
    const isWhole = charge.grossAmount + (await selectCorrectedAmount(tx, charge.id)) === 0;
    return {
      type: isWhole ? 'charge_deleted' : 'charge_updated',
      data: {
        chargeId: charge.id,
        allowanceId: allowance.id,
        grossAmount: allowance.grossAmount,
        reason: allowance.reason,
      },
    };
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
  return postOnOpenFolio(ctx, actor, folioId, async (tx, folio) => {
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
    return {
      type: 'charge_updated',
      data: {
        chargeId: charge.id,
        allowanceId: allowance.id,
        newChargeId: replacement.id,
        grossAmount: { from: charge.grossAmount, to: replacement.grossAmount },
        reason: input.reason,
      },
    };
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
