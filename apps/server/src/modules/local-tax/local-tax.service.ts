import type {
  TCreateLevyRequest,
  TLevyList,
  TLevyRecord,
  TLevyVersionRecord,
  TLevyVersionRequest,
  TUpdateLevyRequest,
} from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { findOwned } from '../../db/owned-records.ts';
import { localTaxLevies } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import type { TLevy, TLevyVersion } from '../../lib/local-tax.ts';
import { toRecord } from '../../lib/records.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { findOwnedItem } from '../base-data/index.ts';
import {
  deleteLevyVersionRow,
  insertLevy,
  insertLevyVersion,
  selectLevies,
  updateLevyRow,
  updateLevyVersionRow,
  type TLevyRow,
  type TLevyVersionRow,
  type TLevyVersionValues,
} from './local-tax.queries.ts';

// The property's local tax levies and their effective-dated versions (decision 191).

function toVersion(row: TLevyVersionRow): TLevyVersionRecord {
  return {
    id: row.id,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    chargeKind: row.chargeKind,
    amount: row.amount,
    rateBasisPoints: row.rateBasisPoints,
    withoutBreakfast: row.withoutBreakfast,
    deductionBasisPoints: row.deductionBasisPoints,
    ageBelow: row.ageBelow,
    ageAt: row.ageAt,
    ageKeyDate: row.ageKeyDate,
    workStay: row.workStay,
    workStayNights: row.workStayNights,
    nightCap: row.nightCap,
    rounding: row.rounding,
    exemptionReasons: row.exemptionReasons,
  };
}

function toLevy(levy: TLevyRow, versions: TLevyVersionRow[]): TLevyRecord {
  return {
    ...toRecord(levy),
    name: levy.name,
    itemId: levy.itemId,
    active: levy.active,
    versions: versions.map(toVersion),
  };
}

/** A stored version as the computation reads it. */
function toRule(row: TLevyVersionRow): TLevyVersion {
  return {
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    charge:
      row.chargeKind === 'per_person_night'
        ? { kind: 'per_person_night', amount: row.amount ?? 0 }
        : {
            kind: 'percent_of_net',
            rateBasisPoints: row.rateBasisPoints ?? 0,
            withoutBreakfast: row.withoutBreakfast,
            deductionBasisPoints: row.deductionBasisPoints,
          },
    ageExemption:
      row.ageBelow === null || row.ageAt === null
        ? null
        : row.ageAt === 'key_date'
          ? { belowAge: row.ageBelow, at: 'key_date', keyDate: row.ageKeyDate ?? '01-01' }
          : { belowAge: row.ageBelow, at: 'arrival' },
    workStay:
      row.workStay === 'exempt_after'
        ? { kind: 'exempt_after', nights: row.workStayNights ?? 0 }
        : { kind: row.workStay },
    nightCap: row.nightCap,
    rounding: row.rounding,
    exemptionReasons: row.exemptionReasons,
  };
}

/** A levy the posting charges: its rules and the local_tax item its charges are posted with. */
export type TPostedLevy = TLevy & { itemId: string };

/** The property's active levies with their rules: none when the property charges no levy. */
export async function activeLevies(db: Executor, propertyId: string): Promise<TPostedLevy[]> {
  const rows = await selectLevies(db, propertyId, { onlyActive: true });
  return rows.map(({ levy, versions }) => ({
    id: levy.id,
    name: levy.name,
    itemId: levy.itemId,
    versions: versions.map(toRule),
  }));
}

export async function listLevies(ctx: AppContext, actor: TActor): Promise<TLevyList> {
  requireAccess(actor, 'baseData', 'read');
  const rows = await selectLevies(ctx.db, actor.propertyId);
  return { levies: rows.map(({ levy, versions }) => toLevy(levy, versions)) };
}

