import { randomUUID } from 'node:crypto';
import type { Database, TListener } from '../db/client.ts';
import { selectPropertyVersions } from './data-versions.queries.ts';

/**
 * What this process knows of committed changes without asking the database for each request: every
 * property's data version and bookings version (migrations 0008 and 0036 count them up and announce
 * them on `property_changes`) and a signal whenever who may act changes (`access_changes`).
 *
 * Nothing is ever taken on trust. PGlite hands a commit's notifications over before the committing
 * statement returns, so the feed is never behind. PostgreSQL delivers them shortly after the commit,
 * in commit order, to every instance: before answering from memory a request waits until the feed
 * has caught up, that is until a notification this instance sends itself comes back, since everything
 * committed before it arrives first. Requests read in one turn of the event loop share one such
 * round trip. If the listening connection breaks, the feed stops vouching (requests read from the
 * database) until it has connected and read the versions again. Behind a transaction pooler without
 * a direct connection there is nothing to listen with: the feed never vouches, and each request reads
 * its property's data version with its session (one statement, as when the feed is lost).
 */
/** How long a lost feed waits before it connects again. */
const reconnectDelayMs = 5_000;

/** A property's data version and the version of the last change its bookings' answers may show. */
export type TDataVersions = { data: number; bookings: number };

export class ChangeFeed {
  readonly #versions = new Map<string, TDataVersions>();
  readonly #accessListeners: (() => void)[] = [];
  readonly #dataListeners: ((propertyId: string) => void)[] = [];
  readonly #syncChannel = `pms_sync_${randomUUID().replaceAll('-', '')}`;
  /** The connection while the feed vouches for what it knows; null while it is lost. */
  #listener: TListener | null = null;
  #isClosed = false;
  #reconnect: NodeJS.Timeout | null = null;
  #syncs = 0;
  /** The requests waiting for the round trip in flight, by its number. */
  readonly #inFlight = new Map<string, ((caughtUp: boolean) => void)[]>();
  /** The requests that came after it: they wait for the next one. */
  #next: ((caughtUp: boolean) => void)[] = [];
  /** Whether the next round trip is to be sent once the requests that came in this turn have asked. */
  #isSyncScheduled = false;

  private constructor(private readonly database: Database) {}

  static async open(database: Database): Promise<ChangeFeed> {
    const feed = new ChangeFeed(database);
    if (database.openListener) await feed.#connect(database.openListener);
    return feed;
  }

  async #connect(openListener: () => Promise<TListener>): Promise<void> {
    const listener = await openListener();
    try {
      listener.onLost(() => {
        if (this.#listener === listener) void this.#lose();
      });
      // Listening first and reading after: a change in between is noted twice, never missed.
      await listener.listen('property_changes', (payload) => {
        const [propertyId, version, bookingsVersion] = payload.split(' ');
        this.#note(propertyId!, { data: Number(version), bookings: Number(bookingsVersion) });
      });
      await listener.listen('access_changes', () => this.#accessChanged());
      if (!listener.isImmediate) await listener.listen(this.#syncChannel, (payload) => this.#synced(payload));
      for (const row of await selectPropertyVersions(this.database.db))
        this.#note(row.propertyId, { data: row.version, bookings: row.bookingsVersion });
    } catch (error) {
      await listener.close().catch(() => {});
      throw error;
    }
    this.#listener = listener;
  }

  /** Notes what was announced or read; a version only goes up, whatever order they arrive in. */
  #note(propertyId: string, versions: TDataVersions): void {
    const known = this.#versions.get(propertyId);
    if (!known) this.#versions.set(propertyId, versions);
    else
      this.#versions.set(propertyId, {
        data: Math.max(known.data, versions.data),
        bookings: Math.max(known.bookings, versions.bookings),
      });
    if (known && versions.data > known.data) for (const listener of this.#dataListeners) listener(propertyId);
  }

  #accessChanged(): void {
    for (const listener of this.#accessListeners) listener();
  }

  /** Stops vouching, forgets what it knew and, unless closed, connects again a little later. */
  #lose(): Promise<void> {
    const listener = this.#listener;
    this.#listener = null;
    const closing = listener ? listener.close().catch(() => {}) : Promise.resolve();
    this.#versions.clear();
    this.#accessChanged();
    for (const waiting of [...this.#inFlight.values(), this.#next])
      for (const resolve of waiting) resolve(false);
    this.#inFlight.clear();
    this.#next = [];
    if (!this.#isClosed && !this.#reconnect) {
      this.#reconnect = setTimeout(() => {
        this.#reconnect = null;
        this.#connect(this.database.openListener!).catch(() => void this.#lose());
      }, reconnectDelayMs);
      this.#reconnect.unref();
    }
    return closing;
  }

  /**
   * Sends the next round trip after the event loop's current turn: every request read from the
   * network in this turn has asked by then, and they share it (sent at once, the first request had a
   * round trip of its own and the others waited for the one after it).
   */
  #scheduleSync(): void {
    if (this.#isSyncScheduled) return;
    this.#isSyncScheduled = true;
    setImmediate(() => {
      this.#isSyncScheduled = false;
      if (this.#next.length > 0 && this.#inFlight.size === 0) this.#sendSync();
    });
  }

  #sendSync(): void {
    const token = String(++this.#syncs);
    this.#inFlight.set(token, this.#next);
    this.#next = [];
    const listener = this.#listener;
    listener?.notify(this.#syncChannel, token).catch(() => {
      if (this.#listener === listener) void this.#lose();
    });
  }

  #synced(token: string): void {
    const waiting = this.#inFlight.get(token);
    if (!waiting) return;
    this.#inFlight.delete(token);
    for (const resolve of waiting) resolve(true);
    if (this.#next.length > 0) this.#scheduleSync();
  }

  /**
   * Resolves true once every change committed before the call is known here, or false when the feed
   * cannot tell (its connection broke): then the caller reads from the database.
   */
  caughtUp(): Promise<boolean> {
    const listener = this.#listener;
    if (!listener) return Promise.resolve(false);
    if (listener.isImmediate) return Promise.resolve(true);
    return new Promise((resolve) => {
      this.#next.push(resolve);
      if (this.#inFlight.size === 0) this.#scheduleSync();
    });
  }

  /** The property's data and bookings versions as the feed knows them, or null when it has none. */
  versionsOf(propertyId: string): TDataVersions | null {
    return this.#versions.get(propertyId) ?? null;
  }

  /**
   * Calls `listener` with the property whenever its data version goes up from one the feed knew, as the
   * change is announced: with PGlite before the committing statement returns, so the listener defers
   * any work of its own.
   */
  onDataChange(listener: (propertyId: string) => void): void {
    this.#dataListeners.push(listener);
  }

  /** Calls `listener` after every committed change to sessions, users, memberships or properties. */
  onAccessChange(listener: () => void): void {
    this.#accessListeners.push(listener);
  }

  async close(): Promise<void> {
    this.#isClosed = true;
    if (this.#reconnect) clearTimeout(this.#reconnect);
    await this.#lose();
  }
}
