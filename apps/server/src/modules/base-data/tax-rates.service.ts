import {
  toBasisPoints,
  type TCreateTaxRateRequest,
  type TPageQuery,
  type TPaged,
  type TTaxRate,
  type TUpdateTaxRateRequest,
} from '@pms/contract';
import { taxRates } from '../../db/schema/index.ts';
import { findOwned } from '../../db/owned-records.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { order, references, selectOwnedPage, type TTaxRateRow } from './base-data.queries.ts';
import { insertTaxRate, selectTaxRateOn, updateTaxRateRows } from './tax-rates.queries.ts';
import { toTaxRate } from './base-data.mapper.ts';
import { deleteOwned, firstOrNotFound } from './base-data.service.ts';
import { findOrCreateOvernightItem } from './overnight-item.service.ts';

function taxRateValues(input: TCreateTaxRateRequest) {
  return {
    name: input.name,
    basisPoints: toBasisPoints(input.percentage),
    accountNumber: input.accountNumber ?? null,
    taxCode: input.taxCode ?? null,
    kind: input.kind ?? null,
    validFrom: input.validFrom ?? null,
    validUntil: input.validUntil ?? null,
  };
}

export function listTaxRates(ctx: AppContext, actor: TActor, page: TPageQuery): Promise<TPaged<TTaxRate>> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return selectOwnedPage(db, taxRates, actor.propertyId, order.taxRates, page, toTaxRate);
}

export async function getTaxRate(ctx: AppContext, actor: TActor, id: string): Promise<TTaxRate> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return toTaxRate(await findOwned(db, taxRates, actor.propertyId, id, 'tax rate'));
}

/** Creates a tax rate; the property's first one also brings the overnight item to life. */
export async function createTaxRate(
  ctx: AppContext,
  actor: TActor,
  input: TCreateTaxRateRequest,
): Promise<TTaxRate> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const row = await insertTaxRate(tx, { ...taxRateValues(input), propertyId: actor.propertyId });
    await findOrCreateOvernightItem(tx, actor.propertyId);
    return toTaxRate(row);
  });
}

export async function updateTaxRate(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateTaxRateRequest,
): Promise<TTaxRate> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const rows = await updateTaxRateRows(db, actor.propertyId, id, taxRateValues(input));
  return toTaxRate(firstOrNotFound(rows, 'tax rate'));
}

/** Deletes a tax rate no item uses. */
export function deleteTaxRate(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return deleteOwned(db, actor, taxRates, id, 'tax rate', references.taxRate);
}

/**
 * The tax rate a charge on a service date takes for an item with this tax rate: when the rate has a
 * kind (food, say), the property's rate of that kind valid on the date (the latest starting one if
 * several are), else the rate itself. Desk charges and a stay's rate charges both choose through here.
 */
export async function taxRateOnServiceDate(
  db: Executor,
  taxRate: TTaxRateRow,
  serviceDate: string,
): Promise<TTaxRateRow> {
  if (!taxRate.kind) return taxRate;
  return (await selectTaxRateOn(db, taxRate.propertyId, taxRate.kind, serviceDate)) ?? taxRate;
}
