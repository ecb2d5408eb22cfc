import type { TCheckoutSession, TCreateCheckoutRequest, TPaymentProviderKind } from '@pms/contract';
import { requireBookingAccess, systemActor, type TActor } from '../actor.ts';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import type { TPaymentEventOutcome } from '../db/schema/payments.ts';
import { AppError, notFound } from '../errors.ts';
import type { PaymentProvider, TPaidCheckout } from '../integrations/payments/payment-provider.ts';
import { findProperty } from '../lib/properties.ts';
import { getBookingFolios, recordPayment } from '../modules/folios/index.ts';
import {
  cancelOpenCheckout,
  checkoutKey,
  claimPaidCheckout,
  findSimulatedCheckout,
  insertCheckout,
  insertPaymentEvent,
  providerOf,
  selectBookingPayer,
  selectCardPaymentMethod,
  selectCheckout,
  selectCheckoutByKey,
  selectCheckoutBySession,
  selectOpenCheckouts,
  selectPaymentEvent,
  setCheckoutSession,
  setPaymentEventOutcome,
  stripeOf,
  toCheckoutSession,
} from '../modules/payments/index.ts';
import { readGeneralSettings } from '../modules/settings/index.ts';

// The guest's card payment, from the portal and the staff's payment link alike: the checkout at the
// payment partner (the amount computed here), the guest's return or the partner's webhook, the payment
// booked on the folio once, and the folio's invoices settled by it (the folios module's payment).

/**
 * Ends the booking's open checkouts made for an earlier state of their folio (the amount changed
 * since), at the partner and here, so only the newest can be paid. One the guest paid before it could
 * be ended is booked (once, as the webhook would) instead of being lost. A partner that cannot be
 * reached stops the new checkout: two payable ones for the same folio must not exist.
 */
async function expireStaleCheckouts(
  ctx: AppContext,
  provider: PaymentProvider,
  propertyId: string,
  bookingId: string,
): Promise<void> {
  const open = await selectOpenCheckouts(ctx.db, propertyId, bookingId);
  if (open.length === 0) return;
  const current = new Map(
    (await getBookingFolios(ctx.db, propertyId, bookingId)).map((folio) => [folio.id, checkoutKey(folio)]),
  );
  for (const checkout of open) {
    if (current.get(checkout.folioId) === checkout.idempotencyKey) continue;
    let paid: TPaidCheckout | null = null;
    if (checkout.providerSessionId && checkout.provider === provider.kind) {
      try {
        paid = await provider.expireCheckout(checkout.providerSessionId);
      } catch {
        throw new AppError('unavailable', 'the payment partner could not be reached; try again');
      }
    }
    if (paid)
      await ctx.db.transaction((tx) => bookPaidCheckout(ctx, tx, propertyId, checkout.provider, paid));
    else await cancelOpenCheckout(ctx.db, checkout.id);
  }
}

/**
 * A card payment of a folio's due amount at the payment partner, computed here and never taken from
 * the client: the folio named, else the booking's first folio with money due. The same folio state
 * (its gross and paid amounts) gives the same checkout, so a guest tapping "pay" twice pays once; a
 * canceled one makes room for a new one, and one made for an earlier folio state is expired first
 * (at the partner too), so an old page cannot be paid after the amount changed. `returnPath` is where the partner sends the browser back
 * (with `?status=success` or `cancel`).
 */
