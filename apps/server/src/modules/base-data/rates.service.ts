import type { z } from 'zod';
import type { ZCreateRateRequest, ZRateItemRequest, ZUpdateRateRequest } from '@pms/contract';
import {
  type TPageQuery,
  type TPaged,
  type TRate,
  type TRateItem,
  type TRatePrice,
  type TRatePriceRequest,
} from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { items, rateItems, ratePrices, rates, roomTypes } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { findOwned } from '../../db/owned-records.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import {
  markDeleted,
  order,
  references,
  selectOwnedPage,
  selectRateReference,
  type TRateItemRow,
  type TRatePriceRow,
} from './base-data.queries.ts';
import {
  clearOtherStandardRates,
  hasRatePrice,
  insertRate,
  insertRateItem,
  insertRatePrice,
  selectRateItems,
  selectRatePrice,
  selectStandardRateId,
  updateRateItemRow,
  updateRatePriceRow,
  updateRateRows,
} from './rates.queries.ts';
import { toRatePrice, toRateItem } from './base-data.mapper.ts';
import { deleteOwned, firstOrNotFound, withRateDetails } from './base-data.service.ts';
import { ensureOvernightItem } from './overnight-item.service.ts';

export async function listRates(ctx: AppContext, actor: TActor, page: TPageQuery): Promise<TPaged<TRate>> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  const rows = await selectOwnedPage(db, rates, actor.propertyId, order.rates, page, (row) => row);
  return { ...rows, data: await withRateDetails(db, rows.data) };
}

async function readRate(db: Executor, propertyId: string, id: string): Promise<TRate> {
  const [rate] = await withRateDetails(db, [await findOwned(db, rates, propertyId, id, 'rate')]);
  return rate!;
}

export function getRate(ctx: AppContext, actor: TActor, id: string): Promise<TRate> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return readRate(db, actor.propertyId, id);
}

export async function createRate(
  ctx: AppContext,
  actor: TActor,
  input: z.output<typeof ZCreateRateRequest>,
): Promise<TRate> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = input;
  return db.transaction(async (tx) => {
    await ensureOvernightItem(tx, actor.propertyId);
    const row = await insertRate(tx, { ...data, propertyId: actor.propertyId });
    if (row.isStandard) await clearOtherStandardRates(tx, actor.propertyId, row.id);
    return readRate(tx, actor.propertyId, row.id);
  });
}

export async function updateRate(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: z.output<typeof ZUpdateRateRequest>,
): Promise<TRate> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = input;
  return db.transaction(async (tx) => {
    const rows = await updateRateRows(tx, actor.propertyId, id, {
      ...data,
      externalId: data.externalId ?? null,
    });
    const row = firstOrNotFound(rows, 'rate');
    if (row.isStandard) await clearOtherStandardRates(tx, actor.propertyId, row.id);
    return readRate(tx, actor.propertyId, id);
  });
}

/** Deletes a rate no booking or contact uses. */
export function deleteRate(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return deleteOwned(db, actor, rates, id, 'rate', references.rate);
}

/** Checks a price's room type and occupancy, and that no other price of the rate has them. */
async function assertValidRatePrice(
  db: Executor,
  propertyId: string,
  rateId: string,
  input: TRatePriceRequest,
  exceptId?: string,
): Promise<void> {
  const roomType = await findOwned(db, roomTypes, propertyId, input.roomTypeId, 'room type');
  if (input.occupancy < roomType.minOccupancy || input.occupancy > roomType.maxOccupancy) {
    throw new AppError(
      'rate/price_invalid_occupancy',
      `room type ${roomType.code} takes ${roomType.minOccupancy} to ${roomType.maxOccupancy} persons`,
    );
  }
  if (await hasRatePrice(db, propertyId, rateId, input, exceptId))
    throw new AppError('rate/price_already_configured');
}

/** A live price or item of one of the property's live rates. */
async function findRatePart<TTable extends typeof ratePrices | typeof rateItems>(
  db: Executor,
  table: TTable,
  propertyId: string,
  rateId: string,
  id: string,
  what: string,
): Promise<TTable['$inferSelect']> {
  await findOwned(db, rates, propertyId, rateId, 'rate');
  const row = await findOwned(db, table, propertyId, id, what);
  if (row.rateId !== rateId) throw notFound(what);
  return row;
}

