import { z } from 'zod';
import { ZId } from './common.ts';

export const paymentProviderKinds = ['stripe', 'simulator'] as const;
export type TPaymentProviderKind = (typeof paymentProviderKinds)[number];

export const checkoutStatuses = ['open', 'paid', 'canceled'] as const;
export const ZCheckoutStatus = z.enum(checkoutStatuses);
export type TCheckoutStatus = z.infer<typeof ZCheckoutStatus>;

/** Pay a folio's due amount by card: the booking's first folio with money due unless one is named. */
export const ZCreateCheckoutRequest = z.object({ folioId: ZId.optional() });
export type TCreateCheckoutRequest = z.infer<typeof ZCreateCheckoutRequest>;

/** A card payment at the payment partner: the browser goes to `url` and comes back to the portal. */
export const ZCheckoutSession = z.object({
  id: ZId,
  folioId: ZId,
  url: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: ZCheckoutStatus,
});
export type TCheckoutSession = z.infer<typeof ZCheckoutSession>;

/** Asks the partner how a checkout ended, when its message has not arrived yet. */
export const ZConfirmCheckoutRequest = z.object({ checkoutSessionId: ZId });
export type TConfirmCheckoutRequest = z.infer<typeof ZConfirmCheckoutRequest>;
