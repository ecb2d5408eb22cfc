import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { roomTypes } from '../../db/schema/index.ts';
import { type TRoomTypeRow, ofProperty } from './base-data.queries.ts';

export type TRoomTypeChanges = Partial<Omit<TRoomTypeRow, 'id' | 'propertyId' | 'createdAt' | 'updatedAt'>>;

/** Stores a room type after the property's others. */
export async function insertRoomType(
  db: Executor,
  values: Omit<typeof roomTypes.$inferInsert, 'sortOrder'>,
): Promise<TRoomTypeRow> {
  const nextSortOrder = sql<number>`(select coalesce(max(${roomTypes.sortOrder}) + 1, 0) from ${roomTypes} where ${roomTypes.propertyId} = ${values.propertyId})`;
  const [row] = await db
    .insert(roomTypes)
    .values({ ...values, sortOrder: nextSortOrder })
    .returning();
  return row!;
}

/** Changes a live room type of the property; the rows changed (none when it has none by that id). */
export function updateRoomTypeRows(db: Executor, propertyId: string, id: string, changes: TRoomTypeChanges) {
  return db
    .update(roomTypes)
    .set(changes)
    .where(ofProperty(roomTypes, propertyId, id))
    .returning();
}

/** Keeps at most one default room type: the one given. */
export async function clearOtherDefaultRoomTypes(
  db: Executor,
  propertyId: string,
  id: string,
): Promise<void> {
  await db
    .update(roomTypes)
    .set({ isDefault: false })
    .where(and(ofProperty(roomTypes, propertyId), eq(roomTypes.isDefault, true), ne(roomTypes.id, id)));
}
