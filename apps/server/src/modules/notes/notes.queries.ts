import { and, desc, eq, isNull } from 'drizzle-orm';
import type { TNoteObjectType, TPageQuery } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { notes } from '../../db/schema/index.ts';
import { selectPage } from '../../db/paging.ts';

export type TNoteRow = typeof notes.$inferSelect;

/** A page of the live notes on an object, newest first. */
export function selectNotePage<T>(
  db: Executor,
  propertyId: string,
  objectType: TNoteObjectType,
  objectId: string,
  page: TPageQuery,
  map: (row: TNoteRow) => T,
) {
  return selectPage(
    db,
    notes,
    and(
      eq(notes.propertyId, propertyId),
      eq(notes.objectType, objectType),
      eq(notes.objectId, objectId),
      isNull(notes.deletedAt),
    ),
    [desc(notes.createdAt), desc(notes.id)],
    page,
    map,
  );
}

/** Stores a note; returns it. */
export async function insertNote(db: Executor, values: typeof notes.$inferInsert): Promise<TNoteRow> {
  const [row] = await db.insert(notes).values(values).returning();
  return row!;
}

/** One live note of the property, or undefined. */
export async function selectNote(
  db: Executor,
  propertyId: string,
  id: string,
): Promise<TNoteRow | undefined> {
  const [row] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.id, id), eq(notes.propertyId, propertyId), isNull(notes.deletedAt)));
  return row;
}

/** Soft deletes a note. */
export async function markNoteDeleted(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(notes).set({ deletedAt: now }).where(eq(notes.id, id));
}
