import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SettableClock } from '../clock.ts';
import type { AppContext } from '../context.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { createJobQueue } from './job-queue.ts';
import { backoffMs, JobRunner, nextDueTime, type TJob, type TJobRunnerOptions } from './job-runner.ts';

let database: Database;
let ctx: AppContext;
const clock = new SettableClock();
const start = new Date('2026-03-29T00:00:00Z');

beforeAll(async () => {
  database = await openDatabase({ dataDir: null });
  // Only the jobs table, from its migration (and the properties it refers to): quick enough for a unit test.
  await database.db.execute(sql`create table properties (id uuid primary key)`);
  const migration = readFileSync(new URL('../db/migrations/0006_jobs.sql', import.meta.url), 'utf8');
  for (const statement of migration.split('--> statement-breakpoint'))
    await database.db.execute(sql.raw(statement));
  // The runner needs only the database, the clock and the queue of the context.
  ctx = { db: database.db, clock, jobs: createJobQueue(clock) } as Partial<AppContext> as AppContext;
  // Starting PGlite compiles its WebAssembly: seconds on a busy machine.
}, 60_000);
afterAll(async () => {
  await database?.close();
});
const stopAfter: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stopAfter.splice(0)) await stop();
});
beforeEach(async () => {
  clock.set(start);
  await database.db.delete(jobs);
});

const runner = (handlers: TJobRunnerOptions['handlers'], options: TJobRunnerOptions = {}) =>
  new JobRunner(ctx, { handlers, recurring: [], baseBackoffMs: 1_000, ...options });

