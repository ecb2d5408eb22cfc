import { randomUUID } from 'node:crypto';
import {
  todayIn,
  type TCashRegister,
  type TCreateCashRegisterRequest,
  type TUpdateCashRegisterRequest,
} from '@pms/contract';
import { requireAccess, type TActor, type TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, invalidField } from '../../errors.ts';
import { findOwned } from '../../db/owned-records.ts';
import { cashRegisters } from '../../db/schema/index.ts';
import { findProperty } from '../../lib/properties.ts';
import { toRecord } from '../../lib/records.ts';
import { assertPaymentMethodOwned } from '../base-data/index.ts';
import {
  insertRegister,
  replaceRegisterMethods,
  selectRegisterMethods,
  selectRegisters,
  selectUserNames,
  updateRegister,
  type TRegisterRow,
} from './cash.queries.ts';
import { selectBalance, selectDayClose, selectOpenShift } from './cash-book.queries.ts';
import { canSign, newSimulatorCredentials, sealCredentials } from './fiscal-adapters.ts';
import { signReceipt } from './fiscal-signing.ts';

/** The user behind an actor, for who-did-what in the cash book (null for API keys and jobs). */
export const userIdOf = (actor: TRoleActor) => (actor.kind === 'user' ? actor.id : null);

/** A register as the API shows it: its methods, drawer balance, open shift and business day. */
export async function toCashRegister(
  ctx: AppContext,
  db: Executor,
  row: TRegisterRow,
  methods?: Map<string, string[]>,
): Promise<TCashRegister> {
  const { timeZone } = await findProperty(db, row.propertyId);
  const businessDate = todayIn(timeZone, ctx.clock.now());
  const shift = await selectOpenShift(db, row.propertyId, row.id);
  const names = await selectUserNames(db, [shift?.openedBy ?? null]);
  return {
    ...toRecord(row),
    name: row.name,
    country: row.country,
    adapter: row.adapter,
    cashBoxId: row.cashBoxId,
    paymentMethodIds: (methods ?? (await selectRegisterMethods(db, row.propertyId))).get(row.id) ?? [],
    isTraining: row.isTraining,
    deviceFailedAt: row.deviceFailedAt?.toISOString() ?? null,
    hasCredentials: row.credentials !== null && canSign(ctx, row),
    receiptCount: row.receiptCount,
    balance: await selectBalance(db, row.propertyId, row.id),
    openShift: shift
      ? {
          id: shift.id,
          openedAt: shift.openedAt.toISOString(),
          openedBy: shift.openedBy ? (names.get(shift.openedBy) ?? null) : null,
        }
      : null,
    businessDate,
    isDayClosed: (await selectDayClose(db, row.propertyId, row.id, businessDate)) !== undefined,
  };
}

export async function listCashRegisters(ctx: AppContext, actor: TActor): Promise<TCashRegister[]> {
  requireAccess(actor, 'cashRegisters', 'read');
  const rows = await selectRegisters(ctx.db, actor.propertyId);
  const methods = await selectRegisterMethods(ctx.db, actor.propertyId);
  return Promise.all(rows.map((row) => toCashRegister(ctx, ctx.db, row, methods)));
}

export function findRegister(db: Executor, propertyId: string, id: string): Promise<TRegisterRow> {
  return findOwned(db, cashRegisters, propertyId, id, 'cash register');
}

/** The register's row under lock, for anything that signs or books on it. */
export function lockCashRegister(db: Executor, propertyId: string, id: string): Promise<TRegisterRow> {
  return findOwned(db, cashRegisters, propertyId, id, 'cash register', { lock: true });
}

export async function getCashRegister(ctx: AppContext, actor: TActor, id: string): Promise<TCashRegister> {
  requireAccess(actor, 'cashRegisters', 'read');
  return toCashRegister(ctx, ctx.db, await findRegister(ctx.db, actor.propertyId, id));
}

