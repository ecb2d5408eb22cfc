import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { jobHandlers, type TJobHandler } from './job-handlers.ts';
import { recurringJobs } from './job-types.ts';
import { claimDueJob, insertRecurringJob, updateFinishedJob, type TJob } from './jobs.queries.ts';

export type { TJob };

export type TJobRunnerOptions = {
  /** Names this runner in `locked_by`; one per instance. */
  workerId?: string;
  handlers?: Record<string, TJobHandler>;
  recurring?: readonly { type: string; everyMs: number }[];
  /** The pause before the first retry; each further attempt waits twice as long, up to `maxBackoffMs`. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** A running job whose runner has not finished it for this long (a crashed instance) is claimed again. */
  lockTimeoutMs?: number;
  pollMs?: number;
  /** A job's handler failed (with the job), or the polling itself did (without one). */
  onError?: (error: unknown, job: TJob | null) => void;
};

/** How long a job waits after its `attempt`-th failure: exponential, capped. */
export function backoffMs(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** (attempt - 1), maxMs);
}

/** The first due time of a schedule after an instant: due times are multiples of the interval. */
export function nextDueTime(after: Date, everyMs: number): Date {
  return new Date((Math.floor(after.getTime() / everyMs) + 1) * everyMs);
}

const recurringKey = (type: string) => `recurring:${type}`;

function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Works the jobs table: claims one due job at a time with FOR UPDATE SKIP LOCKED (so runners on any
 * number of instances never take the same job), runs its handler, and records the outcome: done, a
 * retry after an exponential backoff, or failed with the error once its attempts are spent.
 */
export class JobRunner {
  readonly workerId: string;
  private readonly handlers: Record<string, TJobHandler>;
  private readonly recurring: readonly { type: string; everyMs: number }[];
  private readonly baseBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly lockTimeoutMs: number;
  private readonly pollMs: number;
  private readonly onError: (error: unknown, job: TJob | null) => void;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  /** Woken while running: look again as soon as this round ends. */
  private again = false;

  constructor(
    private readonly ctx: AppContext,
    options: TJobRunnerOptions = {},
  ) {
    this.workerId = options.workerId ?? randomUUID();
    this.handlers = options.handlers ?? jobHandlers;
    this.recurring = options.recurring ?? recurringJobs;
    this.baseBackoffMs = options.baseBackoffMs ?? 10_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 3_600_000;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 600_000;
    this.pollMs = options.pollMs ?? 5_000;
    this.onError = options.onError ?? (() => {});
  }

  /** Makes sure each recurring job has its row; every instance may call it, one row results. */
  async scheduleRecurring(): Promise<void> {
    const now = this.ctx.clock.now();
    for (const { type } of this.recurring) {
      await insertRecurringJob(this.ctx.db, type, recurringKey(type), now);
    }
  }

  /** Claims the next due job for this runner, or null when none is due. */
  async claim(): Promise<TJob | null> {
    const now = this.ctx.clock.now();
    const staleBefore = new Date(now.getTime() - this.lockTimeoutMs);
    const job = await claimDueJob(this.ctx.db, now, staleBefore, this.workerId);
    return job ?? null;
  }

  /** Runs the due jobs one after another until none is left (or `limit` ran); returns how many ran. */
  async runDue(limit = 100): Promise<number> {
    let count = 0;
    for (; count < limit; count++) {
      const job = await this.claim();
      if (!job) break;
      await this.run(job);
    }
    return count;
  }

  private async run(job: TJob): Promise<void> {
    try {
      const handler = this.handlers[job.type];
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(this.ctx, job);
      await this.finish(job, null);
    } catch (error) {
      this.onError(error, job);
      await this.finish(job, error);
    }
  }

  /** Records a run's outcome, unless another runner took the job over meanwhile (a lock timed out). */
  private async finish(job: TJob, error: unknown): Promise<void> {
    const now = this.ctx.clock.now();
    const schedule = job.key ? this.recurring.find(({ type }) => recurringKey(type) === job.key) : undefined;
    const hasFailed = error !== null;
    const isSpent = job.attempts >= job.maxAttempts;
    const lastError = hasFailed ? errorText(error) : null;
    let changes: Partial<TJob>;
    if (schedule && (!hasFailed || isSpent)) {
      // A recurring job never ends: after a run (or its last failed attempt) it waits for its next due time.
      changes = { status: 'pending', attempts: 0, runAt: nextDueTime(now, schedule.everyMs), lastError };
    } else if (!hasFailed) {
      changes = { status: 'done', lastError: null };
    } else if (isSpent) {
      changes = { status: 'failed', lastError };
    } else {
      const delay = backoffMs(job.attempts, this.baseBackoffMs, this.maxBackoffMs);
      changes = { status: 'pending', runAt: new Date(now.getTime() + delay), lastError };
    }
    await updateFinishedJob(this.ctx.db, job, this.workerId, changes, now);
  }

  /** Polls for due jobs until stopped; a wake call from the job queue makes it look at once. */
  start(): void {
    if (this.timer) return;
    this.ctx.jobs.onWake(() => this.wake());
    this.timer = setTimeout(this.tick, 0);
  }

  private readonly tick = () => {
    this.running = this.scheduleRecurring()
      .then(() => this.runDue())
      .catch((error: unknown) => this.onError(error, null))
      .finally(() => {
        this.running = null;
        if (!this.timer) return;
        this.timer = setTimeout(this.tick, this.again ? 0 : this.pollMs);
        this.again = false;
      });
  };

  /** Looks for due jobs now: at once when idle, right after the round in hand otherwise. */
  wake(): void {
    if (!this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(this.tick, 0);
  }

  /** Stops polling and waits for the job in hand. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