async function findLevy(db: Executor, propertyId: string, id: string): Promise<TLevyRecord> {
  const levy = (await selectLevies(db, propertyId)).find((row) => row.levy.id === id);
  if (!levy) throw notFound('levy');
  return toLevy(levy.levy, levy.versions);
}

export function getLevy(ctx: AppContext, actor: TActor, id: string): Promise<TLevyRecord> {
  requireAccess(actor, 'baseData', 'read');
  return findLevy(ctx.db, actor.propertyId, id);
}

async function assertLocalTaxItem(db: Executor, propertyId: string, itemId: string): Promise<void> {
  const item = await findOwnedItem(db, propertyId, itemId);
  if (item.type !== 'local_tax') throw new AppError('local_tax/item_not_local_tax');
}

export async function createLevy(
  ctx: AppContext,
  actor: TActor,
  input: TCreateLevyRequest,
): Promise<TLevyRecord> {
  requireAccess(actor, 'baseData', 'write');
  return ctx.db.transaction(async (tx) => {
    await assertLocalTaxItem(tx, actor.propertyId, input.itemId);
    const row = await insertLevy(tx, { ...input, propertyId: actor.propertyId });
    return toLevy(row, []);
  });
}

export async function updateLevy(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateLevyRequest,
): Promise<TLevyRecord> {
  requireAccess(actor, 'baseData', 'write');
  return ctx.db.transaction(async (tx) => {
    await findOwned(tx, localTaxLevies, actor.propertyId, id, 'levy', { lock: true });
    await assertLocalTaxItem(tx, actor.propertyId, input.itemId);
    await updateLevyRow(tx, actor.propertyId, id, input);
    return findLevy(tx, actor.propertyId, id);
  });
}

/** Deletes a levy (soft): charges posted by it keep it, and stays are no longer charged it. */
export async function deleteLevy(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const rows = await updateLevyRow(ctx.db, actor.propertyId, id, { deletedAt: new Date() });
  if (rows.length === 0) throw notFound('levy');
}

function versionValues(input: TLevyVersionRequest): TLevyVersionValues {
  const { exemptionReasons, ...rest } = input;
  return { ...rest, exemptionReasons: [...new Set(exemptionReasons)] };
}

export async function createLevyVersion(
  ctx: AppContext,
  actor: TActor,
  levyId: string,
  input: TLevyVersionRequest,
): Promise<TLevyRecord> {
  requireAccess(actor, 'baseData', 'write');
  const values = versionValues(input);
  return ctx.db.transaction(async (tx) => {
    await findOwned(tx, localTaxLevies, actor.propertyId, levyId, 'levy', { lock: true });
    await insertLevyVersion(tx, { ...values, propertyId: actor.propertyId, levyId });
    return findLevy(tx, actor.propertyId, levyId);
  });
}

export async function updateLevyVersion(
  ctx: AppContext,
  actor: TActor,
  levyId: string,
  versionId: string,
  input: TLevyVersionRequest,
): Promise<TLevyRecord> {
  requireAccess(actor, 'baseData', 'write');
  const values = versionValues(input);
  return ctx.db.transaction(async (tx) => {
    await findOwned(tx, localTaxLevies, actor.propertyId, levyId, 'levy', { lock: true });
    const rows = await updateLevyVersionRow(tx, actor.propertyId, levyId, versionId, values);
    if (rows.length === 0) throw notFound('levy version');
    return findLevy(tx, actor.propertyId, levyId);
  });
}

export async function deleteLevyVersion(
  ctx: AppContext,
  actor: TActor,
  levyId: string,
  versionId: string,
): Promise<TLevyRecord> {
  requireAccess(actor, 'baseData', 'write');
  return ctx.db.transaction(async (tx) => {
    await findOwned(tx, localTaxLevies, actor.propertyId, levyId, 'levy', { lock: true });
    const rows = await deleteLevyVersionRow(tx, actor.propertyId, levyId, versionId);
    if (rows.length === 0) throw notFound('levy version');
    return findLevy(tx, actor.propertyId, levyId);
  });
}
