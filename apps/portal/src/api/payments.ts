// The payment calls: the folio's line items and the checkout at the payment partner.
import type { TCheckoutSession } from '@pms/contract/payments';
import type { TPortalCharges } from '@pms/contract/portal';
import { portalJson } from './client.ts';

export type TPortalCharge = TPortalCharges['data'][number];

export const getCharges = async () => (await portalJson<TPortalCharges>('GET', '/charges')).data;
export const createCheckoutSession = (folioId?: string) =>
  portalJson<TCheckoutSession>('POST', '/checkout_session', folioId ? { folioId } : {});
export const confirmPayment = (checkoutSessionId: string) =>
  portalJson<TCheckoutSession>('POST', '/payments', { checkoutSessionId });
