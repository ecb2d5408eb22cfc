import { sql } from 'drizzle-orm';
import { check, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAccessCredentialStatus } from '@pms/contract';
import { recordFields, timestamptz } from './common.ts';
import { properties } from './core.ts';

const propertyId = () =>
  uuid('property_id')
    .notNull()
    .references(() => properties.id);

/** A door the lock system opens: a room's (with `roomId`) or an entrance. `lockId`: its id there. */
export const accessPoints = pgTable(
  'access_points',
  {
    ...recordFields,
    propertyId: propertyId(),
    name: text('name').notNull(),
    roomId: uuid('room_id'),
    lockId: text('lock_id'),
  },
  (t) => [
    unique('access_points_property_id_id_unique').on(t.propertyId, t.id),
    uniqueIndex('access_points_room_key')
      .on(t.roomId)
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
    ...recordFields,
    propertyId: propertyId(),
    bookingId: uuid('booking_id').notNull(),
    validFrom: timestamptz('valid_from').notNull(),
    validUntil: timestamptz('valid_until').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    unique('access_tokens_property_id_id_unique').on(t.propertyId, t.id),
    uniqueIndex('access_tokens_booking_key')
      .on(t.bookingId)
      .where(sql`${t.revokedAt} is null`),
    check('access_tokens_period_check', sql`${t.validUntil} > ${t.validFrom}`),
  ],
);

/** A token's credential at the lock system for one access point, issued and revoked by a job. */
export const accessCredentials = pgTable(
  'access_credentials',
  {
    ...recordFields,
    propertyId: propertyId(),
    tokenId: uuid('token_id').notNull(),
    accessPointId: uuid('access_point_id').notNull(),
    lockCredentialId: text('lock_credential_id'),
    status: text('status').$type<TAccessCredentialStatus>().notNull().default('pending'),
  },
  (t) => [
    uniqueIndex('access_credentials_key').on(t.tokenId, t.accessPointId),
    check(
      'access_credentials_status_check',
      sql`${t.status} in ('pending', 'issued', 'revoking', 'revoked')`,
    ),
  ],
);
