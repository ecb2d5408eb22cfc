import type { Database } from './client.ts';
import { propertyVersions } from './schema/index.ts';

/**
 * What this process knows of committed changes without asking the database: every property's data
 * version (migration 0008 counts it up and announces it) and a signal when who may act has changed.
 *
 * Only where every change passes through this process: PGlite runs inside it and hands a commit's
 * notifications over before the commit's own promise settles, so nothing here is ever behind the
 * database, whoever wrote. PostgreSQL is shared by several instances and delivers notifications after
 * the fact: there the feed is absent, and each request reads its property's version with its session.
 */
export class ChangeFeed {
  readonly #versions = new Map<string, number>();
  readonly #accessListeners: (() => void)[] = [];

  private constructor() {}

  /** The feed of a PGlite database, or null for PostgreSQL. */
  static async open(database: Database): Promise<ChangeFeed | null> {
    if (!database.listen) return null;
    const feed = new ChangeFeed();
    // Listening first and reading after: a change in between is noted twice, never missed.
    await database.listen('property_changes', (payload) => {
      const [propertyId, version] = payload.split(' ');
      feed.#note(propertyId!, Number(version));
    });
    await database.listen('access_changes', () => {
      for (const listener of feed.#accessListeners) listener();
    });
    for (const row of await database.db.select().from(propertyVersions))
      feed.#note(row.propertyId, row.version);
    return feed;
  }

  #note(propertyId: string, version: number): void {
    if (version > (this.#versions.get(propertyId) ?? 0)) this.#versions.set(propertyId, version);
  }

  /** The property's data version, or null when it has none yet. */
  versionOf(propertyId: string): number | null {
    return this.#versions.get(propertyId) ?? null;
  }

  /** Calls `listener` after every committed change to sessions, users, memberships or properties. */
  onAccessChange(listener: () => void): void {
    this.#accessListeners.push(listener);
  }
}
