import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import type { TAddress, TCommunication, TRole } from '@pms/contract';
import { recordFields, tenantRecordFields, timestamptz } from './common.ts';

type TBank = { name?: string | null; iban?: string | null; bic?: string | null };
type TCompany = {
  name?: string | null;
  managingDirector?: string | null;
  registerNumber?: string | null;
  registerCourt?: string | null;
  taxNumber?: string | null;
  vatNumber?: string | null;
  costCenter?: string | null;
};

export const properties = pgTable(
  'properties',
  {
    ...recordFields,
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    timeZone: text('time_zone').notNull().default('Europe/Vienna'),
    currency: text('currency').notNull().default('EUR'),
    checkInTime: text('check_in_time').notNull().default('15:00'),
    checkOutTime: text('check_out_time').notNull().default('11:00'),
    communication: jsonb('communication').$type<TCommunication>().notNull().default({}),
    address: jsonb('address').$type<TAddress>().notNull().default({}),
    bank: jsonb('bank').$type<TBank>().notNull().default({}),
    company: jsonb('company').$type<TCompany>().notNull().default({}),
    bookingCodePrefix: text('booking_code_prefix').notNull().default(''),
    bookingCodeSuffix: text('booking_code_suffix').notNull().default(''),
    invoicePrefix: text('invoice_prefix').notNull().default(''),
    nextInvoiceNumber: integer('next_invoice_number').notNull().default(1),
    paymentTermDays: integer('payment_term_days').notNull().default(14),
    /** The days a payment reminder gives to pay. */
    reminderTermDays: integer('reminder_term_days').notNull().default(10),
    /** Minutes between two fetches of each channel import feed (channel sync). */
    channelSyncMinutes: integer('channel_sync_minutes').notNull().default(15),
    logoId: uuid('logo_id'),
    primaryColor: text('primary_color'),
  },
  (t) => [
    uniqueIndex('properties_slug_key')
      .on(t.slug)
      .where(sql`${t.deletedAt} is null`),
    check('properties_payment_term_days_check', sql`${t.paymentTermDays} between 0 and 365`),
    check('properties_reminder_term_days_check', sql`${t.reminderTermDays} between 1 and 90`),
    check('properties_channel_sync_minutes_check', sql`${t.channelSyncMinutes} between 5 and 1440`),
  ],
);

