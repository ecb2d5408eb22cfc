import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesDir = fileURLToPath(new URL('.', import.meta.url));
const srcDir = path.resolve(modulesDir, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The modules a file imports: static `from '...'`, side-effect `import '...'` and dynamic `import('...')`. */
function importsOf(source: string): string[] {
  const pattern = /(?:from\s+|import\s*\(?\s*)['"]([^'"]+)['"]/g;
  return [...source.matchAll(pattern)].map((match) => match[1]!);
}

/** The files of `src/` a file imports (relative specifiers only: packages are not part of the graph). */
function localImportsOf(file: string, source: string): string[] {
  return importsOf(source)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.resolve(path.dirname(file), specifier));
}

/** The module a file of `src/modules/<name>/` belongs to; null for the platform (lib, db, http, ...). */
function moduleOf(file: string): string | null {
  const parts = path.relative(modulesDir, file).split(path.sep);
  return parts[0] === '..' || parts.length < 2 ? null : parts[0]!;
}

/** The tables a file imports as values from the schema (`import type` is fine: a row type is no query). */
function tablesImportedBy(file: string, source: string): string[] {
  const pattern = /^import\s+(?!type\b)\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/gm;
  return [...source.matchAll(pattern)]
    .filter(
      (match) => path.resolve(path.dirname(file), match[2]!) === path.join(srcDir, 'db/schema/index.ts'),
    )
    .flatMap((match) => match[1]!.split(','))
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '));
}

/** The cycles of a directed graph: each strongly connected part with more than one node (Tarjan). */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || graph.get(node)?.has(node)) cycles.push(part.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
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

const isQueriesFile = (file: string) => file.endsWith('.queries.ts');
const isTestFile = (file: string) => file.endsWith('.test.ts');
const relative = (file: string) => path.relative(srcDir, file).split(path.sep).join('/');

/** Where SQL may be written besides the queries files: the database layer itself. */
const isDatabaseLayer = (file: string) => relative(file).startsWith('db/');

/** Files that build queries outside a queries file, each with its reason. */
const queryBuildingExceptions: Record<string, string> = {
  // The demo seed writes sample rows straight into the tables: fixture data, no rule of the product.
  'demo/seed.ts': 'demo data',
  'demo/seed-billing.ts': 'demo data',
  'demo/seed-front-office.ts': 'demo data',
  'demo/seed-local-tax.ts': 'demo data',
};

/** The composition root: it registers every module's routes, so it may name them directly. */
const compositionRoot = 'app.ts';

const maxLines = 400;

/** Files over `maxLines`, each with its reason; every one of them is to be split, none is to be added. */
const longFileExceptions: Record<string, string> = {
  // The front office's tables with their constraints: to split by module (bookings, folios, invoices).
  'db/schema/front-office.ts': 'to split by module',
  // The demo hotel's rooms, rates, contacts and a season of bookings: demo data, to split by area.
  'demo/seed-front-office.ts': 'demo data, to split by area',
};

/**
 * The tables each module owns, as far as its services, routes and helpers name them. A module's
 * other files name no other module's table: they call the owning module's `find…`/`assert…Owned`
 * through its index. (Queries files may still join other modules' tables to read.)
 */
const ownTables: Record<string, string[]> = {
  'base-data': [
    'items',
    'paymentMethods',
    'rateItems',
    'ratePrices',
    'rates',
    'roomTypes',
    'rooms',
    'taxRates',
  ],
  cash: ['cashRegisters'],
  contacts: ['contacts'],
  files: ['files'],
  folios: ['folios'],
  groups: ['groups'],
  'local-tax': ['localTaxLevies'],
  'room-locks': ['roomLocks'],
};

/** Tables of the platform that any module may hand to a library: the rate limiter's shared store. */
const platformTables = ['rateLimits'];

describe('module boundaries', () => {
  const files = sourceFiles(srcDir);
  const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
  const productFiles = files.filter((file) => !isTestFile(file));

  it('finds the source files and the modules', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(new Set(files.map(moduleOf)).size).toBeGreaterThan(20);
  });

  it('finds cycles, and only cycles', () => {
    const graph = (edges: [string, string][]) => {
      const result = new Map<string, Set<string>>();
      for (const [from, to] of edges) result.set(from, (result.get(from) ?? new Set()).add(to));
      return result;
    };
    expect(
      cyclesOf(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['c', 'a'],
          ['c', 'd'],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(cyclesOf(graph([['a', 'a']]))).toEqual([['a']]);
    expect(
      cyclesOf(
        graph([
          ['a', 'b'],
          ['b', 'c'],
          ['a', 'c'],
        ]),
      ),
    ).toEqual([]);
  });

  it('keeps the files of src/ free of import cycles', () => {
    const graph = new Map(
      productFiles.map((file) => [file, new Set(localImportsOf(file, sources.get(file)!))]),
    );
    expect(cyclesOf(graph).map((cycle) => cycle.map(relative).join(' → '))).toEqual([]);
  });

  it('keeps the modules free of import cycles', () => {
    const graph = new Map<string, Set<string>>();
    for (const file of productFiles) {
      const from = moduleOf(file);
      if (!from) continue;
      for (const target of localImportsOf(file, sources.get(file)!)) {
        const to = moduleOf(target);
        if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
      }
    }
    expect(cyclesOf(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('gives every module an index.ts', () => {
    const modules = new Set(productFiles.map(moduleOf).filter((name) => name !== null));
    const missing = [...modules].filter((name) => !sources.has(path.join(modulesDir, name, 'index.ts')));
    expect(missing).toEqual([]);
  });

  it('imports another module only through its index.ts', () => {
    const offending = files
      .filter((file) => relative(file) !== compositionRoot)
      .flatMap((file) =>
        localImportsOf(file, sources.get(file)!)
          .filter((target) => {
            const to = moduleOf(target);
            return to !== null && to !== moduleOf(file) && path.basename(target) !== 'index.ts';
          })
          .map((target) => `${relative(file)} imports ${relative(target)}`),
      );
    expect(offending).toEqual([]);
  });

  it('keeps every file under modules/ free of imports from plugins/', () => {
    const offending = files
      .filter((file) => moduleOf(file) !== null)
      .flatMap((file) =>
        localImportsOf(file, sources.get(file)!)
          .filter((target) => relative(target).startsWith('plugins/'))
          .map((target) => `${relative(file)} imports ${relative(target)}`),
      );
    expect(offending).toEqual([]);
  });

  it('keeps flows/ above the modules: only routes, the guest portal and jobs call a flow, a flow no table', () => {
    const isFlow = (file: string) => relative(file).startsWith('flows/');
    const flowCallers = productFiles
      .filter((file) => !isFlow(file) && relative(file) !== compositionRoot)
      .filter((file) => localImportsOf(file, sources.get(file)!).some(isFlow))
      .map(relative);
    const allowed = (file: string) =>
      file.endsWith('.routes.ts') || file.startsWith('modules/portal/') || file.startsWith('jobs/');
    expect(flowCallers.length).toBeGreaterThan(0);
    expect(flowCallers.filter((file) => !allowed(file))).toEqual([]);
    const flowFiles = productFiles.filter(isFlow);
    expect(flowFiles.map(relative).sort()).toEqual([
      'flows/channel-import.flow.ts',
      'flows/check-in.flow.ts',
      'flows/contact-change.flow.ts',
      'flows/guest-payment.flow.ts',
    ]);
    const offending = flowFiles.flatMap((file) => [
      ...tablesImportedBy(file, sources.get(file)!).map((table) => `${relative(file)} names ${table}`),
      ...localImportsOf(file, sources.get(file)!)
        .filter((target) => moduleOf(target) === 'portal')
        .map((target) => `${relative(file)} imports ${relative(target)}`),
    ]);
    expect(offending).toEqual([]);
  });

  it('keeps a module’s services, routes and helpers to its own tables', () => {
    const offending = productFiles
      .filter((file) => moduleOf(file) !== null && !isQueriesFile(file))
      .flatMap((file) => {
        const own = [...(ownTables[moduleOf(file)!] ?? []), ...platformTables];
        return tablesImportedBy(file, sources.get(file)!)
          .filter((table) => !own.includes(table))
          .map((table) => `${relative(file)} names ${table}`);
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

  it('keeps the SQL in queries files and db/: services, routes, helpers and jobs build none', () => {
    const offending = productFiles
      .filter((file) => !isQueriesFile(file) && !isDatabaseLayer(file))
      .filter((file) => !(relative(file) in queryBuildingExceptions))
      .filter((file) => buildsQueries(sources.get(file)!))
      .map(relative);
    expect(offending).toEqual([]);
  });

  it(`keeps every file of src/ under ${maxLines} lines, but for the named exceptions`, () => {
    const long = productFiles
      .filter((file) => sources.get(file)!.split('\n').length > maxLines)
      .map(relative)
      .sort();
    expect(long.filter((file) => !(file in longFileExceptions))).toEqual([]);
    // An exception that got short enough is taken off the list.
    expect(Object.keys(longFileExceptions).filter((file) => !long.includes(file))).toEqual([]);
  });
});
