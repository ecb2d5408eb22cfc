import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

export type TJob = typeof jobs.$inferSelect;

/** Adds a job; its id. */
export async function insertJob(db: Executor, values: typeof jobs.$inferInsert): Promise<string> {
  const [row] = await db.insert(jobs).values(values).returning({ id: jobs.id });
  return row!.id;
}

/** Adds a recurring job's row unless it has one (its key is unique). */
export async function insertRecurringJob(
  db: Executor,
  type: string,
  key: string,
  runAt: Date,
): Promise<void> {
  await db.insert(jobs).values({ type, key, runAt }).onConflictDoNothing({ target: jobs.key });
}

/**
 * Claims the next due job (pending and due, or running on a runner that has not finished it since
 * `staleBefore`) with FOR UPDATE SKIP LOCKED, so that no two runners take the same job.
 */
export async function claimDueJob(
  db: Executor,
  now: Date,
  staleBefore: Date,
  workerId: string,
): Promise<TJob | undefined> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(
        and(eq(jobs.status, 'pending'), lte(jobs.runAt, now)),
        and(eq(jobs.status, 'running'), lt(jobs.lockedAt, staleBefore)),
      ),
    )
    .orderBy(jobs.runAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedAt: now,
      lockedBy: workerId,
      updatedAt: now,
    })
    .where(sql`${jobs.id} = (${due})`)
    .returning();
  return job;
}

/** Records a run's outcome, unless another runner took the job over meanwhile (a lock timed out). */
export async function updateFinishedJob(
  db: Executor,
  job: TJob,
  workerId: string,
  changes: Partial<TJob>,
  now: Date,
): Promise<void> {
  await db
    .update(jobs)
    .set({ ...changes, lockedAt: null, updatedAt: now })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')));
}
