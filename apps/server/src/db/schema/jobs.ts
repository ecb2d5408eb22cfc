import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './common.ts';
import { properties } from './core.ts';

export const jobStatuses = ['pending', 'running', 'done', 'failed'] as const;
export type TJobStatus = (typeof jobStatuses)[number];

/**
 * Background work, claimed by any instance's runner with FOR UPDATE SKIP LOCKED. A job enqueued in a
 * transaction commits with it. A recurring job is one row under its `key`, moved to its next due time
 * after each run.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    propertyId: uuid('property_id').references(() => properties.id),
    /** Names a recurring job's one row, so that every instance schedules the same row. */
    key: text('key'),
    status: text('status').$type<TJobStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamptz('run_at').notNull().defaultNow(),
    lockedAt: timestamptz('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('jobs_key_key').on(t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('pending', 'running')`),
  ],
);
