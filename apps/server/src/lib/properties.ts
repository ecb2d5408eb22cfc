import { eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { properties } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';

export type TPropertyRow = typeof properties.$inferSelect;

/** A property by id, or undefined. */
export async function selectProperty(db: Executor, propertyId: string): Promise<TPropertyRow | undefined> {
  const [row] = await db.select().from(properties).where(eq(properties.id, propertyId));
  return row;
}

/** The property a tenant-scoped service works in: its time zone, currency and check-in times. */
export async function findProperty(db: Executor, propertyId: string): Promise<TPropertyRow> {
  const row = await selectProperty(db, propertyId);
  if (!row) throw notFound('property');
  return row;
}

/** Every live property, for the jobs that work through all of them. */
export async function listPropertyIds(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: properties.id }).from(properties).where(isNull(properties.deletedAt));
  return rows.map((row) => row.id);
}
