import { eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { properties } from '../db/schema/index.ts';

export type TPropertyRow = typeof properties.$inferSelect;

/** A property by id, or undefined. */
export async function selectProperty(db: Executor, propertyId: string): Promise<TPropertyRow | undefined> {
  const [row] = await db.select().from(properties).where(eq(properties.id, propertyId));
  return row;
}

/** Every live property, for the jobs that work through all of them. */
export async function listPropertyIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: properties.id }).from(properties).where(isNull(properties.deletedAt));
  return rows.map((row) => row.id);
}
