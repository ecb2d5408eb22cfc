import { and, eq, isNull } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { notFound } from '../errors.ts';
import type { Executor } from './client.ts';

type TOwnedTable = PgTable & { id: AnyPgColumn; propertyId: AnyPgColumn; deletedAt: AnyPgColumn };

/**
 * One live record of the property, or 404 naming `what`: the one look-up for ids in paths and in
 * request bodies alike. Locked for update when asked, so a check inside a transaction can rely on it.
 */
export async function findOwned<TTable extends TOwnedTable>(
  db: Executor,
  table: TTable,
  propertyId: string,
  id: string,
  what: string,
  options: { lock?: boolean } = {},
): Promise<TTable['$inferSelect']> {
  // Drizzle cannot type a query over a generic table, so it is built on the base table type.
  const source: PgTable = table;
  const query = db
    .select()
    .from(source)
    .where(and(eq(table.id, id), eq(table.propertyId, propertyId), isNull(table.deletedAt)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound(what);
  return row;
}

/** Refuses (404) an id that does not name a live record of the property: ids in request bodies included. */
export async function assertOwned(
  db: Executor,
  table: TOwnedTable,
  propertyId: string,
  id: string,
  what: string,
): Promise<void> {
  await findOwned(db, table, propertyId, id, what);
}
