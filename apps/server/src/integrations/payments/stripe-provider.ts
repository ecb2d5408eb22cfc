import Stripe from 'stripe';
import type { PaymentProvider, TPaidCheckout, TPaymentEvent } from './payment-provider.ts';

export type TStripeCredentials = { secretKey: string; webhookSecret: string };

/** How old a signed webhook may be, in seconds: Stripe's own default, against replayed messages. */
export const webhookTolerance = 300;

/** Another address for Stripe's API (`STRIPE_API_URL`), such as a local stand-in in tests. */
function apiAddress(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

function paidCheckout(session: Stripe.Checkout.Session): TPaidCheckout | null {
  if (session.payment_status !== 'paid' || !session.payment_intent || session.amount_total === null)
    return null;
  return {
    providerSessionId: session.id,
    paymentReference:
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent.id,
    amount: session.amount_total,
    currency: session.currency ?? '',
  };
}

/**
 * The time a `Stripe-Signature` header says it was signed at, read as the SDK reads it (the last
 * `t=` entry counts), so the check of the clock and the SDK's check of the signature take the same
 * one; null when there is none.
 */
function signedAtOf(header: string): number | null {
  let signedAt: number | null = null;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') signedAt = Number.parseInt(value ?? '', 10);
  }
  return signedAt === null || Number.isNaN(signedAt) ? null : signedAt;
}

/** Stripe Checkout through the official SDK: a hosted page, the payment confirmed by a signed webhook. */
export function stripeProvider(
  credentials: TStripeCredentials,
  apiUrl?: string,
): PaymentProvider & { readEvent(rawBody: Buffer, signature: string, now: Date): TPaymentEvent } {
  const stripe = new Stripe(credentials.secretKey, { maxNetworkRetries: 2, ...apiAddress(apiUrl) });
  return {
    kind: 'stripe',
    async createCheckout(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amount,
                product_data: { name: input.description },
              },
            },
          ],
          client_reference_id: input.checkoutId,
          metadata: { checkoutId: input.checkoutId },
          payment_intent_data: { metadata: { checkoutId: input.checkoutId } },
          customer_email: input.customerEmail ?? undefined,
          locale: input.language,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { providerSessionId: session.id, url: session.url };
    },
    async findPayment(providerSessionId) {
      return paidCheckout(await stripe.checkout.sessions.retrieve(providerSessionId));
    },
    async expireCheckout(providerSessionId) {
      try {
        await stripe.checkout.sessions.expire(providerSessionId);
        return null;
      } catch (error) {
        // Stripe expires only open sessions: one paid (or expired) meanwhile answers an error.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const session = await stripe.checkout.sessions.retrieve(providerSessionId);
        if (session.status === 'open') throw error;
        return paidCheckout(session);
      }
    },
    /**
     * Verifies the signature and age (raw body, `Stripe-Signature`), throwing when either fails. The SDK
     * refuses only old messages; one signed ahead of the clock by more than the tolerance is refused
     * too, so it cannot be kept for a replay later. An event without an id (no event of Stripe's) is
     * refused as well.
     */
    readEvent(rawBody, signature, now) {
      const signedAt = signedAtOf(signature);
      if (signedAt === null || signedAt > Math.floor(now.getTime() / 1000) + webhookTolerance)
        throw new Error('the webhook is signed ahead of the clock beyond the tolerance');
      const event = stripe.webhooks.constructEvent(
        rawBody,
        signature,
        credentials.webhookSecret,
        webhookTolerance,
        undefined,
        now.getTime(),
      );
      const paid =
        event.type === 'checkout.session.completed' ||
        event.type === 'checkout.session.async_payment_succeeded'
          ? paidCheckout(event.data.object)
          : null;
      if (typeof event.id !== 'string' || event.id === '') throw new Error('the event has no id');
      return { eventId: event.id, paid };
    },
  };
}
