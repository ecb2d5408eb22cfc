import {
  todayIn,
  zonedInstant,
  addDays,
  type TCashBook,
  type TCashBookQuery,
  type TCashDayClose,
  type TCashMovementRequest,
  type TCashRegister,
  type TCashShift,
  type TCloseShiftRequest,
} from '@pms/contract';
import { requireAccess, type TActor, type TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { findProperty } from '../../lib/properties.ts';
import { selectUserNames } from './cash.queries.ts';
import {
  insertDayClose,
  insertMovement,
  insertShift,
  selectBalance,
  selectDayClose,
  selectDayCloses,
  selectLastClosedDate,
  selectMovements,
  selectOpenShift,
  selectShift,
  selectShifts,
  updateShift,
  type TDayCloseRow,
  type TShiftRow,
} from './cash-book.queries.ts';
import { selectReceiptsOfDates } from './receipts.queries.ts';
import { findRegister, lockCashRegister, toCashRegister, userIdOf } from './cash-registers.service.ts';
import { toFiscalReceipt } from './receipts.mapper.ts';

async function businessDateOf(ctx: AppContext, db: Executor, propertyId: string): Promise<string> {
  const { timeZone } = await findProperty(db, propertyId);
  return todayIn(timeZone, ctx.clock.now());
}

async function assertDayOpen(db: Executor, propertyId: string, registerId: string, date: string) {
  if (await selectDayClose(db, propertyId, registerId, date)) {
    throw new AppError('cash/day_closed', 'this register’s business day is closed: book on the next day');
  }
}

/** Opens the register's drawer for a shift; one open shift per register (the database's unique key). */
export async function openShift(ctx: AppContext, actor: TActor, registerId: string): Promise<TCashRegister> {
  requireAccess(actor, 'cashBook', 'write');
  return ctx.db.transaction(async (tx) => {
    const register = await lockCashRegister(tx, actor.propertyId, registerId);
    if (await selectOpenShift(tx, actor.propertyId, register.id)) {
      throw new AppError('cash/shift_open', 'the register is open already');
    }
    await assertDayOpen(tx, actor.propertyId, register.id, await businessDateOf(ctx, tx, actor.propertyId));
    await insertShift(tx, {
      propertyId: actor.propertyId,
      cashRegisterId: register.id,
      openedAt: ctx.clock.now(),
      openedBy: userIdOf(actor),
    });
    return toCashRegister(ctx, tx, register);
  });
}

async function lockOpenShift(db: Executor, actor: TRoleActor, registerId: string) {
  const register = await lockCashRegister(db, actor.propertyId, registerId);
  const shift = await selectOpenShift(db, actor.propertyId, register.id);
  if (!shift) throw new AppError('cash/shift_not_open', 'open the register first');
  return { register, shift };
}

/** Money put into or taken out of the drawer, with its reason, on the open shift. */
export async function addCashMovement(
  ctx: AppContext,
  actor: TActor,
  registerId: string,
  input: TCashMovementRequest,
): Promise<TCashRegister> {
  requireAccess(actor, 'cashBook', 'write');
  return ctx.db.transaction(async (tx) => {
    const { register, shift } = await lockOpenShift(tx, actor, registerId);
    const amount = input.kind === 'withdrawal' ? -input.amount : input.amount;
    const balance = await selectBalance(tx, actor.propertyId, register.id);
    if (balance + amount < 0) {
      throw new AppError('validation', 'the drawer does not hold that much', undefined, [
        { path: 'body/amount', message: `at most ${balance}` },
      ]);
    }
    await insertMovement(tx, {
      propertyId: actor.propertyId,
      cashRegisterId: register.id,
      shiftId: shift.id,
      businessDate: await businessDateOf(ctx, tx, actor.propertyId),
      kind: input.kind,
      amount,
      reason: input.reason,
      createdBy: userIdOf(actor),
    });
    return toCashRegister(ctx, tx, register);
  });
}

/**
 * Closes the shift with the counted drawer: the difference to the book is recorded on the shift and
 * booked as a movement, so the book says what the drawer holds. A manager reviews differences.
 */
export async function closeShift(
  ctx: AppContext,
  actor: TActor,
  registerId: string,
  input: TCloseShiftRequest,
): Promise<TCashShift> {
  requireAccess(actor, 'cashBook', 'write');
  const shift = await ctx.db.transaction(async (tx) => {
    const { register, shift } = await lockOpenShift(tx, actor, registerId);
    const expectedAmount = await selectBalance(tx, actor.propertyId, register.id);
    const differenceAmount = input.countedAmount - expectedAmount;
    if (differenceAmount !== 0) {
      await insertMovement(tx, {
        propertyId: actor.propertyId,
        cashRegisterId: register.id,
        shiftId: shift.id,
        businessDate: await businessDateOf(ctx, tx, actor.propertyId),
        kind: 'difference',
        amount: differenceAmount,
        reason: input.note ?? null,
        createdBy: userIdOf(actor),
      });
    }
    return updateShift(tx, actor.propertyId, shift.id, {
      closedAt: ctx.clock.now(),
      closedBy: userIdOf(actor),
      expectedAmount,
      countedAmount: input.countedAmount,
      differenceAmount,
      note: input.note ?? null,
    });
  });
  return (await toShifts(ctx.db, [shift!]))[0]!;
}

/** A manager's note on a closed shift's difference. */
export async function reviewShift(
  ctx: AppContext,
  actor: TActor,
  shiftId: string,
  note: string,
): Promise<TCashShift> {
  requireAccess(actor, 'cashReview', 'write');
  const shift = await selectShift(ctx.db, actor.propertyId, shiftId);
  if (!shift) throw notFound('shift');
  if (!shift.closedAt) throw new AppError('cash/shift_open', 'close the shift before reviewing it');
  const reviewed = await updateShift(ctx.db, actor.propertyId, shift.id, {
    reviewedAt: ctx.clock.now(),
    reviewedBy: userIdOf(actor),
    reviewNote: note,
  });
  return (await toShifts(ctx.db, [reviewed!]))[0]!;
}

/**
 * Closes a business day of the register (today when none is named): its shifts must be closed, and
 * the Z report's figures are fixed. From then on the database refuses any movement on that day.
 */
export async function closeDay(
  ctx: AppContext,
  actor: TActor,
  registerId: string,
  businessDate?: string,
): Promise<TCashDayClose> {
  requireAccess(actor, 'cashBook', 'write');
  const row = await ctx.db.transaction(async (tx) => {
    const register = await lockCashRegister(tx, actor.propertyId, registerId);
    const today = await businessDateOf(ctx, tx, actor.propertyId);
    const date = businessDate ?? today;
    if (date > today) throw new AppError('validation', 'a day can be closed once it has begun');
    if (await selectOpenShift(tx, actor.propertyId, register.id)) {
      throw new AppError('cash/shift_still_open', 'close the open shift before closing the day');
    }
    await assertDayOpen(tx, actor.propertyId, register.id, date);
    const last = await selectLastClosedDate(tx, actor.propertyId, register.id);
    if (last && last.businessDate > date)
      throw new AppError('cash/day_closed', 'a later day is closed already');
    const receipts = await selectReceiptsOfDates(tx, actor.propertyId, register.id, { from: date, to: date });
    const movements = await selectMovements(tx, actor.propertyId, register.id, { from: date, to: date });
    return insertDayClose(tx, {
      propertyId: actor.propertyId,
      cashRegisterId: register.id,
      number: (last?.number ?? 0) + 1,
      businessDate: date,
      closedAt: ctx.clock.now(),
      closedBy: userIdOf(actor),
      firstReceiptNumber: receipts[0]?.number ?? null,
      lastReceiptNumber: receipts.at(-1)?.number ?? null,
      revenueAmount: receipts
        .filter((receipt) => receipt.kind === 'standard' || receipt.kind === 'storno')
        .reduce((sum, receipt) => sum + receipt.totalAmount, 0),
      differenceAmount: movements
        .filter(({ movement }) => movement.kind === 'difference')
        .reduce((sum, { movement }) => sum + movement.amount, 0),
    });
  });
  return (await toDayCloses(ctx.db, [row]))[0]!;
}

async function toShifts(db: Executor, rows: TShiftRow[]): Promise<TCashShift[]> {
  const names = await selectUserNames(
    db,
    rows.flatMap((row) => [row.openedBy, row.closedBy, row.reviewedBy]),
  );
  const name = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  return rows.map((row) => ({
    id: row.id,
    cashRegisterId: row.cashRegisterId,
    openedAt: row.openedAt.toISOString(),
    openedBy: name(row.openedBy),
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: name(row.closedBy),
    expectedAmount: row.expectedAmount,
    countedAmount: row.countedAmount,
    differenceAmount: row.differenceAmount,
    note: row.note,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: name(row.reviewedBy),
    reviewNote: row.reviewNote,
  }));
}

async function toDayCloses(db: Executor, rows: TDayCloseRow[]): Promise<TCashDayClose[]> {
  const names = await selectUserNames(
    db,
    rows.map((row) => row.closedBy),
  );
  return rows.map((row) => ({
    id: row.id,
    cashRegisterId: row.cashRegisterId,
    number: row.number,
    businessDate: row.businessDate,
    closedAt: row.closedAt.toISOString(),
    closedBy: row.closedBy ? (names.get(row.closedBy) ?? null) : null,
    firstReceiptNumber: row.firstReceiptNumber,
    lastReceiptNumber: row.lastReceiptNumber,
    revenueAmount: row.revenueAmount,
    differenceAmount: row.differenceAmount,
  }));
}

/** The register's cash book for a period: movements with the running balance, shifts, closes, receipts. */
export async function getCashBook(
  ctx: AppContext,
  actor: TActor,
  registerId: string,
  query: TCashBookQuery,
): Promise<TCashBook> {
  requireAccess(actor, 'cashBook', 'read');
  if (query.to < query.from) throw new AppError('validation', 'the period ends before it begins');
  const register = await findRegister(ctx.db, actor.propertyId, registerId);
  const { timeZone } = await findProperty(ctx.db, actor.propertyId);
  const openingBalance = await selectBalance(ctx.db, actor.propertyId, register.id, query.from);
  const rows = await selectMovements(ctx.db, actor.propertyId, register.id, query);
  let balance = openingBalance;
  const receipts = await selectReceiptsOfDates(ctx.db, actor.propertyId, register.id, query);
  const numbers = new Map(receipts.map((receipt) => [receipt.id, receipt.number]));
  const instants = {
    from: zonedInstant(query.from, '00:00', timeZone),
    to: zonedInstant(addDays(query.to, 1), '00:00', timeZone),
  };
  return {
    register: await toCashRegister(ctx, ctx.db, register),
    openingBalance,
    movements: rows.map(({ movement, createdBy }) => {
      balance += movement.amount;
      return {
        id: movement.id,
        cashRegisterId: movement.cashRegisterId,
        shiftId: movement.shiftId,
        businessDate: movement.businessDate,
        kind: movement.kind,
        amount: movement.amount,
        balance,
        reason: movement.reason,
        receiptId: movement.receiptId,
        receiptNumber: movement.receiptId ? (numbers.get(movement.receiptId) ?? null) : null,
        paymentId: movement.paymentId,
        createdBy,
        createdAt: movement.createdAt.toISOString(),
      };
    }),
    shifts: await toShifts(ctx.db, await selectShifts(ctx.db, actor.propertyId, register.id, instants)),
    dayCloses: await toDayCloses(ctx.db, await selectDayCloses(ctx.db, actor.propertyId, register.id, query)),
    receipts: receipts.map((receipt) => toFiscalReceipt(receipt, register.name)),
  };
}

export { toDayCloses };
