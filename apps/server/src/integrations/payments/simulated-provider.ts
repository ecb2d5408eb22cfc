import type { PaymentProvider } from './payment-provider.ts';

/** The simulator's hosted checkout page for a checkout session, served by this server. */
export function simulatorPagePath(checkoutId: string): string {
  return `/payments/simulator/${checkoutId}`;
}

/**
 * The built-in payment partner, for the demo, tests and any property without a Stripe account: its
 * checkout page is served by this server (payments.routes.ts), and paying there posts the payment the
 * way a partner's webhook would. Nothing leaves the machine and no card is charged.
 */
export function simulatedProvider(publicUrl: string): PaymentProvider {
  return {
    kind: 'simulator',
    createCheckout: (input) =>
      Promise.resolve({
        providerSessionId: `sim_cs_${input.checkoutId}`,
        url: `${publicUrl}${simulatorPagePath(input.checkoutId)}`,
      }),
    // The simulator posts its payments itself when the guest pays on its page.
    findPayment: () => Promise.resolve(null),
    // Its page takes no payment for a checkout canceled in the database, which is the caller's part.
    expireCheckout: () => Promise.resolve(null),
  };
}
