import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { TChannelConflictMode } from '@pms/contract';
import { rooms } from './base-data.ts';
import { sameProperty, tenantRecordFields, timestamptz } from './common.ts';
import { properties } from './core.ts';
import { bookings, roomLocks } from './front-office.ts';

const propertyId = () =>
  uuid('property_id')
    .notNull()
    .references(() => properties.id);

/** A booking platform the property sells its rooms on, and how its feeds are read. */
export const channels = pgTable(
  'channels',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    blockedSummaries: text('blocked_summaries').array().notNull(),
    dtendIsCheckOut: boolean('dtend_is_check_out').notNull().default(true),
    conflictMode: text('conflict_mode').$type<TChannelConflictMode>().notNull().default('mark'),
    isZeroPriced: boolean('is_zero_priced').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'channels_pkey', columns: [t.propertyId, t.id] }),
    index('channels_id_idx').on(t.id),
    uniqueIndex('channels_name_key')
      .on(t.propertyId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    check('channels_conflict_mode_check', sql`${t.conflictMode} in ('mark', 'skip')`),
  ],
);

/**
 * A room's feeds for a channel: the import the hotel reads (with what the last fetch learnt: its
 * validators for a conditional GET, its outcome, when the next is due) and the export's token.
 */
export const channelFeeds = pgTable(
  'channel_feeds',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    channelId: uuid('channel_id').notNull(),
    roomId: uuid('room_id').notNull(),
    importUrl: text('import_url'),
    /** The export feed's capability: 256 random bits, base64url; null once revoked. */
    exportToken: text('export_token'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastFetchedAt: timestamptz('last_fetched_at'),
    lastSuccessAt: timestamptz('last_success_at'),
    lastError: text('last_error'),
    failures: integer('failures').notNull().default(0),
    nextFetchAt: timestamptz('next_fetch_at'),
  },
  (t) => [
    primaryKey({ name: 'channel_feeds_pkey', columns: [t.propertyId, t.id] }),
    index('channel_feeds_id_idx').on(t.id),
    sameProperty('channel_feeds_channel_id_same_property_fk', t.propertyId, t.channelId, channels),
    sameProperty('channel_feeds_room_id_same_property_fk', t.propertyId, t.roomId, rooms),
    uniqueIndex('channel_feeds_room_key').on(t.channelId, t.roomId, t.propertyId),
    // Read by its token before the property is known: 256 random bits, unique within the property.
    uniqueIndex('channel_feeds_export_token_key').on(t.exportToken, t.propertyId),
    index('channel_feeds_next_fetch_idx')
      .on(t.nextFetchAt)
      .where(sql`${t.importUrl} is not null and ${t.deletedAt} is null`),
    check('channel_feeds_failures_check', sql`${t.failures} >= 0`),
  ],
);

/** What an import made of one event of a feed, keyed by (feed, UID): a booking or a room lock. */
export const channelStays = pgTable(
  'channel_stays',
  {
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    propertyId: propertyId(),
    feedId: uuid('feed_id').notNull(),
    uid: text('uid').notNull(),
    bookingId: uuid('booking_id'),
    roomLockId: uuid('room_lock_id'),
    checkIn: date('check_in', { mode: 'string' }).notNull(),
    checkOut: date('check_out', { mode: 'string' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'channel_stays_pkey', columns: [t.propertyId, t.id] }),
    index('channel_stays_id_idx').on(t.id),
    sameProperty('channel_stays_booking_id_same_property_fk', t.propertyId, t.bookingId, bookings),
    sameProperty('channel_stays_feed_id_same_property_fk', t.propertyId, t.feedId, channelFeeds),
    sameProperty('channel_stays_room_lock_id_same_property_fk', t.propertyId, t.roomLockId, roomLocks),
    uniqueIndex('channel_stays_uid_key').on(t.feedId, t.uid, t.propertyId),
    index('channel_stays_booking_idx').on(t.bookingId),
    index('channel_stays_room_lock_idx').on(t.roomLockId),
    check('channel_stays_target_check', sql`(${t.bookingId} is null) <> (${t.roomLockId} is null)`),
    check('channel_stays_dates_check', sql`${t.checkOut} > ${t.checkIn}`),
  ],
);
