// Every key of a tenant table (a table with a property_id) includes property_id, so the schema can be
// distributed by property (decision 184). This test reads the migrated database's catalogue and names each
// primary key, unique constraint, unique index and exclusion constraint that does not.
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { apiTest } from '../../test/api-test.ts';
import { buildTestApp } from '../../test/helpers.ts';
import { rowsOf, type Executor } from './client.ts';

/**
 * Global tables that carry a property_id without belonging to the property: a session's property is the
 * one its user works in now (it changes on every switch), and the job queue serves every property and
 * none (its recurring jobs have no property).
 */
const globalTables = ['jobs', 'sessions'];

/**
 * Keys that must hold across properties: an API key is found by its secret before its property is known,
 * and a caller may choose the secret, so two properties' keys must never share one.
 */
const globalKeys = ['api_keys_secret_key'];

/** The tables whose rows belong to a property only through a parent: the property itself. */
const rootTables = ['properties'];

/** Each key of a table with a property_id that leaves property_id out, as `table: key (kind)`. */
async function keysWithoutProperty(db: Executor): Promise<string[]> {
  const rows = rowsOf<{ table: string; key: string; kind: string }>(
    await db.execute(sql`
      select t.relname as "table", i.relname as "key",
        case when x.indisprimary then 'primary key'
             when x.indisexclusion then 'exclusion constraint'
             when c.contype = 'u' then 'unique constraint'
             else 'unique index' end as kind
      from pg_index x
      join pg_class t on t.oid = x.indrelid
      join pg_class i on i.oid = x.indexrelid
      join pg_namespace n on n.oid = t.relnamespace
      join pg_attribute p on p.attrelid = t.oid and p.attname = 'property_id' and not p.attisdropped
      left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = t.oid and c.contype in ('p', 'u', 'x')
      where n.nspname = 'public'
        and (x.indisunique or x.indisprimary or x.indisexclusion)
        and not (p.attnum = any (x.indkey::smallint[]))
      order by 1, 2`),
  );
  return rows.map((row) => `${row.table}: ${row.key} (${row.kind})`);
}

/** Tables without a property_id that refer to a table with one: rows of a property that do not say so. */
async function childrenWithoutProperty(db: Executor): Promise<string[]> {
  const rows = rowsOf<{ table: string }>(
    await db.execute(sql`
      select distinct t.relname as "table"
      from pg_constraint f
      join pg_class t on t.oid = f.conrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and f.contype = 'f'
        and exists (select 1 from pg_attribute a
                    where a.attrelid = f.confrelid and a.attname = 'property_id' and not a.attisdropped)
        and not exists (select 1 from pg_attribute a
                        where a.attrelid = t.oid and a.attname = 'property_id' and not a.attisdropped)
      order by 1`),
  );
  return rows.map((row) => row.table);
}

const isAllowed = (violation: string) =>
  globalTables.some((table) => violation.startsWith(`${table}: `)) ||
  globalKeys.some((key) => violation.includes(`: ${key} (`));

const test = apiTest.extend('database', { scope: 'file' }, async ({}, { onCleanup }) => {
  const t = await buildTestApp();
  onCleanup(() => t.close());
  return t.db;
});

describe('the tenant keys', () => {
  test('include property_id in every key of a table with a property_id', async ({ database }) => {
    const violations = await keysWithoutProperty(database);
    expect(violations.filter((violation) => !isAllowed(violation))).toEqual([]);
  });

  test('leave out only global tables and keys that break the rule', async ({ database }) => {
    const violations = await keysWithoutProperty(database);
    for (const table of globalTables) {
      expect(
        violations.some((violation) => violation.startsWith(`${table}: `)),
        table,
      ).toBe(true);
    }
    for (const key of globalKeys) {
      expect(
        violations.some((violation) => violation.includes(`: ${key} (`)),
        key,
      ).toBe(true);
    }
  });

  test('are read from every kind of key', async ({ database }) => {
    // A table made for the test and rolled back: each kind of key without property_id is named, and a
    // key that includes it is not.
    let named: string[] = [];
    const probing = database.transaction(async (tx) => {
      await tx.execute(sql`
        create table tenant_keys_probe (
          id uuid primary key, property_id uuid not null, code text, stay daterange,
          constraint tenant_keys_probe_code_unique unique (code),
          constraint tenant_keys_probe_stay_excl exclude using gist (stay with &&))`);
      await tx.execute(
        sql`create unique index tenant_keys_probe_lower_key on tenant_keys_probe (lower(code)) where stay is null`,
      );
      await tx.execute(
        sql`create unique index tenant_keys_probe_own_key on tenant_keys_probe (property_id, code)`,
      );
      named = await keysWithoutProperty(tx);
      tx.rollback();
    });
    await expect(probing).rejects.toThrow(TransactionRollbackError);
    expect(named.filter((violation) => violation.startsWith('tenant_keys_probe: '))).toEqual([
      'tenant_keys_probe: tenant_keys_probe_code_unique (unique constraint)',
      'tenant_keys_probe: tenant_keys_probe_lower_key (unique index)',
      'tenant_keys_probe: tenant_keys_probe_pkey (primary key)',
      'tenant_keys_probe: tenant_keys_probe_stay_excl (exclusion constraint)',
    ]);
  });

  test('are carried by every table whose rows belong to a property', async ({ database }) => {
    const children = await childrenWithoutProperty(database);
    expect(children.filter((table) => !rootTables.includes(table))).toEqual([]);
  });
});
