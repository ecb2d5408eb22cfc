import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesDir = fileURLToPath(new URL('.', import.meta.url));

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The modules a file imports: static `from '...'`, side-effect `import '...'` and dynamic `import('...')`. */
function importsOf(source: string): string[] {
  const pattern = /(?:from\s+|import\s*\(?\s*)['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1]!);
}

/**
 * Building or running a query: any value imported from Drizzle (operators, `sql`; `import type` is
 * fine), or a statement started on the database or a transaction (`db.select(`, `tx\n  .update(`,
 * `ctx.db.execute(`, `db.query.`).
 */
const queryBuilding = [
  /^import\s+(?!type\b)[^;]*?\bfrom\s+['"]drizzle-orm(?:\/[^'"]*)?['"]/m,
  /\b(?:db|tx)\s*\.\s*(?:(?:select|selectDistinct|insert|update|delete|execute)\s*\(|query\s*\.)/,
];

const buildsQueries = (source: string) => queryBuilding.some((pattern) => pattern.test(source));

/** The files whose statements are checked: everything but the queries files and the tests. */
const isQueriesFile = (file: string) => file.endsWith('.queries.ts');
const isTestFile = (file: string) => file.endsWith('.test.ts');

describe('module boundaries', () => {
  const files = moduleFiles(modulesDir);

  it('finds the module files', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('keeps every file under modules/ free of imports from plugins/', () => {
    const offending = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('.'))
        .filter((specifier) => {
          const target = path.resolve(path.dirname(file), specifier);
          return target.split(path.sep).includes('plugins');
        })
        .map((specifier) => `${path.relative(modulesDir, file)} imports ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it('keeps each module out of the other modules’ queries files', () => {
    const offending = files.flatMap((file) => {
      const ownModule = path.relative(modulesDir, file).split(path.sep)[0];
      return importsOf(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.endsWith('.queries.ts'))
        .filter((specifier) => {
          const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier));
          return !target.startsWith('..') && target.split(path.sep)[0] !== ownModule;
        })
        .map((specifier) => `${path.relative(modulesDir, file)} imports ${specifier}`);
    });
    expect(offending).toEqual([]);
  });

  it('recognises query building, and only that', () => {
    const building = [
      "import { and, eq } from 'drizzle-orm';",
      "import { alias } from 'drizzle-orm/pg-core';",
      'const [row] = await db.select().from(notes);',
      'await tx\n      .update(rooms)\n      .set(changes);',
      'await ctx.db.execute(sql`select 1`);',
      'await db.query.users.findFirst();',
    ];
    const notBuilding = [
      "import type { SQL } from 'drizzle-orm';",
      "import type { PgTable } from 'drizzle-orm/pg-core';",
      'await ctx.files.delete(row.storageKey);',
      'await this.byAccountAndAddress.delete(key);',
      'return ctx.db.transaction(async (tx) => insertNote(tx, values));',
    ];
    expect(building.filter((source) => !buildsQueries(source))).toEqual([]);
    expect(notBuilding.filter(buildsQueries)).toEqual([]);
  });

  it('keeps the SQL of every module in its queries files: services, routes and helpers build none', () => {
    const offending = files
      .filter((file) => !isQueriesFile(file) && !isTestFile(file))
      .filter((file) => buildsQueries(readFileSync(file, 'utf8')))
      .map((file) => path.relative(modulesDir, file));
    expect(offending).toEqual([]);
  });
});
