import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { selectFirstTaxRate, selectOvernightItem, type TItemRow } from './base-data.queries.ts';
import { insertOvernightItem } from './items.queries.ts';

const overnightItemName = 'Übernachtung';

/** The overnight item, created from the property's first tax rate if missing; null without any tax rate. */
export async function findOrCreateOvernightItem(db: Executor, propertyId: string): Promise<TItemRow | null> {
  const existing = await selectOvernightItem(db, propertyId);
  if (existing) return existing;
  const taxRate = await selectFirstTaxRate(db, propertyId);
  if (!taxRate) return null;
  await insertOvernightItem(db, {
    propertyId,
    name: overnightItemName,
    type: 'accommodation',
    amount: null,
    taxRateId: taxRate.id,
    isOvernight: true,
  });
  return (await selectOvernightItem(db, propertyId)) ?? null;
}

/** The property's one overnight item (priced by the rates), created when first needed. */
export async function ensureOvernightItem(db: Executor, propertyId: string): Promise<TItemRow> {
  const item = await findOrCreateOvernightItem(db, propertyId);
  if (!item) throw new AppError('validation', 'Create a tax rate first: the overnight item needs one.');
  return item;
}
