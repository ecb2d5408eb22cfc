import type { z } from 'zod';
import type { ZCreateItemRequest, ZUpdateItemRequest } from '@pms/contract';
import { parseExpand, type TItem, type TItemListQuery, type TPaged } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { items, taxRates } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { findOwned } from '../../db/owned-records.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { order, references, selectOwnedPage } from './base-data.queries.ts';
import { insertItem, selectItemWithTaxRate, updateItemRow } from './items.queries.ts';
import { toItem } from './base-data.mapper.ts';
import { ensureOvernightItem, findOrCreateOvernightItem } from './overnight-item.service.ts';
import { deleteOwned, withTaxRates } from './base-data.service.ts';

function itemValues(data: z.output<typeof ZUpdateItemRequest>) {
  return {
    name: data.name,
    type: data.type,
    active: data.active,
    bookOnFollowingDay: data.bookOnFollowingDay,
    bookingText: data.bookingText ?? null,
    amount: data.amount,
    taxRateId: data.taxRateId,
    accountNumber: data.accountNumber ?? null,
    externalId: data.externalId ?? null,
  };
}

export async function listItems(
  ctx: AppContext,
  actor: TActor,
  query: TItemListQuery,
): Promise<TPaged<TItem>> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  await findOrCreateOvernightItem(db, actor.propertyId);
  const page = await selectOwnedPage(db, items, actor.propertyId, order.items, query, (row) => row);
  return {
    ...page,
    data: await withTaxRates(db, page.data, parseExpand(query.expand).has('taxRate')),
  };
}

export async function getItem(ctx: AppContext, actor: TActor, id: string, expand?: string): Promise<TItem> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  const row = await findOwned(db, items, actor.propertyId, id, 'item');
  const [item] = await withTaxRates(db, [row], parseExpand(expand).has('taxRate'));
  return item!;
}

export async function createItem(
  ctx: AppContext,
  actor: TActor,
  input: z.output<typeof ZCreateItemRequest>,
): Promise<TItem> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = input;
  return db.transaction(async (tx) => {
    await ensureOvernightItem(tx, actor.propertyId);
    await findOwned(tx, taxRates, actor.propertyId, data.taxRateId, 'tax rate');
    const row = await insertItem(tx, { ...itemValues(data), propertyId: actor.propertyId });
    return toItem(row, undefined);
  });
}

/** Updates an item; the overnight item stays an accommodation item without a fixed price. */
export async function updateItem(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: z.output<typeof ZUpdateItemRequest>,
): Promise<TItem> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = input;
  return db.transaction(async (tx) => {
    const current = await findOwned(tx, items, actor.propertyId, id, 'item');
    if (current.isOvernight && (data.amount !== null || data.type !== 'accommodation')) {
      throw new AppError(
        'validation',
        'The overnight item is an accommodation item priced by the rates: its amount is null.',
      );
    }
    if (!current.isOvernight && data.amount === null) {
      throw new AppError('validation', 'An item needs an amount.');
    }
    await findOwned(tx, taxRates, actor.propertyId, data.taxRateId, 'tax rate');
    const row = await updateItemRow(tx, id, itemValues(data));
    return toItem(row, undefined);
  });
}

/** An item with the basis points of its tax rate (what pricing a charge needs); 404 for none. */
export async function findItemWithTaxRate(db: Executor, itemId: string) {
  const row = await selectItemWithTaxRate(db, itemId);
  if (!row) throw new AppError('not_found', 'item not found');
  return row;
}

/** Deletes an item no rate uses; the overnight item is never deleted. */
export async function deleteItem(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const item = await findOwned(db, items, actor.propertyId, id, 'item');
  if (item.isOvernight) throw new AppError('base_data/in_use', 'the overnight item cannot be deleted');
  await deleteOwned(db, actor, items, id, 'item', references.item);
}