export async function createCheckout(
  ctx: AppContext,
  actor: TActor,
  bookingId: string,
  input: TCreateCheckoutRequest & { returnPath: string; language: 'de' | 'en' },
): Promise<TCheckoutSession> {
  requireBookingAccess(actor, 'folios', 'write', bookingId);
  const p = actor.propertyId;
  const partner = await providerOf(ctx, ctx.db, p);
  if (partner) await expireStaleCheckouts(ctx, partner, p, bookingId);
  const { checkout, provider, email, code, propertyName } = await ctx.db.transaction(async (tx) => {
    const payer = await selectBookingPayer(tx, p, bookingId);
    if (!payer) throw notFound('booking');
    if (!(await readGeneralSettings(tx, p)).featurePayment)
      throw new AppError('payment/not_enabled', 'card payment is switched off in the general settings');
    const provider = await providerOf(ctx, tx, p);
    if (!provider) throw new AppError('payment/not_enabled', 'no payment partner is set up');
    const paymentMethodId = await selectCardPaymentMethod(tx, p);
    if (!paymentMethodId)
      throw new AppError('payment/not_enabled', 'the property has no card payment method');
    const folios = await getBookingFolios(tx, p, bookingId);
    const folio = input.folioId
      ? folios.find((f) => f.id === input.folioId)
      : folios.find((f) => f.totals.dueAmount > 0);
    if (input.folioId && !folio) throw notFound('folio');
    if (!folio || folio.totals.dueAmount <= 0) throw new AppError('payment/nothing_due');
    const property = await findProperty(tx, p);
    const idempotencyKey = checkoutKey(folio);
    const values = {
      propertyId: p,
      bookingId,
      folioId: folio.id,
      provider: provider.kind,
      returnPath: input.returnPath,
      paymentMethodId,
      amount: folio.totals.dueAmount,
      currency: property.currency,
      idempotencyKey,
    };
    const checkout = (await insertCheckout(tx, values)) ?? (await selectCheckoutByKey(tx, p, idempotencyKey));
    if (!checkout) throw new AppError('unavailable', 'the checkout was taken meanwhile; try again');
    return { checkout, provider, email: payer.email, code: payer.code, propertyName: property.name };
  });
  if (checkout.url || checkout.status !== 'open' || checkout.provider !== provider.kind)
    return toCheckoutSession(checkout);
  const back = `${ctx.config.publicUrl}${checkout.returnPath}`;
  const created = await provider.createCheckout({
    checkoutId: checkout.id,
    amount: checkout.amount,
    currency: checkout.currency,
    description: `${propertyName} · ${code}`,
    successUrl: `${back}?status=success`,
    cancelUrl: `${back}?status=cancel`,
    // One partner checkout per checkout of ours, however often this is retried.
    idempotencyKey: `checkout-${checkout.id}`,
    customerEmail: email,
    language: input.language,
  });
  return toCheckoutSession(await setCheckoutSession(ctx.db, checkout.id, created));
}

/** What became of a payment the partner reported: booked, nothing to book, or refused (and why). */
type TBookingOutcome = {
  outcome: TPaymentEventOutcome;
  checkoutSessionId: string | null;
  detail: string | null;
};

/**
 * Books a checkout of the property that the partner reports paid onto its folio, in the caller's
 * transaction, once and only for the checkout's own amount and currency: a repeated message, or the
 * guest's confirmation racing the webhook, books nothing, and a payment of another amount or currency
 * is refused, never booked.
 */
async function bookPaidCheckout(
  ctx: AppContext,
  tx: Executor,
  propertyId: string,
  provider: TPaymentProviderKind,
  paid: TPaidCheckout,
): Promise<TBookingOutcome> {
  const checkout = await claimPaidCheckout(tx, propertyId, provider, paid);
  if (checkout) {
    await recordPayment(ctx, tx, systemActor(propertyId, 'payments'), checkout.folioId, {
      amount: checkout.amount,
      paymentMethodId: checkout.paymentMethodId,
      reference: paid.paymentReference,
    });
    return { outcome: 'booked', checkoutSessionId: checkout.id, detail: null };
  }
  const known = await selectCheckoutBySession(tx, propertyId, provider, paid.providerSessionId);
  if (!known || known.status === 'paid')
    return { outcome: 'ignored', checkoutSessionId: known?.id ?? null, detail: null };
  return {
    outcome: 'refused',
    checkoutSessionId: known.id,
    detail: `paid ${paid.amount} ${paid.currency.toUpperCase()}, asked ${known.amount} ${known.currency}`,
  };
}

