import { count, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { toPaged, type TPaged, type TPageQuery } from '@pms/contract';
import type { Executor } from './client.ts';

/** Reads one page of a table's rows matching `where`, with the total count. */
export async function selectPage<TTable extends PgTable, TOut>(
  db: Executor,
  table: TTable,
  where: SQL | undefined,
  orderBy: (PgColumn | SQL)[],
  page: TPageQuery,
  map: (row: TTable['$inferSelect']) => TOut,
): Promise<TPaged<TOut>> {
  // Drizzle cannot type a query over a generic table, so it is built on the base table type.
  const source: PgTable = table;
  const [total] = await db.select({ n: count() }).from(source).where(where);
  const rows = (await db
    .select()
    .from(source)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize)) as TTable['$inferSelect'][];
  return toPaged(rows.map(map), total?.n ?? 0, page);
}
