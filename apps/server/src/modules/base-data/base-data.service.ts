import { type TBaseData, type TItem, type TRate, type TRoom } from '@pms/contract';
import type { Db, Executor } from '../../db/client.ts';
import { items, paymentMethods, rates, roomTypes, rooms, taxRates } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { requireAccess, type TActor, type TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import {
  isReferenced,
  markDeleted,
  order,
  selectAllOwned,
  selectByIds,
  selectOwned,
  selectRateDetails,
  type TBaseDataTable,
  type TItemRow,
  type TRateRow,
  type TReference,
  type TRoomRow,
} from './base-data.queries.ts';
import { toItem, toPaymentMethod, toRate, toRoom, toRoomType, toTaxRate } from './base-data.mapper.ts';
import { findOrCreateOvernightItem } from './overnight-item.service.ts';

/** Rates with their prices and items, loaded for all of them at once. */
export async function withRateDetails(db: Executor, rows: TRateRow[]): Promise<TRate[]> {
  const rateIds = rows.map((row) => row.id);
  const details = await selectRateDetails(db, rateIds);
  return rows.map((row) => toRate(row, details.prices.get(row.id) ?? [], details.items.get(row.id) ?? []));
}

export async function withRoomTypes(db: Executor, rows: TRoomRow[], isExpanded: boolean): Promise<TRoom[]> {
  const roomTypeIds = isExpanded ? rows.map((row) => row.roomTypeId) : [];
  const roomTypesById = await selectByIds(db, roomTypes, roomTypeIds);
  return rows.map((row) => toRoom(row, roomTypesById.get(row.roomTypeId)));
}

export async function withTaxRates(db: Executor, rows: TItemRow[], isExpanded: boolean): Promise<TItem[]> {
  const taxRateIds = isExpanded ? rows.map((row) => row.taxRateId) : [];
  const taxRatesById = await selectByIds(db, taxRates, taxRateIds);
  return rows.map((row) => toItem(row, taxRatesById.get(row.taxRateId)));
}

// Shared rules

/** Soft deletes a record, refused while live records still point at it. */
export async function deleteOwned(
  db: Db,
  actor: TRoleActor,
  table: TBaseDataTable,
  id: string,
  what: string,
  referencing: TReference[],
): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked first: a booking saved for this record meanwhile (its foreign key check holds a share
    // lock on the row) either commits before the check below sees it, or waits for the delete.
    const row = await selectOwned(tx, table, actor.propertyId, id, { lock: true });
    if (!row) throw notFound(what);
    if (await isReferenced(tx, id, referencing)) {
      throw new AppError('base_data/in_use', `the ${what} is still in use`);
    }
    await markDeleted(tx, table, id);
  });
}

/** The one row an update by id touched; none means no such record of the property. */
export function firstOrNotFound<TRow>(rows: TRow[], what: string): TRow {
  const [row] = rows;
  if (!row) throw notFound(what);
  return row;
}

/** All live base data of the caller's property, unpaged, for the web app's cache. */
export async function getBaseData(ctx: AppContext, actor: TActor): Promise<TBaseData> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  const { propertyId } = actor;
  await findOrCreateOvernightItem(db, propertyId);
  const [roomTypeRows, roomRows, taxRateRows, itemRows, paymentMethodRows, rateRows] = await Promise.all([
    selectAllOwned(db, roomTypes, propertyId, order.roomTypes),
    selectAllOwned(db, rooms, propertyId, order.rooms),
    selectAllOwned(db, taxRates, propertyId, order.taxRates),
    selectAllOwned(db, items, propertyId, order.items),
    selectAllOwned(db, paymentMethods, propertyId, order.paymentMethods),
    selectAllOwned(db, rates, propertyId, order.rates),
  ]);
  const roomTypesById = new Map(roomTypeRows.map((row) => [row.id, row]));
  const taxRatesById = new Map(taxRateRows.map((row) => [row.id, row]));
  return {
    roomTypes: roomTypeRows.map(toRoomType),
    rooms: roomRows.map((row) => toRoom(row, roomTypesById.get(row.roomTypeId))),
    taxRates: taxRateRows.map(toTaxRate),
    items: itemRows.map((row) => toItem(row, taxRatesById.get(row.taxRateId))),
    paymentMethods: paymentMethodRows.map(toPaymentMethod),
    rates: await withRateDetails(db, rateRows),
  };
}
