import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from './executor.ts';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { ReplicaReads } from './replica.ts';

export type { Db, Executor, TSchema, Tx } from './executor.ts';

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** Heavy reads: on the replica while it is fresh enough, else on the primary (db/replica.ts). */
  reads: ReplicaReads;
  /** PGlite only: the whole database as a tarball, to open copies of it (the test suites' template). */
  dump?: () => Promise<Blob>;
  /**
   * A connection that receives the database's notifications (see performance/change-feed.ts); null
   * behind a transaction pooler without a direct url: then every request reads its data version.
   */
  openListener: (() => Promise<TListener>) | null;
};

/** The receiving end of LISTEN/NOTIFY. */
export type TListener = {
  /**
   * PGlite hands a commit's notifications over before the committing statement returns: whatever has
   * committed is known at once. PostgreSQL delivers them a little later, in commit order.
   */
  isImmediate: boolean;
  /** Calls `onPayload` with every notification on the channel (a lower-case identifier). */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<void>;
  /** Sends a notification from this connection. */
  notify: (channel: string, payload: string) => Promise<void>;
  /** Calls `onLost` once if the connection breaks; nothing arrives after that. */
  onLost: (onLost: (error: Error) => void) => void;
  close: () => Promise<void>;
};

/** A connection of its own, outside the pool, that listens on PostgreSQL. */
async function openPostgresListener(connectionString: string): Promise<TListener> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  const handlers = new Map<string, (payload: string) => void>();
  const lostHandlers: ((error: Error) => void)[] = [];
  let isLost = false;
  const lose = (error: Error) => {
    if (isLost) return;
    isLost = true;
    for (const handler of lostHandlers) handler(error);
  };
  let queue: Promise<unknown> = Promise.resolve();
  client.on('notification', (message) => handlers.get(message.channel)?.(message.payload ?? ''));
  client.on('error', lose);
  client.on('end', () => lose(new Error('the listening connection ended')));
  await client.connect();
  return {
    isImmediate: false,
    listen: async (channel, onPayload) => {
      handlers.set(channel, onPayload);
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    },
    // One statement at a time on this connection, in the simple protocol: the cheapest round trip.
    notify: (channel, payload) => {
      const sent = queue.then(() =>
        client.query(`notify ${client.escapeIdentifier(channel)}, ${client.escapeLiteral(payload)}`),
      );
      queue = sent.catch(() => {});
      return sent.then(() => {});
    },
    onLost: (onLost) => void lostHandlers.push(onLost),
    close: async () => {
      isLost = true;
      await client.end();
    },
  };
}

/** How the server reaches PostgreSQL (DESIGN section 7: DATABASE_URL and its companions). */
export type TPostgresSettings = {
  /** DATABASE_URL: the primary, directly or through a pooler. */
  databaseUrl?: string;
  /**
   * DATABASE_POOL_MODE=transaction: DATABASE_URL is a pooler such as PgBouncer in transaction mode,
   * which hands each transaction to any server connection. Nothing may then live in a session: no
   * named prepared statement, no startup setting, no LISTEN.
   */
  isPooled?: boolean;
  /** DATABASE_DIRECT_URL: the primary without the pooler, for the change feed's LISTEN. */
  directUrl?: string;
  /** DATABASE_REPLICA_URL: a streaming replica for heavy reads (see db/replica.ts). */
  replicaUrl?: string;
  /** DATABASE_REPLICA_MAX_LAG_SECONDS: a replica further behind than this is not read. */
  replicaMaxLagSeconds?: number;
};

/** Session settings every pooled connection starts with when it reaches PostgreSQL directly. */
const sessionTimeouts = {
  // Nothing waits forever: a request that cannot get a lock or an answer in time fails (and a
  // transaction is retried, see retryTransactions) instead of hanging.
  lock_timeout: 5_000,
  statement_timeout: 30_000,
  idle_in_transaction_session_timeout: 60_000,
};

/**
 * A client behind a transaction-mode pooler: a named prepared statement would stay on the server
 * connection that parsed it while the next transaction runs on another, so statements go unnamed
 * (parsed and planned each time, see executePrepared).
 */
class PooledClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (config && typeof config === 'object' && 'name' in config) args[0] = { ...config, name: undefined };
    return (super.query as (...query: unknown[]) => never)(...args);
  }
}

/** A pool of connections to the PostgreSQL server behind `url`. */
export function openPostgresPool(url: string, options: { isPooled?: boolean; max?: number } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 10_000,
    // Behind a pooler the timeouts are the role's (ALTER ROLE … SET, docs/operations.md): a pooler
    // in transaction mode refuses startup settings it cannot carry from one connection to the next.
    ...(options.isPooled ? { Client: PooledClient as unknown as typeof pg.Client } : sessionTimeouts),
  });
  // An idle connection the server ended (a restart, a fail-over, a dropped database) leaves the
  // pool; the next query opens another. Unhandled, the error would end the process.
  pool.on('error', () => {});
  return pool;
}