/**
 * How a checkout ended, asked of the partner when the guest is back before its message: a paid one is
 * booked then (once, whichever comes first).
 */
export async function confirmCheckout(
  ctx: AppContext,
  actor: TActor,
  bookingId: string,
  checkoutId: string,
): Promise<TCheckoutSession> {
  requireBookingAccess(actor, 'folios', 'write', bookingId);
  const p = actor.propertyId;
  const checkout = await selectCheckout(ctx.db, p, checkoutId, bookingId);
  if (!checkout) throw notFound('checkout session');
  if (checkout.status !== 'open' || !checkout.providerSessionId) return toCheckoutSession(checkout);
  const provider = await providerOf(ctx, ctx.db, p);
  const paid =
    provider?.kind === checkout.provider ? await provider.findPayment(checkout.providerSessionId) : null;
  if (paid) await ctx.db.transaction((tx) => bookPaidCheckout(ctx, tx, p, checkout.provider, paid));
  return toCheckoutSession((await selectCheckout(ctx.db, p, checkoutId, bookingId))!);
}

/**
 * A webhook of the property's Stripe account: verified against its webhook secret (raw body,
 * signature, at most 5 minutes old or ahead), each event taken in once for this property, a paid
 * checkout of this property booked in the same transaction (so a failure leaves the event for Stripe
 * to send again), and what became of it kept. A payment whose amount or currency is not the
 * checkout's is kept as refused and answered `payment/amount_mismatch`, now and on every retry.
 */
export async function takeStripeEvent(
  ctx: AppContext,
  propertyId: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ isNew: boolean }> {
  const stripe = await stripeOf(ctx, ctx.db, propertyId);
  if (!stripe) throw new AppError('payment/webhook_invalid', 'no Stripe account is set up for this property');
  if (!signature) throw new AppError('payment/webhook_invalid', 'the Stripe-Signature header is missing');
  let event;
  try {
    event = stripe.readEvent(rawBody, signature, ctx.clock.now());
  } catch {
    throw new AppError('payment/webhook_invalid', 'the signature does not match the body or is too old');
  }
  const key = { propertyId, provider: 'stripe' as const, eventId: event.eventId };
  const { paid } = event;
  const taken = await ctx.db.transaction(async (tx) => {
    if (!(await insertPaymentEvent(tx, propertyId, 'stripe', event.eventId))) return null;
    const outcome: TBookingOutcome = paid
      ? await bookPaidCheckout(ctx, tx, propertyId, 'stripe', paid)
      : { outcome: 'ignored', checkoutSessionId: null, detail: null };
    await setPaymentEventOutcome(tx, key, outcome);
    return outcome;
  });
  // A refused payment is answered as refused every time the partner sends it again.
  const outcome = taken ?? (await selectPaymentEvent(ctx.db, key));
  if (outcome?.outcome === 'refused')
    throw new AppError('payment/amount_mismatch', outcome.detail ?? undefined);
  return { isNew: taken !== null };
}

/** The guest paid on the simulator's page: booked as a partner's payment would be, once. */
export async function paySimulatedCheckout(ctx: AppContext, checkoutId: string): Promise<void> {
  const checkout = await findSimulatedCheckout(ctx, checkoutId);
  if (!checkout?.providerSessionId) throw notFound('checkout session');
  // Like a partner's page, the simulator's takes no payment once the guest left it.
  if (checkout.status === 'canceled') return;
  const providerSessionId = checkout.providerSessionId;
  await ctx.db.transaction((tx) =>
    bookPaidCheckout(ctx, tx, checkout.propertyId, 'simulator', {
      providerSessionId,
      paymentReference: `sim_pi_${checkout.id}`,
      amount: checkout.amount,
      currency: checkout.currency,
    }),
  );
}