async function assertMethodsOwned(db: Executor, propertyId: string, ids: string[]): Promise<void> {
  for (const id of ids) await assertPaymentMethodOwned(db, propertyId, id);
}

/**
 * A register put into use: the simulator's keys made (or fiskaly's account sealed), its payment methods
 * set, and in Austria its start receipt signed, all in one transaction: a device that cannot sign the
 * start receipt leaves no register behind.
 */
export async function createCashRegister(
  ctx: AppContext,
  actor: TActor,
  input: TCreateCashRegisterRequest,
): Promise<TCashRegister> {
  requireAccess(actor, 'cashRegisters', 'write');
  if (input.adapter === 'fiskaly' && !input.credentials) {
    throw invalidField('body/credentials', 'fiskaly needs its API key, secret and the register’s id there');
  }
  return ctx.db.transaction(async (tx) => {
    await assertMethodsOwned(tx, actor.propertyId, input.paymentMethodIds);
    const id = randomUUID();
    const credentials =
      input.adapter === 'fiskaly' && input.credentials
        ? { kind: 'fiskaly' as const, ...input.credentials }
        : newSimulatorCredentials(input.country);
    const row = await insertRegister(tx, {
      id,
      propertyId: actor.propertyId,
      name: input.name,
      country: input.country,
      adapter: input.adapter,
      cashBoxId: input.cashBoxId,
      isTraining: input.isTraining ?? false,
      credentials: sealCredentials(ctx, { id }, credentials),
    });
    await replaceRegisterMethods(tx, actor.propertyId, id, input.paymentMethodIds);
    if (row.country === 'AT' && canSign(ctx, row)) {
      await signReceipt(ctx, tx, row, {
        kind: 'start',
        taxes: [],
        lines: [],
        paymentMethodName: null,
        isCash: false,
        createdBy: userIdOf(actor),
      });
    }
    return toCashRegister(ctx, tx, row);
  });
}

/**
 * A register changed. When its simulated signature device works again after a failure, the collective
 * receipt is signed at once, so the receipts made meanwhile are followed by a signed one.
 */
export async function updateCashRegister(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateCashRegisterRequest,
): Promise<TCashRegister> {
  requireAccess(actor, 'cashRegisters', 'write');
  return ctx.db.transaction(async (tx) => {
    const row = await lockCashRegister(tx, actor.propertyId, id);
    if (input.paymentMethodIds) {
      await assertMethodsOwned(tx, actor.propertyId, input.paymentMethodIds);
      await replaceRegisterMethods(tx, actor.propertyId, id, input.paymentMethodIds);
    }
    if (input.credentials && row.adapter === 'fiskaly') {
      row.credentials = sealCredentials(ctx, row, { kind: 'fiskaly', ...input.credentials });
    }
    if (input.isDeviceFailed !== undefined && (row.adapter !== 'simulator' || row.country !== 'AT')) {
      throw new AppError('validation', 'only an Austrian simulated signature device can be switched off');
    }
    const wasFailed = row.deviceFailedAt !== null;
    if (input.isDeviceFailed === true && !wasFailed) row.deviceFailedAt = ctx.clock.now();
    if (input.isDeviceFailed === false) row.deviceFailedAt = null;
    await updateRegister(tx, actor.propertyId, id, {
      name: input.name ?? row.name,
      isTraining: input.isTraining ?? row.isTraining,
      credentials: row.credentials,
      deviceFailedAt: row.deviceFailedAt,
    });
    Object.assign(row, { name: input.name ?? row.name, isTraining: input.isTraining ?? row.isTraining });
    if (wasFailed && row.deviceFailedAt === null && row.receiptCount > 0) {
      await signReceipt(ctx, tx, row, {
        kind: 'null',
        purpose: 'collective',
        taxes: [],
        lines: [],
        paymentMethodName: null,
        isCash: false,
        createdBy: userIdOf(actor),
      });
    }
    return toCashRegister(ctx, tx, row);
  });
}