export async function createRatePrice(
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  input: TRatePriceRequest,
): Promise<TRatePrice> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return db.transaction(async (tx) => {
    await findOwned(tx, rates, actor.propertyId, rateId, 'rate');
    await assertValidRatePrice(tx, actor.propertyId, rateId, input);
    const row = await insertRatePrice(tx, { ...input, rateId, propertyId: actor.propertyId });
    return toRatePrice(row);
  });
}

export async function updateRatePrice(
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  priceId: string,
  input: TRatePriceRequest,
): Promise<TRatePrice> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return db.transaction(async (tx) => {
    await findRatePart(tx, ratePrices, actor.propertyId, rateId, priceId, 'rate price');
    await assertValidRatePrice(tx, actor.propertyId, rateId, input, priceId);
    const row = await updateRatePriceRow(tx, priceId, input);
    return toRatePrice(row);
  });
}

export async function deleteRatePrice(
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  priceId: string,
): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  await findRatePart(db, ratePrices, actor.propertyId, rateId, priceId, 'rate price');
  await markDeleted(db, ratePrices, priceId);
}

/** The rate's price for a room type and occupancy; bookings are priced by it. */
export async function findRatePrice(
  db: Executor,
  propertyId: string,
  rateId: string,
  roomTypeId: string,
  occupancy: number,
): Promise<TRatePriceRow> {
  const price = await selectRatePrice(db, propertyId, rateId, roomTypeId, occupancy);
  if (!price) {
    throw new AppError('rate/no_matching_price', `no price for ${occupancy} persons in this room type`);
  }
  return price;
}

/** The rate a booking is priced by: the one asked for, else the property's standard rate. */
export async function resolveRateId(
  db: Executor,
  propertyId: string,
  rateId: string | null | undefined,
): Promise<string | null> {
  if (rateId) {
    const rate = await selectRateReference(db, propertyId, rateId);
    if (!rate) throw new AppError('not_found', 'rate not found');
    return rate.id;
  }
  return (await selectStandardRateId(db, propertyId)) ?? null;
}

/** The live items of a rate, which a stay books besides the nights. */
export function listRateItems(db: Executor, rateId: string): Promise<TRateItemRow[]> {
  return selectRateItems(db, rateId);
}

/** A live rate of the property as a reference (id, name and code); null when it has none by that id. */
export async function findRateReference(
  db: Executor,
  propertyId: string,
  id: string,
): Promise<{ id: string; name: string; code: string } | null> {
  return (await selectRateReference(db, propertyId, id)) ?? null;
}

/** The nightly amount a rate asks for a room type and occupancy. */
export async function getRatePriceAmount(
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  roomTypeId: string,
  occupancy: number,
): Promise<{ amount: number }> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  await findOwned(db, rates, actor.propertyId, rateId, 'rate');
  await findOwned(db, roomTypes, actor.propertyId, roomTypeId, 'room type');
  const price = await findRatePrice(db, actor.propertyId, rateId, roomTypeId, occupancy);
  return { amount: price.amount };
}

async function rateItemValues(db: Executor, propertyId: string, input: z.output<typeof ZRateItemRequest>) {
  const data = input;
  const item = await findOwned(db, items, propertyId, data.itemId, 'item');
  if (item.isOvernight) throw new AppError('validation', 'The overnight item is priced by the rate prices.');
  return { values: data, item };
}

export async function createRateItem(
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  input: z.output<typeof ZRateItemRequest>,
): Promise<TRateItem> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return db.transaction(async (tx) => {
    await findOwned(tx, rates, actor.propertyId, rateId, 'rate');
    const { values, item } = await rateItemValues(tx, actor.propertyId, input);
    const row = await insertRateItem(tx, { ...values, rateId, propertyId: actor.propertyId });
    return toRateItem(row, item);
  });
}

export async function updateRateItem(
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  rateItemId: string,
  input: z.output<typeof ZRateItemRequest>,
): Promise<TRateItem> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return db.transaction(async (tx) => {
    await findRatePart(tx, rateItems, actor.propertyId, rateId, rateItemId, 'rate item');
    const { values, item } = await rateItemValues(tx, actor.propertyId, input);
    const row = await updateRateItemRow(tx, rateItemId, values);
    return toRateItem(row, item);
  });
}

export async function deleteRateItem(
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  rateItemId: string,
): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  await findRatePart(db, rateItems, actor.propertyId, rateId, rateItemId, 'rate item');
  await markDeleted(db, rateItems, rateItemId);
}
