import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type * as schema from './schema/index.ts';

export type TSchema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, TSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Db | Tx;
