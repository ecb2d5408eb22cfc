import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { items, taxRates } from '../../db/schema/index.ts';
import type { TItemRow } from './base-data.queries.ts';

export type TItemChanges = Partial<Omit<TItemRow, 'id' | 'propertyId' | 'createdAt' | 'updatedAt'>>;

/** Stores the property's overnight item, unless another request stored it meanwhile. */
export async function insertOvernightItem(db: Executor, values: typeof items.$inferInsert): Promise<void> {
  await db.insert(items).values(values).onConflictDoNothing();
}

/** Stores an item; returns it. */
export async function insertItem(db: Executor, values: typeof items.$inferInsert): Promise<TItemRow> {
  const [row] = await db.insert(items).values(values).returning();
  return row!;
}

/** Changes an item; returns it. */
export async function updateItemRow(db: Executor, id: string, changes: TItemChanges): Promise<TItemRow> {
  const [row] = await db.update(items).set(changes).where(eq(items.id, id)).returning();
  return row!;
}

/** An item with the basis points of its tax rate, or undefined. */
export async function selectItemWithTaxRate(db: Executor, itemId: string) {
  const [row] = await db
    .select({ item: items, basisPoints: taxRates.basisPoints })
    .from(items)
    .innerJoin(taxRates, eq(taxRates.id, items.taxRateId))
    .where(eq(items.id, itemId));
  return row;
}
