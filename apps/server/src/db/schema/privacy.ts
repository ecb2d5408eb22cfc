import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TErasureKept, TPersonalDataExportEntry, TPersonalDataExportStatus } from '@pms/contract';
import { sameProperty, tenantRecordFields, timestamptz } from './common.ts';
import { properties, users } from './core.ts';
import { contacts } from './front-office.ts';

const propertyId = () =>
  uuid('property_id')
    .notNull()
    .references(() => properties.id);

/** A person's data as a ZIP (GDPR Art. 15), made in the background; its download expires. */
export const personalDataExports = pgTable(
  'personal_data_exports',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    contactId: uuid('contact_id').notNull(),
    status: text('status').$type<TPersonalDataExportStatus>().notNull().default('pending'),
    /** How far the job has come, in percent. */
    progress: integer('progress').notNull().default(0),
    /** The ZIP in the file store: not a file of the files area, so only the export's route reads it. */
    storageKey: text('storage_key'),
    size: integer('size'),
    /** The ZIP's listing: every file in it with its size. */
    entries: jsonb('entries').$type<TPersonalDataExportEntry[]>().notNull().default([]),
    requestedBy: uuid('requested_by').references(() => users.id),
    expiresAt: timestamptz('expires_at'),
  },
  (t) => [
    primaryKey({ name: 'personal_data_exports_pkey', columns: [t.propertyId, t.id] }),
    index('personal_data_exports_id_idx').on(t.id),
    sameProperty('personal_data_exports_contact_id_same_property_fk', t.propertyId, t.contactId, contacts),
    index('personal_data_exports_contact_idx').on(t.contactId, t.createdAt),
    index('personal_data_exports_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'done'`),
    check(
      'personal_data_exports_status_check',
      sql`${t.status} in ('pending', 'running', 'done', 'failed', 'expired')`,
    ),
    check('personal_data_exports_progress_check', sql`${t.progress} between 0 and 100`),
    check(
      'personal_data_exports_done_check',
      sql`${t.status} <> 'done' or (${t.storageKey} is not null and ${t.expiresAt} is not null)`,
    ),
  ],
);

/**
 * A person's erasure (GDPR Art. 17) and its tombstone: the contact's id and what was kept under a
 * retention rule, no personal data. Re-applied at every start from the file store's copy.
 */
export const erasures = pgTable(
  'erasures',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    contactId: uuid('contact_id').notNull(),
    erasedAt: timestamptz('erased_at').notNull(),
    erasedBy: uuid('erased_by').references(() => users.id),
    kept: jsonb('kept').$type<TErasureKept[]>().notNull().default([]),
    /** How many files it deleted (ID pictures, signatures, forms outside their period). */
    deletedFiles: integer('deleted_files').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'erasures_pkey', columns: [t.propertyId, t.id] }),
    index('erasures_id_idx').on(t.id),
    sameProperty('erasures_contact_id_same_property_fk', t.propertyId, t.contactId, contacts),
    uniqueIndex('erasures_contact_key').on(t.contactId, t.propertyId),
  ],
);
