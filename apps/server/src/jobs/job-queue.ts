import type { Clock } from '../clock.ts';
import type { Executor } from '../db/client.ts';
import { insertJob } from './jobs.queries.ts';
import type { TJobType } from './job-types.ts';

export type TEnqueueJob = {
  type: TJobType;
  payload?: Record<string, unknown>;
  propertyId?: string | null;
  /** When to run it; now when left out. */
  runAt?: Date;
  maxAttempts?: number;
};

/** Adds background work. Given a service's transaction, the job commits (or rolls back) with it. */
export type JobQueue = {
  enqueue: (db: Executor, job: TEnqueueJob) => Promise<string>;
  /**
   * Tells this instance's runner that work was committed for now, so that it looks at once rather than
   * at its next poll (a document someone waits for). Call it after the enqueueing transaction.
   */
  wake: () => void;
  /** The runner listens for wake calls. */
  onWake: (listener: () => void) => void;
};

export function createJobQueue(clock: Clock): JobQueue {
  const listeners = new Set<() => void>();
  return {
    wake: () => {
      for (const listener of listeners) listener();
    },
    onWake: (listener) => {
      listeners.add(listener);
    },
    enqueue: (db, job) =>
      insertJob(db, {
        type: job.type,
        payload: job.payload ?? {},
        propertyId: job.propertyId ?? null,
        runAt: job.runAt ?? clock.now(),
        ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
      }),
  };
}
