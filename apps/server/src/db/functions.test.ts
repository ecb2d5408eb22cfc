// The files under db/functions/ are the current text of every function the migrations define. This test
// holds them to the database: a file that says something else than the migrated database, a function
// without a file and a file without a function all fail.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { apiTest } from '../../test/api-test.ts';
import { buildTestApp } from '../../test/helpers.ts';
import { rowsOf } from './client.ts';

const functionsDir = fileURLToPath(new URL('./functions', import.meta.url));

/**
 * A definition as text to compare: without `--` comments, with every dollar quote written `$$`, the
 * statement's opening as pg_get_functiondef writes it (`CREATE OR REPLACE FUNCTION public.<name>`), no
 * closing semicolon and every run of white space one space. Everything else, the body's case included,
 * must be the same.
 */
function normaliseDefinition(text: string): string {
  return text
    .replace(/--[^\n]*/g, '')
    .replace(/\$[A-Za-z_]*\$/g, '$$$$')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/;$/, '')
    .trim()
    .replace(/^create\s+(or\s+replace\s+)?function\s+(public\.)?/i, 'CREATE OR REPLACE FUNCTION public.');
}

function readFunctionFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of readdirSync(functionsDir)) {
    if (!file.endsWith('.sql')) continue;
    files.set(path.basename(file, '.sql'), readFileSync(path.join(functionsDir, file), 'utf8'));
  }
  return files;
}

const files = readFunctionFiles();

/** The definitions of the migrated database's functions, by name. */
const test = apiTest.extend('database', { scope: 'file' }, async ({}, { onCleanup }) => {
  const t = await buildTestApp();
  onCleanup(() => t.close());
  // The functions and procedures of the schema, without those an extension (btree_gist) brings.
  const rows = rowsOf<{ name: string; definition: string }>(
    await t.db.execute(sql`
      select p.proname as name, pg_get_functiondef(p.oid) as definition
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and p.prokind in ('f', 'p')
        and not exists (
          select 1 from pg_depend d
          where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
        )
      order by p.proname`),
  );
  const database = new Map<string, string[]>();
  for (const row of rows) database.set(row.name, [...(database.get(row.name) ?? []), row.definition]);
  return database;
});

describe('the database functions', () => {
  test('each have a file, and each file a function', ({ database }) => {
    expect([...files.keys()].sort()).toEqual([...database.keys()].sort());
  });

  test('have one definition per name', ({ database }) => {
    const overloaded = [...database].filter(([, definitions]) => definitions.length > 1).map(([n]) => n);
    expect(overloaded).toEqual([]);
  });

  test('name in each file the migration that last defined them', () => {
    for (const [name, text] of files) {
      expect(text, name).toMatch(/^-- Last defined by migration \d{4}_[a-z0-9_]+\.sql\.\n/);
      expect(text, name).toMatch(new RegExp(`^CREATE OR REPLACE FUNCTION ${name}\\(`, 'm'));
    }
  });

  test.for([...files.keys()].sort())('%s is defined as its file says', (name, { database }) => {
    const [definition] = database.get(name) ?? [];
    expect(definition, `no function ${name} in the database`).toBeDefined();
    expect(normaliseDefinition(files.get(name)!)).toBe(normaliseDefinition(definition!));
  });
});

describe('normaliseDefinition', () => {
  test('reads a migration statement and the database text alike', () => {
    const written = `-- note\nCREATE OR REPLACE FUNCTION x(a text) RETURNS text LANGUAGE sql AS $$\n  SELECT a -- same\n$$;\n`;
    const printed = `CREATE OR REPLACE FUNCTION public.x(a text)\n RETURNS text\n LANGUAGE sql\nAS $function$\n  SELECT a\n$function$\n`;
    expect(normaliseDefinition(written)).toBe(normaliseDefinition(printed));
    expect(normaliseDefinition(written)).not.toBe(
      normaliseDefinition(printed.replace('SELECT a', 'SELECT b')),
    );
  });
});