export const users = pgTable(
  'users',
  {
    ...recordFields,
    email: text('email').notNull(),
    name: text('name').notNull(),
    language: text('language'),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    lastPropertyId: uuid('last_property_id').references(() => properties.id),
  },
  (t) => [
    uniqueIndex('users_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const propertyUsers = pgTable(
  'property_users',
  {
    ...tenantRecordFields,
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    roleId: text('role_id').$type<TRole>().notNull(),
    /**
     * What the administrator typed when adding the user (name, e-mail, language): the team sees
     * this, not the account's own data, until the user next signs in.
     */
    invitedName: text('invited_name'),
    invitedEmail: text('invited_email'),
    invitedLanguage: text('invited_language'),
  },
  (t) => [
    primaryKey({ name: 'property_users_pkey', columns: [t.propertyId, t.id] }),
    index('property_users_id_idx').on(t.id),
    uniqueIndex('property_users_member_key')
      .on(t.propertyId, t.userId)
      .where(sql`${t.deletedAt} is null`),
    index('property_users_user_idx').on(t.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie token: a leaked table does not hand out sessions. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    xsrfToken: text('xsrf_token').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Failed logins in the current window: per account (the e-mail address typed, known or not) for
 * clients without a device cookie of the account (`device` ''), else per account and device cookie.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    account: text('account').notNull(),
    device: text('device').notNull(),
    failures: integer('failures').notNull(),
    windowEndsAt: timestamptz('window_ends_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'login_failures_pkey', columns: [t.account, t.device] }),
    index('login_failures_window_idx').on(t.windowEndsAt),
    check('login_failures_failures_check', sql`${t.failures} > 0`),
  ],
);

/**
 * An existing account invited to a property's team: it joins when its owner accepts with the mailed
 * token (stored as its SHA-256). Until then the team sees what the administrator typed.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    roleId: text('role_id').$type<TRole>().notNull(),
    invitedName: text('invited_name').notNull(),
    invitedEmail: text('invited_email').notNull(),
    invitedLanguage: text('invited_language'),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'team_invitations_pkey', columns: [t.propertyId, t.id] }),
    index('team_invitations_id_idx').on(t.id),
    // Read by its token before the property is known: 256 random bits, unique within the property.
    uniqueIndex('team_invitations_token_key').on(t.tokenHash, t.propertyId),
    uniqueIndex('team_invitations_member_key').on(t.propertyId, t.userId),
    index('team_invitations_user_idx').on(t.userId),
  ],
);

/**
 * Counters of rate-limiter-flexible (the portal's requests per link), one row per key: consumed points
 * and when the window ends. Updated with one atomic upsert, so every instance shares them.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: timestamptz('expire'),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    ...tenantRecordFields,
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    name: text('name').notNull(),
    roleId: text('role_id').$type<TRole>().notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (t) => [
    primaryKey({ name: 'api_keys_pkey', columns: [t.propertyId, t.id] }),
    index('api_keys_id_idx').on(t.id),
    // A caller may choose the secret, which must name one key among all properties (decision 184).
    uniqueIndex('api_keys_secret_key').on(t.secretHash),
    index('api_keys_property_idx').on(t.propertyId),
  ],
);

export const generalSettings = pgTable('general_settings', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id),
  featurePreCheckIn: boolean('feature_pre_check_in').notNull().default(true),
  featurePayment: boolean('feature_payment').notNull().default(true),
  featureCheckInJack: boolean('feature_check_in_jack').notNull().default(false),
  propertyInfoUrl: text('property_info_url'),
  linkEmailSubject: text('link_email_subject'),
  linkEmailBody: text('link_email_body'),
  sendConfirmationOnCreate: boolean('send_confirmation_on_create').notNull().default(false),
  updatedAt: timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** What the accounting export (DATEV) needs: adviser and client number, fiscal year, accounts. */
export const accountingSettings = pgTable(
  'accounting_settings',
  {
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id),
    adviserNumber: integer('adviser_number'),
    clientNumber: integer('client_number'),
    fiscalYearStartMonth: integer('fiscal_year_start_month').notNull().default(1),
    accountLength: integer('account_length').notNull().default(4),
    receivablesAccount: text('receivables_account').notNull().default('10000'),
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('accounting_settings_adviser_check', sql`${t.adviserNumber} between 1001 and 9999999`),
    check('accounting_settings_client_check', sql`${t.clientNumber} between 1 and 99999`),
    check('accounting_settings_month_check', sql`${t.fiscalYearStartMonth} between 1 and 12`),
    check('accounting_settings_length_check', sql`${t.accountLength} between 4 and 8`),
    check('accounting_settings_receivables_check', sql`${t.receivablesAccount} ~ '^[0-9]{1,9}$'`),
  ],
);

export const settingEntries = pgTable(
  'setting_entries',
  {
    ...tenantRecordFields,
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    key: text('key').notNull(),
    value: text('value').notNull(),
    secret: boolean('secret').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'setting_entries_pkey', columns: [t.propertyId, t.id] }),
    index('setting_entries_id_idx').on(t.id),
    uniqueIndex('setting_entries_key')
      .on(t.propertyId, t.key)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const files = pgTable(
  'files',
  {
    ...tenantRecordFields,
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    name: text('name').notNull(),
    purpose: text('purpose'),
    type: text('type').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
  },
  (t) => [
    primaryKey({ name: 'files_pkey', columns: [t.propertyId, t.id] }),
    index('files_id_idx').on(t.id),
    index('files_property_idx').on(t.propertyId),
  ],
);

/** Instance-wide secrets (signing keys) shared by every app instance through the database. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * How often a property's data has changed: counted up once by every committed transaction that
 * changes it (a deferred trigger, migration 0008), and announced on the channel `property_changes`.
 */
export const propertyVersions = pgTable('property_versions', {
  propertyId: uuid('property_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  /** The version of the last change the bookings' answers may show (migration 0036). */
  bookingsVersion: bigint('bookings_version', { mode: 'number' }).notNull().default(1),
});

/**
 * Which stays changed, in which version of their property (migration 0014): written by triggers on
 * bookings, their guests and contact names, stamped with the version at commit. The room plan reads
 * again only the stays changed since the version it keeps.
 */
export const stayChanges = pgTable(
  'stay_changes',
  {
    bookingId: uuid('booking_id').notNull(),
    propertyId: uuid('property_id').notNull(),
    version: bigint('version', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'stay_changes_pkey', columns: [t.propertyId, t.bookingId] }),
    index('stay_changes_version_idx').on(t.propertyId, t.version),
  ],
);
