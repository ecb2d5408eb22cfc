import type { TCheckoutSession } from '@pms/contract';
import { notFound } from '../../errors.ts';
import { findProperty } from '../../lib/properties.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import { simulatedProvider } from '../../integrations/payments/simulated-provider.ts';
import { stripeProvider } from '../../integrations/payments/stripe-provider.ts';
import { readSettingValue } from '../settings/index.ts';
import {
  cancelOpenCheckout,
  selectPaidCheckouts,
  selectSimulatedCheckout,
  type TCheckoutRow,
} from './payments.queries.ts';

/** The setting entries (secret) that connect a property to its Stripe account. */
export const stripeSettingKeys = { secretKey: 'stripe.secretKey', webhookSecret: 'stripe.webhookSecret' };

/** The property's Stripe account, where its keys are set. */
export async function stripeOf(ctx: AppContext, db: Executor, propertyId: string) {
  const secretKey = await readSettingValue(db, ctx.secrets, propertyId, stripeSettingKeys.secretKey);
  const webhookSecret = await readSettingValue(db, ctx.secrets, propertyId, stripeSettingKeys.webhookSecret);
  return secretKey && webhookSecret
    ? stripeProvider({ secretKey, webhookSecret }, ctx.config.stripeApiUrl)
    : null;
}

/** The property's payment partner: its Stripe account, else the simulator where it is allowed. */
export async function providerOf(
  ctx: AppContext,
  db: Executor,
  propertyId: string,
): Promise<PaymentProvider | null> {
  return (
    (await stripeOf(ctx, db, propertyId)) ??
    (ctx.config.paymentSimulator ? simulatedProvider(ctx.config.publicUrl) : null)
  );
}

export function toCheckoutSession(row: TCheckoutRow): TCheckoutSession {
  return {
    id: row.id,
    folioId: row.folioId,
    url: row.url ?? '',
    amount: row.amount,
    currency: row.currency,
    status: row.status,
  };
}

/** A folio state: its gross and paid amounts. A checkout made for another state asks a stale amount. */
export function checkoutKey(folio: {
  id: string;
  totals: { grossAmount: number; paidAmount: number };
}): string {
  return `${folio.id}:${folio.totals.grossAmount}:${folio.totals.paidAmount}`;
}

/**
 * A checkout the simulator made, while the simulator is allowed: once it is switched off (production,
 * PAYMENT_SIMULATOR), its page neither shows nor takes the payment of a checkout it made before.
 */
export async function findSimulatedCheckout(ctx: AppContext, checkoutId: string) {
  return ctx.config.paymentSimulator ? selectSimulatedCheckout(ctx.db, checkoutId) : undefined;
}

/** The simulator's checkout for its hosted page. */
export async function getSimulatedCheckout(ctx: AppContext, checkoutId: string) {
  const checkout = await findSimulatedCheckout(ctx, checkoutId);
  if (!checkout) throw notFound('checkout session');
  const property = await findProperty(ctx.db, checkout.propertyId);
  const back = `${ctx.config.publicUrl}${checkout.returnPath}`;
  return {
    checkout: toCheckoutSession(checkout),
    propertyName: property.name,
    successUrl: `${back}?status=success`,
    cancelUrl: `${back}?status=cancel`,
  };
}

/** The guest left the simulator's page without paying. */
export async function cancelSimulatedCheckout(ctx: AppContext, checkoutId: string): Promise<void> {
  const checkout = await findSimulatedCheckout(ctx, checkoutId);
  if (!checkout) throw notFound('checkout session');
  await cancelOpenCheckout(ctx.db, checkout.id);
}

/** The card payments a booking's guest made through the portal's checkout, oldest first. */
export async function listPortalPayments(
  db: Executor,
  propertyId: string,
  bookingId: string,
): Promise<{ amount: number; paidAt: string | null }[]> {
  const rows = await selectPaidCheckouts(db, propertyId, bookingId);
  return rows.map((row) => ({ amount: row.amount, paidAt: row.completedAt?.toISOString() ?? null }));
}
