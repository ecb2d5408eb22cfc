import type { TPaymentProviderKind } from '@pms/contract';

/** What the guest is asked to pay, and where the partner sends the browser back to. */
export type TCheckoutInput = {
  /** Our checkout session's id: the partner hands it back with the payment. */
  checkoutId: string;
  amount: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** The same key for the same folio state: a repeated request gets the same checkout. */
  idempotencyKey: string;
  customerEmail: string | null;
  language: 'de' | 'en';
};

/** A checkout the partner reports paid: its payment's reference is unique at the partner. */
export type TPaidCheckout = {
  providerSessionId: string;
  paymentReference: string;
  amount: number;
  currency: string;
};

/** A partner's message, verified: its own id (taken in once), and the checkout it reports paid, if any. */
export type TPaymentEvent = { eventId: string; paid: TPaidCheckout | null };

/**
 * A card payment partner with a hosted checkout page: Stripe Checkout, or the built-in simulator
 * that serves its own page (see simulated-provider.ts).
 */
export type PaymentProvider = {
  kind: TPaymentProviderKind;
  createCheckout(input: TCheckoutInput): Promise<{ providerSessionId: string; url: string }>;
  /** The checkout as the partner has it now: paid, or not (yet). */
  findPayment(providerSessionId: string): Promise<TPaidCheckout | null>;
  /**
   * Ends a checkout so it can no longer be paid. A checkout the guest paid before that is not lost:
   * its payment is returned, to be booked (once, like any other).
   */
  expireCheckout(providerSessionId: string): Promise<TPaidCheckout | null>;
};
