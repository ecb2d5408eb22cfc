import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TCheckoutStatus, TPaymentProviderKind } from '@pms/contract';
import { paymentMethods } from './base-data.ts';
import { sameProperty, tenantRecordFields, timestamptz } from './common.ts';
import { properties } from './core.ts';
import { bookings, folios } from './front-office.ts';

/**
 * A card payment asked of the payment partner for a folio's due amount: one a folio state (its
 * idempotency key), paid at most once (the partner's payment reference is unique), and posted to the
 * folio as a payment only when the partner says it is paid.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    ...tenantRecordFields,
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
    primaryKey({ name: 'checkout_sessions_pkey', columns: [t.propertyId, t.id] }),
    index('checkout_sessions_id_idx').on(t.id),
    sameProperty('checkout_sessions_booking_id_same_property_fk', t.propertyId, t.bookingId, bookings),
    sameProperty('checkout_sessions_folio_id_same_property_fk', t.propertyId, t.folioId, folios),
    sameProperty(
      'checkout_sessions_payment_method_id_same_property_fk',
      t.propertyId,
      t.paymentMethodId,
      paymentMethods,
    ),
    uniqueIndex('checkout_sessions_key')
      .on(t.propertyId, t.idempotencyKey)
      .where(sql`${t.status} <> 'canceled'`),
    uniqueIndex('checkout_sessions_provider_session_key').on(t.provider, t.providerSessionId, t.propertyId),
    uniqueIndex('checkout_sessions_payment_key').on(t.provider, t.paymentReference, t.propertyId),
    index('checkout_sessions_booking_idx').on(t.bookingId),
    check('checkout_sessions_provider_check', sql`${t.provider} in ('stripe', 'simulator')`),
    check('checkout_sessions_status_check', sql`${t.status} in ('open', 'paid', 'canceled')`),
    check('checkout_sessions_amount_check', sql`${t.amount} > 0`),
    check('checkout_sessions_paid_check', sql`(${t.status} = 'paid') = (${t.paymentReference} is not null)`),
  ],
);

/**
 * Every event a payment partner sent, taken in once per property (the one whose secret verified it): a
 * retried webhook finds its event here, with what became of it.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').$type<TPaymentProviderKind>().notNull(),
    /** Null for events taken in before events were kept per property. */
    propertyId: uuid('property_id').references(() => properties.id),
    eventId: text('event_id').notNull(),
    receivedAt: timestamptz('received_at').notNull().defaultNow(),
    outcome: text('outcome').$type<TPaymentEventOutcome>().notNull().default('ignored'),
    checkoutSessionId: uuid('checkout_session_id'),
    /** Why an event was refused. */
    detail: text('detail'),
  },
  (t) => [
    uniqueIndex('payment_events_key').on(t.provider, t.propertyId, t.eventId),
    check('payment_events_outcome_check', sql`${t.outcome} in ('booked', 'ignored', 'refused')`),
  ],
);

/** What became of a partner's event: a payment booked, nothing to book, or refused. */
export type TPaymentEventOutcome = 'booked' | 'ignored' | 'refused';
