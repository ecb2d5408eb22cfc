import { and, desc, eq, isNull } from 'drizzle-orm';
import type { TPageQuery } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { selectPage } from '../../db/paging.ts';

export type TApiKeyRow = typeof apiKeys.$inferSelect;
type TApiKeyChanges = Partial<Omit<TApiKeyRow, 'id' | 'propertyId' | 'createdAt' | 'updatedAt'>>;

const ofProperty = (propertyId: string, id?: string) =>
  and(eq(apiKeys.propertyId, propertyId), isNull(apiKeys.deletedAt), id ? eq(apiKeys.id, id) : undefined);

/** Stores a new key; a secret the client chose that another key already has cannot be stored twice. */
export async function insertApiKey(db: Executor, values: typeof apiKeys.$inferInsert): Promise<TApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
}

/** A page of the property's live keys, newest first. */
export function selectApiKeyPage<T>(
  db: Executor,
  propertyId: string,
  page: TPageQuery,
  map: (row: TApiKeyRow) => T,
) {
  return selectPage(db, apiKeys, ofProperty(propertyId), [desc(apiKeys.createdAt)], page, map);
}

/** One live key of the property, or undefined. */
export async function selectApiKey(
  db: Executor,
  propertyId: string,
  id: string,
): Promise<TApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(ofProperty(propertyId, id));
  return row;
}

/** Changes a live key of the property; undefined when it has none by that id. */
export async function updateApiKeyRow(
  db: Executor,
  propertyId: string,
  id: string,
  changes: TApiKeyChanges,
): Promise<TApiKeyRow | undefined> {
  const [row] = await db.update(apiKeys).set(changes).where(ofProperty(propertyId, id)).returning();
  return row;
}

/** Soft deletes a live key of the property; whether there was one. */
export async function markApiKeyDeleted(
  db: Executor,
  propertyId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.update(apiKeys).set({ deletedAt: now }).where(ofProperty(propertyId, id)).returning();
  return rows.length > 0;
}
