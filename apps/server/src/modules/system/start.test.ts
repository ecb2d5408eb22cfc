// The README's start command, run as a hotel runs it: `npm start` (scripts/start.mjs on the pinned
// Node), stopped and started again on the same data; on PostgreSQL two instances starting at once on
// an empty database. Real processes on free loopback ports, each awaited through /api/health.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getPort from 'get-port';
import pg from 'pg';
import { describe, expect } from 'vitest';
import type { TContact, TPaged } from '@pms/contract';
import { builds, buildStale, isStale } from '../../../../../scripts/build-state.ts';
import { demoUsers } from '../../demo/seed.ts';
import { apiTest } from '../../../test/api-test.ts';
import { postgresEnv } from '../../../test/helpers.ts';
import { dropPostgresDatabase, runAdminQuery, withDatabaseName } from '../../../test/postgres.ts';

const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const migrationsJournal = fileURLToPath(new URL('../../db/migrations/meta/_journal.json', import.meta.url));
/** A start on existing data answers within this; the first start also migrates and loads the demo. */
const restartDeadline = 20_000;
const firstStartDeadline = 120_000;

type TServer = {
  process: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
};

const running = new Set<TServer>();

/** A loopback port free now, not handed out before by this process. */
const freePort = () => getPort({ host: '127.0.0.1' });

/** `npm start` in the repository, in a process group of its own so that it can be stopped whole. */
async function npmStart(dataDir: string, env: Record<string, string>): Promise<TServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn('npm', ['start'], {
    cwd: repositoryRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...withoutSettings(process.env),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const server = { process: child, url, output: () => output, exited };
  running.add(server);
  return server;
}

/** The caller's environment without the settings a start reads, so that only the test's count. */
function withoutSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  const settings = ['DATABASE_URL', 'DEMO_DATA', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'WEB_DIST', 'SMTP_URL'];
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !settings.includes(entry[0]),
    ),
  );
}

