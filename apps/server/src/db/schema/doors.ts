import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAccessCredentialStatus } from '@pms/contract';
import { rooms } from './base-data.ts';
import { sameProperty, tenantRecordFields, timestamptz } from './common.ts';
import { properties } from './core.ts';
import { bookings } from './front-office.ts';

const propertyId = () =>
  uuid('property_id')
    .notNull()
    .references(() => properties.id);

/** A door the lock system opens: a room's (with `roomId`) or an entrance. `lockId`: its id there. */
export const accessPoints = pgTable(
  'access_points',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    name: text('name').notNull(),
    roomId: uuid('room_id'),
    lockId: text('lock_id'),
  },
  (t) => [
    primaryKey({ name: 'access_points_pkey', columns: [t.propertyId, t.id] }),
    index('access_points_id_idx').on(t.id),
    sameProperty('access_points_room_id_same_property_fk', t.propertyId, t.roomId, rooms),
    uniqueIndex('access_points_room_key')
      .on(t.roomId, t.propertyId)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex('access_points_entrance_name_key')
      .on(t.propertyId, sql`lower(${t.name})`)
      .where(sql`${t.roomId} is null and ${t.deletedAt} is null`),
  ],
);

/** A booking's key: valid from check-in date and time until check-out date and time. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    bookingId: uuid('booking_id').notNull(),
    validFrom: timestamptz('valid_from').notNull(),
    validUntil: timestamptz('valid_until').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    primaryKey({ name: 'access_tokens_pkey', columns: [t.propertyId, t.id] }),
    index('access_tokens_id_idx').on(t.id),
    sameProperty('access_tokens_booking_id_same_property_fk', t.propertyId, t.bookingId, bookings),
    uniqueIndex('access_tokens_booking_key')
      .on(t.bookingId, t.propertyId)
      .where(sql`${t.revokedAt} is null`),
    check('access_tokens_period_check', sql`${t.validUntil} > ${t.validFrom}`),
  ],
);

/** A token's credential at the lock system for one access point, issued and revoked by a job. */
export const accessCredentials = pgTable(
  'access_credentials',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    tokenId: uuid('token_id').notNull(),
    accessPointId: uuid('access_point_id').notNull(),
    lockCredentialId: text('lock_credential_id'),
    status: text('status').$type<TAccessCredentialStatus>().notNull().default('pending'),
  },
  (t) => [
    primaryKey({ name: 'access_credentials_pkey', columns: [t.propertyId, t.id] }),
    index('access_credentials_id_idx').on(t.id),
    sameProperty(
      'access_credentials_access_point_id_same_property_fk',
      t.propertyId,
      t.accessPointId,
      accessPoints,
    ),
    sameProperty('access_credentials_token_id_same_property_fk', t.propertyId, t.tokenId, accessTokens),
    uniqueIndex('access_credentials_key').on(t.tokenId, t.accessPointId, t.propertyId),
    check(
      'access_credentials_status_check',
      sql`${t.status} in ('pending', 'issued', 'revoking', 'revoked')`,
    ),
  ],
);