/** Opens PostgreSQL when a url is given, else the embedded PGlite under dataDir (or in memory). */
export async function openDatabase(
  options: TPostgresSettings & {
    dataDir?: string | null;
    /** PGlite: start from this dump instead of an empty database. */
    loadDataDir?: Blob;
  },
): Promise<Database> {
  if (options.databaseUrl) {
    const pool = openPostgresPool(options.databaseUrl, { isPooled: options.isPooled });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    retryTransactions(db);
    // LISTEN needs a session of its own: through a transaction pooler only on the direct url.
    const listenUrl = options.directUrl ?? (options.isPooled ? undefined : options.databaseUrl);
    const reads = options.replicaUrl
      ? ReplicaReads.open(
          db,
          openPostgresPool(options.replicaUrl, { max: 5 }),
          options.replicaMaxLagSeconds ?? 10,
        )
      : ReplicaReads.primaryOnly(db);
    return {
      db,
      kind: 'postgres',
      reads,
      close: async () => {
        await reads.close();
        await pool.end();
      },
      openListener: listenUrl ? () => openPostgresListener(listenUrl) : null,
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir, 'db');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir,
    extensions: { btree_gist },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  takeParsersOnce(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    reads: ReplicaReads.primaryOnly(db),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    openListener: () =>
      Promise.resolve({
        isImmediate: true,
        listen: async (channel, onPayload) => {
          await client.listen(channel, onPayload);
        },
        notify: async (channel, payload) => {
          await client.query('select pg_notify($1, $2)', [channel, payload]);
        },
        // It runs in this process: it cannot be lost without the process.
        onLost: () => {},
        close: () => Promise.resolve(),
      }),
  };
}

/**
 * Makes every statement the client runs, in a transaction and outside one, go with the options `map`
 * makes of the options it was given.
 */
export function mapQueryOptions(
  client: PGlite,
  map: (options: QueryOptions | undefined) => QueryOptions | undefined,
): void {
  const query = client.query.bind(client);
  client.query = (text, params, options) => query(text, params, map(options));
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      const own: Pick<typeof tx, 'query'> = {
        query: (text, params, options) => tx.query(text, params, map(options)),
      };
      return callback(Object.assign(Object.create(tx) as typeof tx, own));
    });
}

/**
 * Drizzle hands PGlite its parsers (dates, timestamps and intervals kept as their text) with every
 * statement, and PGlite merges them into its parsers of all its types (more than 300) for each one:
 * about 0.1 ms of CPU a statement, as much as a short read itself. The client takes them into its own
 * parsers instead, and the statement runs without. They are the same for every statement drizzle
 * sends, and the client runs nothing else that reads rows (its LISTEN and NOTIFY read none).
 */
function takeParsersOnce(client: PGlite): void {
  mapQueryOptions(client, (options) => {
    if (!options?.parsers) return options;
    const { parsers, ...rest } = options;
    Object.assign(client.parsers, parsers);
    return rest;
  });
}

/** SQLSTATEs after which a transaction can simply run again: serialization failure, deadlock, lock timeout. */
const retryableCodes = new Set(['40001', '40P01', '55P03']);
const maxAttempts = 5;

/** What a driver error may carry: its SQLSTATE, the constraint it broke, its message. */
export type TDatabaseErrorFields = { code?: unknown; constraint?: unknown; message?: unknown };

/**
 * An error and the causes behind it, a few levels deep: Drizzle wraps the driver's error (which
 * carries the SQLSTATE and constraint) in its own.
 */
export function* errorChain(error: unknown): Generator<TDatabaseErrorFields> {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

function isRetryable(error: unknown): boolean {
  for (const { code } of errorChain(error)) {
    if (typeof code === 'string' && retryableCodes.has(code)) return true;
  }
  return false;
}

/**
 * Makes every `db.transaction` run again, a bounded number of times after a short random pause,
 * when PostgreSQL aborted it for a serialization failure, a deadlock or a lock timeout. The callback
 * runs from the start each time, so it must do nothing outside the database that cannot be repeated.
 */
function retryTransactions(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = async (callback, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(callback, config);
      } catch (error) {
        if (attempt >= maxAttempts || !isRetryable(error)) throw error;
        await setTimeout(Math.random() * 20 * attempt);
      }
    }
  };
}

const dialect = new PgDialect();

/**
 * Runs a raw statement as the named prepared statement `name`, like `db.execute` otherwise: on
 * PostgreSQL each connection parses it once and, after a few runs, keeps a generic plan, so that a
 * statement on the path of many requests is not planned again on each. The statement's text must be
 * the same on every run under one name (only its parameters differ). PGlite runs it as it is, and
 * behind a transaction pooler it runs unnamed (PooledClient).
 */
export function executePrepared(db: Executor, name: string, query: SQL): Promise<unknown> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
}

/**
 * The results of `reads` on `db`: at once on the database (each on a connection of its own), one after
 * the other in a transaction, whose one connection runs one statement at a time (node-postgres queues
 * a statement sent while another runs, and will refuse it from pg@9).
 */
export async function readAll<T extends readonly unknown[]>(
  db: Executor,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

/** The rows of a raw `execute` result, which both drivers return under `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The session timeouts a connection lacks (set to 0): behind a pooler they must be the role's
 * defaults, since no connection of the server's own starts with them.
 */
export async function missingSessionTimeouts(db: Db): Promise<string[]> {
  const names = Object.keys(sessionTimeouts);
  const result = await db.execute(
    sql`select name from pg_settings where name in ${names} and setting = '0' order by name`,
  );
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/** Answers once the database does: the health check. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute('select 1');
}
