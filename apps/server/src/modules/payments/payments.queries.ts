import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TPaymentProviderKind } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { bookings, contacts, paymentMethods } from '../../db/schema/index.ts';
import { checkoutSessions, paymentEvents, type TPaymentEventOutcome } from '../../db/schema/payments.ts';
import type { TPaidCheckout } from '../../integrations/payments/payment-provider.ts';

export type TCheckoutRow = typeof checkoutSessions.$inferSelect;

/** Inserts the checkout of a folio state, unless one with its idempotency key exists. */
export async function insertCheckout(
  db: Executor,
  values: typeof checkoutSessions.$inferInsert,
): Promise<TCheckoutRow | undefined> {
  const [row] = await db.insert(checkoutSessions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function selectCheckoutByKey(
  db: Executor,
  propertyId: string,
  idempotencyKey: string,
): Promise<TCheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.propertyId, propertyId),
        eq(checkoutSessions.idempotencyKey, idempotencyKey),
        ne(checkoutSessions.status, 'canceled'),
      ),
    );
  return row;
}

/** A checkout of the property, or with `bookingId` only one of that booking. */
export async function selectCheckout(
  db: Executor,
  propertyId: string,
  id: string,
  bookingId?: string,
): Promise<TCheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.propertyId, propertyId),
        eq(checkoutSessions.id, id),
        bookingId ? eq(checkoutSessions.bookingId, bookingId) : undefined,
      ),
    );
  return row;
}

/** The booking's checkouts that the guest could still pay at the partner. */
export async function selectOpenCheckouts(
  db: Executor,
  propertyId: string,
  bookingId: string,
): Promise<TCheckoutRow[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.propertyId, propertyId),
        eq(checkoutSessions.bookingId, bookingId),
        eq(checkoutSessions.status, 'open'),
      ),
    )
    .orderBy(asc(checkoutSessions.createdAt));
}

/** A checkout of the simulator, whatever its property: its hosted page knows only the id. */
export async function selectSimulatedCheckout(db: Executor, id: string): Promise<TCheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.provider, 'simulator')));
  return row;
}

export async function setCheckoutSession(
  db: Executor,
  id: string,
  values: { providerSessionId: string; url: string },
): Promise<TCheckoutRow> {
  const [row] = await db
    .update(checkoutSessions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(checkoutSessions.id, id))
    .returning();
  return row!;
}

/**
 * Marks the property's checkout paid with its payment's reference, once, and only for the checkout's
 * own amount and currency: a second message about the same payment (or a race with the guest's own
 * confirmation) finds it paid and claims nothing, and so does a payment of another amount.
 */
export async function claimPaidCheckout(
  db: Executor,
  propertyId: string,
  provider: TPaymentProviderKind,
  paid: TPaidCheckout,
): Promise<TCheckoutRow | undefined> {
  const [row] = await db
    .update(checkoutSessions)
    .set({
      status: 'paid',
      paymentReference: paid.paymentReference,
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(checkoutSessions.propertyId, propertyId),
        eq(checkoutSessions.provider, provider),
        eq(checkoutSessions.providerSessionId, paid.providerSessionId),
        ne(checkoutSessions.status, 'paid'),
        eq(checkoutSessions.amount, paid.amount),
        sql`upper(${checkoutSessions.currency}) = upper(${paid.currency})`,
      ),
    )
    .returning();
  return row;
}

/** The property's checkout behind a partner's session id. */
export async function selectCheckoutBySession(
  db: Executor,
  propertyId: string,
  provider: TPaymentProviderKind,
  providerSessionId: string,
): Promise<TCheckoutRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.propertyId, propertyId),
        eq(checkoutSessions.provider, provider),
        eq(checkoutSessions.providerSessionId, providerSessionId),
      ),
    );
  return row;
}

/**
 * The guest left the partner's page without paying, or a newer checkout replaced it: the checkout is
 * open no more.
 */
export async function cancelOpenCheckout(db: Executor, id: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ status: 'canceled', completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}

/** Takes in a partner's event for the property that verified it; false when it was taken in before. */
export async function insertPaymentEvent(
  db: Executor,
  propertyId: string,
  provider: TPaymentProviderKind,
  eventId: string,
): Promise<boolean> {
  const rows = await db
    .insert(paymentEvents)
    .values({ propertyId, provider, eventId })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

type TPaymentEventKey = { propertyId: string; provider: TPaymentProviderKind; eventId: string };

function paymentEventIs(key: TPaymentEventKey) {
  return and(
    eq(paymentEvents.propertyId, key.propertyId),
    eq(paymentEvents.provider, key.provider),
    eq(paymentEvents.eventId, key.eventId),
  );
}

/** What became of a partner's event taken in before. */
export async function selectPaymentEvent(db: Executor, key: TPaymentEventKey) {
  const [row] = await db.select().from(paymentEvents).where(paymentEventIs(key));
  return row;
}

/** Keeps what became of a partner's event. */
export async function setPaymentEventOutcome(
  db: Executor,
  key: TPaymentEventKey,
  values: { outcome: TPaymentEventOutcome; checkoutSessionId: string | null; detail: string | null },
): Promise<void> {
  await db.update(paymentEvents).set(values).where(paymentEventIs(key));
}

/** The property's card payment method that card payments are booked to: the first by name. */
export async function selectCardPaymentMethod(db: Executor, propertyId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.propertyId, propertyId),
        eq(paymentMethods.kind, 'card'),
        isNull(paymentMethods.deletedAt),
      ),
    )
    .orderBy(asc(paymentMethods.name), asc(paymentMethods.id))
    .limit(1);
  return row?.id ?? null;
}

/** The booking's code and its customer's e-mail address, for the partner's page. */
export async function selectBookingPayer(
  db: Executor,
  propertyId: string,
  bookingId: string,
): Promise<{ code: string; email: string | null } | undefined> {
  const [row] = await db
    .select({ code: bookings.code, email: contacts.email })
    .from(bookings)
    .leftJoin(contacts, eq(contacts.id, bookings.customerId))
    .where(and(eq(bookings.propertyId, propertyId), eq(bookings.id, bookingId), isNull(bookings.deletedAt)));
  return row;
}

/** The booking's checkouts the payment partner reported paid, oldest first. */
export function selectPaidCheckouts(db: Executor, propertyId: string, bookingId: string) {
  return db
    .select({ amount: checkoutSessions.amount, completedAt: checkoutSessions.completedAt })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.propertyId, propertyId),
        eq(checkoutSessions.bookingId, bookingId),
        eq(checkoutSessions.status, 'paid'),
      ),
    )
    .orderBy(asc(checkoutSessions.completedAt), asc(checkoutSessions.id));
}
