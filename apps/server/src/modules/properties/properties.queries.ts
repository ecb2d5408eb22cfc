import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { TPageQuery } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { properties, propertyUsers } from '../../db/schema/index.ts';
import { selectPage } from '../../db/paging.ts';
import type { TPropertyRow } from '../../lib/properties.ts';

type TPropertyChanges = Partial<Omit<TPropertyRow, 'id' | 'createdAt' | 'updatedAt'>>;

/** The properties a user belongs to (as a live member), by id. */
export async function selectMemberPropertyIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: propertyUsers.propertyId })
    .from(propertyUsers)
    .where(and(eq(propertyUsers.userId, userId), isNull(propertyUsers.deletedAt)));
  return rows.map((row) => row.id);
}

/** Stores a property; returns it. */
export async function insertProperty(
  db: Executor,
  values: typeof properties.$inferInsert,
): Promise<TPropertyRow> {
  const [row] = await db.insert(properties).values(values).returning();
  return row!;
}

/** Makes a user the administrator of a property. */
export async function insertPropertyAdmin(db: Executor, propertyId: string, userId: string): Promise<void> {
  await db.insert(propertyUsers).values({ propertyId, userId, roleId: 'admin' });
}

/** A page of the live properties among the given ones, by name. */
export function selectPropertyPage<T>(
  db: Executor,
  ids: string[],
  page: TPageQuery,
  map: (row: TPropertyRow) => T,
) {
  return selectPage(
    db,
    properties,
    and(inArray(properties.id, ids), isNull(properties.deletedAt)),
    [asc(properties.name)],
    page,
    map,
  );
}

/** A live property, or undefined. */
export async function selectLiveProperty(db: Executor, id: string): Promise<TPropertyRow | undefined> {
  const [row] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), isNull(properties.deletedAt)));
  return row;
}

/** Changes a live property; undefined when there is none by that id. */
export async function updatePropertyRow(
  db: Executor,
  id: string,
  changes: TPropertyChanges,
): Promise<TPropertyRow | undefined> {
  const [row] = await db
    .update(properties)
    .set(changes)
    .where(and(eq(properties.id, id), isNull(properties.deletedAt)))
    .returning();
  return row;
}