/** Polls /api/health until it answers 200; fails when the process ends first or the deadline passes. */
async function waitUntilHealthy(server: TServer, deadline: number): Promise<void> {
  const started = Date.now();
  let hasExited = false;
  void server.exited.then(() => (hasExited = true));
  while (Date.now() - started < deadline) {
    if (hasExited) throw new Error(`npm start ended before answering:\n${server.output()}`);
    const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => null,
    );
    if (response?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no healthy answer within ${deadline} ms:\n${server.output()}`);
}

/** SIGTERM to the whole process group (npm, the shell, the server), SIGKILL to what is left. */
async function stop(server: TServer): Promise<void> {
  const group = -server.process.pid!;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(group, name);
    } catch {
      // The group has already ended.
    }
  };
  signal('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 20_000));
  const code = await Promise.race([server.exited, timeout]);
  signal('SIGKILL');
  running.delete(server);
  expect(code, `npm start did not end on SIGTERM:\n${server.output()}`).not.toBe('timeout');
}

/** A staff member signed in over HTTP with the demo login, sending the XSRF token back as the app does. */
async function signIn(server: TServer) {
  const login = await fetch(`${server.url}/api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo1234' }),
  });
  expect(login.status).toBe(200);
  const cookies = new Map(
    login.headers.getSetCookie().map((cookie) => {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      return [pair!.slice(0, index), pair!.slice(index + 1)] as const;
    }),
  );
  const headers = {
    cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
  };
  return {
    get: async <T>(route: string): Promise<T> => {
      const response = await fetch(`${server.url}${route}`, { headers });
      expect(response.status, route).toBe(200);
      return (await response.json()) as T;
    },
    post: async <T>(route: string, body: unknown): Promise<T> => {
      const response = await fetch(`${server.url}${route}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, route).toBe(201);
      return (await response.json()) as T;
    },
  };
}

/** What a restart must keep: the number of records in the main lists. */
async function recordCounts(server: TServer): Promise<Record<string, number>> {
  const staff = await signIn(server);
  const counts: Record<string, number> = {};
  for (const list of ['/api/contacts', '/api/bookings', '/api/rooms', '/api/users', '/api/properties'])
    counts[list] = (await staff.get<{ count: number }>(`${list}?pageSize=1`)).count;
  return counts;
}

async function createContact(server: TServer, name: string): Promise<TContact> {
  return (await signIn(server)).post<TContact>('/api/contacts', { name });
}

async function findContacts(server: TServer, name: string): Promise<TContact[]> {
  const staff = await signIn(server);
  return (await staff.get<TPaged<TContact>>(`/api/contacts?query=${encodeURIComponent(name)}`)).data;
}

/** The workspaces whose build is up to date now (all of them, unless someone is editing sources). */
function freshWorkspaces(): string[] {
  return builds.filter((build) => !isStale(build, repositoryRoot)).map((build) => build.workspace);
}

function expectNoBuildOf(server: TServer, workspaces: string[]): void {
  for (const workspace of workspaces) expect(server.output()).not.toContain(`Building ${workspace}`);
}

const adminUrl = process.env.TEST_DATABASE_URL;
const poolerUrl = process.env.TEST_DATABASE_POOLER_URL;

/**
 * How a started server reaches the database: through the pooler when the suite has one, and then
 * without a direct url, so that it has nothing to LISTEN on and reads each request's data version.
 */
function serverDatabase(databaseUrl: string): Record<string, string> {
  if (!poolerUrl) return postgresEnv({ databaseUrl });
  const name = new URL(databaseUrl).pathname.slice(1);
  return postgresEnv({ databaseUrl: withDatabaseName(poolerUrl, name), isPooled: true });
}

const test = apiTest
  /** The DATA_DIR the started servers share, removed after the file. */
  .extend('dataDir', { scope: 'file' }, async ({}, { onCleanup }) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pms-start-'));
    onCleanup(() => rm(dataDir, { recursive: true, force: true }));
    return dataDir;
  })
  /** An empty database of its own on the PostgreSQL server, dropped after the file. */
  .extend('databaseUrl', { scope: 'file' }, async ({}, { onCleanup }) => {
    const name = `pms_start_${randomUUID().replaceAll('-', '')}`;
    await runAdminQuery(adminUrl!, `create database ${name}`);
    onCleanup(() => dropPostgresDatabase(adminUrl!, name, { waitForClients: !poolerUrl }));
    return withDatabaseName(adminUrl!, name);
  });

test.beforeAll(() => {
  // What `npm start` would build first, built once here: the starts below then only start (and two
  // instances starting at once do not build into the same folder).
  buildStale(repositoryRoot);
}, 300_000);
test.afterEach(async () => {
  for (const server of running) await stop(server);
});

// The PGlite run of the suite starts on the embedded database, the PostgreSQL run on the server.
if (!adminUrl)
  describe('npm start on the embedded database (PGlite)', () => {
    test('starts again on the same DATA_DIR within seconds, keeping every record, rebuilding what changed', async ({
      dataDir,
    }) => {
      // Everything was built just before: the first start walks every source and builds nothing.
      const freshBeforeFirst = freshWorkspaces();
      const first = await npmStart(dataDir, {});
      await waitUntilHealthy(first, firstStartDeadline);
      expect(first.output()).toMatch(/PMS is running: open http:\/\/127\.0\.0\.1:\d+/);
      expectNoBuildOf(first, freshBeforeFirst);
      const contact = await createContact(first, `Restart ${randomUUID()}`);
      const counts = await recordCounts(first);
      await stop(first);

      // The server's dependencies change (`npm install -w apps/server` writes its package.json): the
      // next start rebuilds the server, and only the server.
      const now = new Date();
      await utimes(path.join(repositoryRoot, 'apps/server/package.json'), now, now);
      const freshBeforeSecond = freshWorkspaces();
      expect(freshBeforeSecond).not.toContain('apps/server');
      const second = await npmStart(dataDir, {});
      await waitUntilHealthy(second, restartDeadline);
      expect(second.output()).toContain('Building apps/server');
      expectNoBuildOf(second, freshBeforeSecond);
      expect(await recordCounts(second)).toEqual(counts);
      expect((await findContacts(second, contact.name)).map((found) => found.id)).toEqual([contact.id]);
    }, 240_000);
  });
else
  describe('npm start on PostgreSQL', () => {
    async function countRows(databaseUrl: string, query: string): Promise<number> {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: number }>(query);
        return rows[0]!.n;
      } finally {
        await client.end();
      }
    }

    test('two instances starting at once on an empty database both start, the demo loaded once; a restart keeps it', async ({
      dataDir,
      databaseUrl,
    }) => {
      const [one, two] = await Promise.all([
        npmStart(dataDir, serverDatabase(databaseUrl)),
        npmStart(dataDir, serverDatabase(databaseUrl)),
      ]);
      await Promise.all([
        waitUntilHealthy(one, firstStartDeadline),
        waitUntilHealthy(two, firstStartDeadline),
      ]);

      const journal = JSON.parse(await readFile(migrationsJournal, 'utf8')) as { entries: unknown[] };
      expect(await countRows(databaseUrl, 'select count(*)::int as n from schema_migrations')).toBe(
        journal.entries.length,
      );
      expect(await countRows(databaseUrl, 'select count(*)::int as n from properties')).toBe(2);
      expect(await countRows(databaseUrl, 'select count(*)::int as n from users')).toBe(demoUsers.length);
      expect(
        await countRows(
          databaseUrl,
          `select count(*)::int as n from users where email = 'admin@example.com'`,
        ),
      ).toBe(1);
      const counts = await recordCounts(one);
      expect(await recordCounts(two)).toEqual(counts);

      const contact = await createContact(one, `Restart ${randomUUID()}`);
      await Promise.all([stop(one), stop(two)]);
      const again = await npmStart(dataDir, serverDatabase(databaseUrl));
      await waitUntilHealthy(again, restartDeadline);
      expect(await recordCounts(again)).toEqual({ ...counts, '/api/contacts': counts['/api/contacts']! + 1 });
      expect((await findContacts(again, contact.name)).map((found) => found.id)).toEqual([contact.id]);
    }, 240_000);
  });
