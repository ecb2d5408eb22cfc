import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { TPageQuery } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { files, invoices } from '../../db/schema/index.ts';
import { assertOwned } from '../../db/owned-records.ts';
import { selectPage } from '../../db/paging.ts';

export type TFileRow = typeof files.$inferSelect;

/** Stores a file's record (its content is in the file store); returns it. */
export async function insertFile(db: Executor, values: typeof files.$inferInsert): Promise<TFileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

/** A page of the property's live files, newest first. */
export function selectFilePage<T>(
  db: Executor,
  propertyId: string,
  page: TPageQuery,
  map: (row: TFileRow) => T,
) {
  return selectPage(
    db,
    files,
    and(eq(files.propertyId, propertyId), isNull(files.deletedAt)),
    [desc(files.createdAt)],
    page,
    map,
  );
}

/** A live file of any property, by id alone: for a signed url, whose signature names the file. */
export async function selectLiveFile(db: Executor, id: string): Promise<TFileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), isNull(files.deletedAt)));
  return row;
}

/** Soft deletes a file's record. */
export async function markFileDeleted(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(files).set({ deletedAt: now }).where(eq(files.id, id));
}

/**
 * Soft deletes the property's live files among `ids` for good (data that must not be kept): the name,
 * which may name a guest, becomes the purpose and type. Their storage keys, for the store's objects.
 */
export async function markFilesDeleted(
  db: Executor,
  propertyId: string,
  ids: readonly string[],
  now: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(files)
    .set({ deletedAt: now, name: sql`coalesce(${files.purpose}, 'file') || ${files.type}` })
    .where(and(eq(files.propertyId, propertyId), inArray(files.id, [...ids]), isNull(files.deletedAt)))
    .returning({ storageKey: files.storageKey });
  return rows.map((row) => row.storageKey);
}

/** Whether the file is the document of an issued invoice, which must be kept. */
export async function isIssuedInvoiceDocument(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(or(eq(invoices.fileId, id), eq(invoices.xmlFileId, id)), ne(invoices.status, 'draft')))
    .limit(1);
  return row !== undefined;
}

// Look-ups other modules use: one live record of the property by id, or 404 naming it.

/** Refuses a file that is not the property's (a logo, say). */
export function assertFileOwned(db: Executor, propertyId: string, id: string): Promise<void> {
  return assertOwned(db, files, propertyId, id, 'file');
}
