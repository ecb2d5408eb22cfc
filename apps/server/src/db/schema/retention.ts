import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { retentionLogActions, retentionLogObjectTypes } from '@pms/contract';
import type { TRetainedRecord, TRetentionStart } from '../../lib/retention.ts';
import { sameProperty, timestamptz } from './common.ts';
import { properties } from './core.ts';

const propertyId = () =>
  uuid('property_id')
    .notNull()
    .references(() => properties.id);

type TRetentionLogObjectType = (typeof retentionLogObjectTypes)[number];
type TRetentionLogAction = (typeof retentionLogActions)[number];

/**
 * How long a property keeps one kind of record: seeded from its country's law (lib/retention.ts), edited
 * by admins; the legal reference stays beside it and cannot be blanked (decision 193).
 */
export const retentionRules = pgTable(
  'retention_rules',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    propertyId: propertyId(),
    country: text('country').notNull(),
    record: text('record').$type<TRetainedRecord>().notNull(),
    start: text('start').$type<TRetentionStart>().notNull(),
    years: integer('years').notNull().default(0),
    months: integer('months').notNull().default(0),
    days: integer('days').notNull().default(0),
    graceMonths: integer('grace_months').notNull().default(0),
    reference: text('reference').notNull(),
  },
  (t) => [
    primaryKey({ name: 'retention_rules_pkey', columns: [t.propertyId, t.id] }),
    index('retention_rules_id_idx').on(t.id),
    uniqueIndex('retention_rules_record_key').on(t.propertyId, t.record),
    check(
      'retention_rules_record_check',
      sql`${t.record} in ('registration_form', 'id_picture', 'accounting_record', 'guest_profile')`,
    ),
    check(
      'retention_rules_start_check',
      sql`${t.start} in ('entry', 'arrival', 'end_of_year', 'last_stay', 'confirmation_or_check_out')`,
    ),
    check(
      'retention_rules_period_check',
      sql`${t.years} between 0 and 100 and ${t.months} between 0 and 1200 and ${t.days} between 0 and 36500 and ${t.graceMonths} between 0 and 1200`,
    ),
    check('retention_rules_reference_check', sql`btrim(${t.reference}) <> ''`),
  ],
);

/** A property's daily application of its rules: one per local day, claimed by the instance that inserts it. */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    runOn: date('run_on', { mode: 'string' }).notNull(),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    primaryKey({ name: 'retention_runs_pkey', columns: [t.propertyId, t.id] }),
    index('retention_runs_id_idx').on(t.id),
    uniqueIndex('retention_runs_day_key').on(t.propertyId, t.runOn),
  ],
);

/** What a run did to which record under which rule: ids only, never a name or an address. */
export const retentionLog = pgTable(
  'retention_log',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    runId: uuid('run_id').notNull(),
    ruleId: uuid('rule_id').notNull(),
    record: text('record').$type<TRetainedRecord>().notNull(),
    objectType: text('object_type').$type<TRetentionLogObjectType>().notNull(),
    objectId: uuid('object_id').notNull(),
    action: text('action').$type<TRetentionLogAction>().notNull(),
    fileCount: integer('file_count').notNull().default(0),
    ranAt: timestamptz('ran_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'retention_log_pkey', columns: [t.propertyId, t.id] }),
    index('retention_log_id_idx').on(t.id),
    sameProperty('retention_log_run_fk', t.propertyId, t.runId, retentionRuns),
    sameProperty('retention_log_rule_fk', t.propertyId, t.ruleId, retentionRules),
    check(
      'retention_log_object_type_check',
      sql`${t.objectType} in ('booking', 'file', 'contact', 'invoice')`,
    ),
    check('retention_log_action_check', sql`${t.action} in ('deleted', 'anonymised', 'kept')`),
    check('retention_log_file_count_check', sql`${t.fileCount} >= 0`),
    index('retention_log_ran_at_idx').on(t.propertyId, t.ranAt, t.id),
    index('retention_log_run_idx').on(t.propertyId, t.runId),
    index('retention_log_rule_idx').on(t.propertyId, t.ruleId),
    // A contact is anonymised once, an accounting record reported kept once.
    uniqueIndex('retention_log_once_key')
      .on(t.propertyId, t.objectType, t.objectId, t.action)
      .where(sql`${t.action} in ('kept', 'anonymised')`),
  ],
);
