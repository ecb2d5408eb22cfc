import { LRUCache } from 'lru-cache';
import type { TIdentity } from '../actor.ts';
import type { Db } from '../db/client.ts';
import type { ChangeFeed } from './change-feed.ts';
import { findSessionIdentity, type TSessionIdentity } from '../modules/session/index.ts';

/**
 * Who a session token belongs to. An identity is kept in memory until the session ends or anything
 * changes who may act (a sign-out, a user, a membership, a property: the change feed says so), and
 * the property's data version comes from the feed once it has caught up with the database. When the
 * feed cannot vouch, the session and its data version are read in one statement. Identities are kept
 * by the token itself: hashing it again for every request cost a kept answer a twentieth of its CPU,
 * and the token is in this process's memory with every request it comes with anyway (the database
 * keeps only its hash, so that a copy of the database opens no session).
 */
export class SessionIdentities {
  readonly #known = new LRUCache<string, TSessionIdentity>({ max: 10_000 });
  /** Counts the access changes: an identity read before one is not kept. */
  #generation = 0;

  constructor(
    private readonly db: Db,
    private readonly feed: ChangeFeed,
  ) {
    feed.onAccessChange(() => {
      this.#generation++;
      this.#known.clear();
    });
  }

  async find(token: string): Promise<TIdentity | null> {
    const { feed } = this;
    if (!(await feed.caughtUp())) return findSessionIdentity(this.db, token);
    let identity = this.#known.get(token);
    if (!identity || identity.expiresAt.getTime() <= Date.now()) {
      const generation = this.#generation;
      identity = (await findSessionIdentity(this.db, token)) ?? undefined;
      if (!identity) return null;
      if (generation === this.#generation) this.#known.set(token, identity);
    }
    const versions = feed.versionsOf(identity.actor.propertyId);
    return { ...identity, dataVersion: versions?.data ?? null, bookingsVersion: versions?.bookings ?? null };
  }
}
