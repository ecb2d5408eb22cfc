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
import type { TLanguage, TMailKind, TMailStatus, TMailTemplateKind, TMailTransport } from '@pms/contract';
import { tenantRecordFields, timestamptz } from './common.ts';
import { properties } from './core.ts';

const propertyId = () =>
  uuid('property_id')
    .notNull()
    .references(() => properties.id);

/** A property's own subject and text of an e-mail kind in one language; the built-in text serves otherwise. */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    kind: text('kind').$type<TMailTemplateKind>().notNull(),
    language: text('language').$type<TLanguage>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
  },
  (t) => [
    primaryKey({ name: 'mail_templates_pkey', columns: [t.propertyId, t.id] }),
    index('mail_templates_id_idx').on(t.id),
    uniqueIndex('mail_templates_key').on(t.propertyId, t.kind, t.language),
    check('mail_templates_kind_check', sql`${t.kind} in ('confirmation', 'invoice', 'reminder', 'dunning')`),
    check('mail_templates_language_check', sql`${t.language} in ('de', 'en')`),
  ],
);

export type TMailAttachmentRef = { name: string; mimeType: string; fileId: string | null };

/**
 * The outbox: every e-mail, queued in the transaction that asked for it and sent by the job runner.
 * `raw` is the RFC 822 message as it was (or will be) sent.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    ...tenantRecordFields,
    propertyId: propertyId(),
    kind: text('kind').$type<TMailKind>().notNull(),
    language: text('language').$type<TLanguage>().notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** Its keys to bookings and invoices are in migration 0031 (front-office.ts imports this file). */
    bookingId: uuid('booking_id'),
    invoiceId: uuid('invoice_id'),
    status: text('status').$type<TMailStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamptz('sent_at'),
    transport: text('transport').$type<TMailTransport>(),
    messageId: text('message_id').notNull(),
    /** The invoice's document, read when the message is sent (it may still be rendering when queued). */
    attachments: jsonb('attachments').$type<TMailAttachmentRef[]>().notNull().default([]),
    raw: text('raw').notNull(),
  },
  (t) => [
    primaryKey({ name: 'mail_messages_pkey', columns: [t.propertyId, t.id] }),
    index('mail_messages_id_idx').on(t.id),
    index('mail_messages_property_idx').on(t.propertyId, t.createdAt),
    index('mail_messages_booking_idx').on(t.bookingId),
    index('mail_messages_invoice_idx').on(t.invoiceId),
    check(
      'mail_messages_kind_check',
      sql`${t.kind} in ('link', 'confirmation', 'invoice', 'team_invitation', 'reminder', 'dunning')`,
    ),
    check('mail_messages_status_check', sql`${t.status} in ('queued', 'sent', 'failed')`),
    check('mail_messages_transport_check', sql`${t.transport} in ('smtp', 'outbox')`),
  ],
);
