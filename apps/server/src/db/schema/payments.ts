import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TCheckoutStatus, TPaymentProviderKind } from '@pms/contract';
import { recordFields, timestamptz } from './common.ts';
import { properties } from './core.ts';

/**
 * A card payment asked of the payment partner for a folio's due amount: one a folio state (its
 * idempotency key), paid at most once (the partner's payment reference is unique), and posted to the
 * folio as a payment only when the partner says it is paid.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    ...recordFields,
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    bookingId: uuid('booking_id').notNull(),
    folioId: uuid('folio_id').notNull(),
    provider: text('provider').$type<TPaymentProviderKind>().notNull(),
    providerSessionId: text('provider_session_id'),
    url: text('url'),
    /** Where the partner sends the browser back to, under the public url (with ?status=success|cancel). */
    returnPath: text('return_path').notNull(),
    /** The card payment method the payment is booked to, chosen when the checkout was made. */
    paymentMethodId: uuid('payment_method_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<TCheckoutStatus>().notNull().default('open'),
    paymentReference: text('payment_reference'),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    uniqueIndex('checkout_sessions_key')
      .on(t.propertyId, t.idempotencyKey)
      .where(sql`${t.status} <> 'canceled'`),
    uniqueIndex('checkout_sessions_provider_session_key').on(t.provider, t.providerSessionId),
    uniqueIndex('checkout_sessions_payment_key').on(t.provider, t.paymentReference),
    index('checkout_sessions_booking_idx').on(t.bookingId),
    check('checkout_sessions_provider_check', sql`${t.provider} in ('stripe', 'simulator')`),
    check('checkout_sessions_status_check', sql`${t.status} in ('open', 'paid', 'canceled')`),
    check('checkout_sessions_amount_check', sql`${t.amount} > 0`),
    check('checkout_sessions_paid_check', sql`(${t.status} = 'paid') = (${t.paymentReference} is not null)`),
  ],
);

/** Every event a payment partner sent, taken in once: a retried webhook finds its event here. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').$type<TPaymentProviderKind>().notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'payment_events_pkey', columns: [t.provider, t.eventId] })],
);