async function jobRow(id: string): Promise<TJob> {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

describe('job runner', () => {
  it('looks for work at once when the queue is woken, not at its next poll', async () => {
    const ran: string[] = [];
    const done = new Promise<void>((resolve) => {
      const worker = runner(
        {
          'room_locks.apply': (_ctx, job) => {
            ran.push(job.id);
            resolve();
            return Promise.resolve();
          },
        },
        { pollMs: 3_600_000 },
      );
      worker.start();
      stopAfter.push(() => worker.stop());
    });
    // The first round finds nothing; the next poll would be an hour away.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const id = await ctx.jobs.enqueue(ctx.db, { type: 'room_locks.apply' });
    ctx.jobs.wake();
    await done;
    expect(ran).toEqual([id]);
  });

  it('claims a due job once, and a job due later only when its time has come', async () => {
    const due = await ctx.jobs.enqueue(ctx.db, { type: 'room_locks.apply' });
    const later = await ctx.jobs.enqueue(ctx.db, {
      type: 'room_locks.apply',
      runAt: new Date(start.getTime() + 60_000),
    });
    const worker = runner({});
    const claimed = await worker.claim();
    expect(claimed).toMatchObject({ id: due, status: 'running', attempts: 1, lockedBy: worker.workerId });
    expect(await worker.claim()).toBeNull();
    clock.advance(60_000);
    expect((await worker.claim())?.id).toBe(later);
  });

  it('marks a job done after its handler ran', async () => {
    const seen: unknown[] = [];
    const id = await ctx.jobs.enqueue(ctx.db, { type: 'room_locks.apply', payload: { n: 1 } });
    expect(
      await runner({
        'room_locks.apply': (_ctx, job) => {
          seen.push(job.payload);
          return Promise.resolve();
        },
      }).runDue(),
    ).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, lastError: null, lockedAt: null });
  });

  it('retries a failing job after an exponential backoff, then marks it failed with the error', async () => {
    let calls = 0;
    const failing = runner({
      'room_locks.apply': () => {
        calls++;
        return Promise.reject(new Error(`mail server down (${calls})`));
      },
    });
    const id = await ctx.jobs.enqueue(ctx.db, { type: 'room_locks.apply', maxAttempts: 3 });

    await failing.runDue();
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.runAt.getTime() - start.getTime()).toBe(1_000);
    expect(row.lastError).toContain('mail server down (1)');

    // Not before the backoff has passed.
    clock.advance(999);
    expect(await failing.runDue()).toBe(0);
    clock.advance(1);
    await failing.runDue();
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row.runAt.getTime() - clock.now().getTime()).toBe(2_000);

    clock.advance(2_000);
    await failing.runDue();
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row.lastError).toContain('mail server down (3)');
    clock.advance(3_600_000);
    expect(await failing.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('fails a job whose type has no handler, naming it', async () => {
    const id = await ctx.jobs.enqueue(ctx.db, { type: 'room_locks.apply', maxAttempts: 1 });
    await runner({}).runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'failed' });
    expect((await jobRow(id)).lastError).toContain('no handler for job type room_locks.apply');
  });

  it('never runs one job on two runners', async () => {
    const runs: string[] = [];
    const handler = async (_ctx: AppContext, job: TJob) => {
      runs.push(job.id);
      await new Promise((resolve) => setTimeout(resolve, 1));
    };
    const ids = [];
    for (let n = 0; n < 20; n++) ids.push(await ctx.jobs.enqueue(ctx.db, { type: 'room_locks.apply' }));
    const first = runner({ 'room_locks.apply': handler });
    const second = runner({ 'room_locks.apply': handler });
    const [byFirst, bySecond] = await Promise.all([first.runDue(), second.runDue()]);
    expect(byFirst + bySecond).toBe(20);
    expect(runs.toSorted()).toEqual(ids.toSorted());
  });

  it('takes over a job whose runner stopped answering (a crashed instance)', async () => {
    const id = await ctx.jobs.enqueue(ctx.db, { type: 'room_locks.apply' });
    const crashed = runner({}, { lockTimeoutMs: 60_000 });
    await crashed.claim();
    const survivor = runner({}, { lockTimeoutMs: 60_000 });
    expect(await survivor.claim()).toBeNull();
    clock.advance(60_001);
    expect(await survivor.claim()).toMatchObject({ id, attempts: 2, lockedBy: survivor.workerId });
  });

  it('commits a job with the transaction that enqueued it, and drops it with one rolled back', async () => {
    const kept = await ctx.db.transaction((tx) => ctx.jobs.enqueue(tx, { type: 'room_locks.apply' }));
    await expect(
      ctx.db.transaction(async (tx) => {
        await ctx.jobs.enqueue(tx, { type: 'room_locks.apply' });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect((await ctx.db.select().from(jobs)).map((row) => row.id)).toEqual([kept]);
  });

  it('keeps one row per recurring job, run once per due time', async () => {
    let runs = 0;
    const options = { recurring: [{ type: 'room_locks.apply', everyMs: 60_000 }] };
    const handlers = {
      'room_locks.apply': () => {
        runs++;
        return Promise.resolve();
      },
    };
    const first = runner(handlers, options);
    const second = runner(handlers, options);
    await first.scheduleRecurring();
    await second.scheduleRecurring();
    expect(await ctx.db.select().from(jobs)).toHaveLength(1);

    clock.advance(10_000);
    await Promise.all([first.runDue(), second.runDue()]);
    expect(runs).toBe(1);
    const [row] = await ctx.db.select().from(jobs);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row!.runAt.toISOString()).toBe('2026-03-29T00:01:00.000Z');

    clock.advance(49_999);
    expect(await first.runDue()).toBe(0);
    clock.advance(1);
    await Promise.all([first.runDue(), second.runDue()]);
    expect(runs).toBe(2);
  });

  it('computes backoff and due times', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffMs(attempt, 10_000, 60_000))).toEqual([
      10_000, 20_000, 40_000, 60_000,
    ]);
    expect(nextDueTime(new Date('2026-03-29T00:00:59.999Z'), 60_000).toISOString()).toBe(
      '2026-03-29T00:01:00.000Z',
    );
    expect(nextDueTime(new Date('2026-03-29T00:01:00.000Z'), 60_000).toISOString()).toBe(
      '2026-03-29T00:02:00.000Z',
    );
  });
});
