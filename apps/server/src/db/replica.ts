import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db, Executor } from './executor.ts';
import * as schema from './schema/index.ts';

/** How often the replica's lag is measured. */
const probeIntervalMs = 2_000;

/** Why a read left the replica for the primary (for the logs and the tests). */
export type TReplicaMiss = 'none' | 'lagging' | 'behind' | 'failed';

/** The replica's data version was older than the request's: its snapshot misses a committed change. */
class ReplicaBehind extends Error {}

/**
 * Heavy reads (reports, statistics, exports, dashboard figures) on a streaming replica, never stale:
 * a request knows its property's data version on the primary when it began (the change feed's, or
 * read with its session), and the replica is read in one repeatable-read snapshot only if that
 * snapshot has the same version or a later one, so it holds everything committed before the request,
 * the user's own writes included. Otherwise, and while the replica lags more than the bound or cannot
 * be reached, the primary answers. Without a replica every read goes to the primary.
 */
export class ReplicaReads {
  #lagSeconds: number | null = null;
  #probe: NodeJS.Timeout | null = null;
  /** Counts where reads went, by reason: what the tests and the bench look at. */
  readonly misses: Record<TReplicaMiss, number> = { none: 0, lagging: 0, behind: 0, failed: 0 };

  private constructor(
    private readonly primary: Db,
    private readonly replica: { db: Db; pool: pg.Pool; maxLagSeconds: number } | null,
  ) {}

  static primaryOnly(primary: Db): ReplicaReads {
    return new ReplicaReads(primary, null);
  }

  static open(primary: Db, pool: pg.Pool, maxLagSeconds: number): ReplicaReads {
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const reads = new ReplicaReads(primary, { db, pool, maxLagSeconds });
    reads.#startProbe();
    return reads;
  }

  #startProbe(): void {
    // It never fails: an unreachable replica measures null.
    const measure = () => void this.measureLag();
    measure();
    this.#probe = setInterval(measure, probeIntervalMs);
    this.#probe.unref();
  }

  /**
   * Measures how far the replica is behind: 0 when it has replayed all it received, else the age of
   * the last transaction it replayed; null (not read) when it cannot be reached.
   */
  async measureLag(): Promise<number | null> {
    if (!this.replica) return null;
    try {
      const result = await this.replica.db.execute(sql`select case
          when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
          else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
        end::float8 as lag`);
      this.#lagSeconds = Number((result as { rows: { lag: number }[] }).rows[0]!.lag);
    } catch {
      this.#lagSeconds = null;
    }
    return this.#lagSeconds;
  }

  /**
   * Runs `work` on the replica when it holds data version `minVersion` of the property or later,
   * else on the primary. `work` must only read: it may run twice (the replica's attempt failed).
   * With no version known (null) the primary answers.
   */
  async read<T>(
    propertyId: string,
    minVersion: number | null,
    work: (db: Executor) => Promise<T>,
  ): Promise<T> {
    const { replica } = this;
    if (!replica || minVersion === null) return work(this.primary);
    if (this.#lagSeconds === null || this.#lagSeconds > replica.maxLagSeconds) {
      this.misses.lagging++;
      return work(this.primary);
    }
    try {
      const answer = await replica.db.transaction(
        async (tx) => {
          const [row] = await tx
            .select({ version: schema.propertyVersions.version })
            .from(schema.propertyVersions)
            .where(eq(schema.propertyVersions.propertyId, propertyId));
          if ((row?.version ?? 0) < minVersion) throw new ReplicaBehind();
          return work(tx);
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      this.misses.none++;
      return answer;
    } catch (error) {
      if (error instanceof ReplicaBehind) this.misses.behind++;
      else {
        // Down, cancelled by a conflict with recovery, or a problem of the work itself: the primary
        // answers (and repeats a problem of the work); the next probe says whether to come back.
        this.misses.failed++;
        this.#lagSeconds = null;
      }
      return work(this.primary);
    }
  }

  async close(): Promise<void> {
    if (this.#probe) clearInterval(this.#probe);
    await this.replica?.pool.end();
  }
}
