// The payment calls: the folio's line items and the checkout at the payment partner.
import { portalJson } from './client.ts';

/** The checkout session (ZCheckoutSession of the payments contract). */
export type TCheckoutSession = {
  id: string;
  folioId: string;
  url: string;
  amount: number;
  currency: string;
  status: string;
};

export type TPortalCharge = {
  id: string;
  quantity: number;
  text: string;
  netAmount: number;
  taxAmount: number;
  taxRate: number;
  grossAmount: number;
};

export const getCharges = () => portalJson<TPortalCharge[] | { data: TPortalCharge[] }>('GET', '/charges');
export const createCheckoutSession = (folioId?: string) =>
  portalJson<TCheckoutSession>('POST', '/checkout_session', folioId ? { folioId } : {});
export const confirmPayment = (checkoutSessionId: string) =>
  portalJson<TCheckoutSession>('POST', '/payments', { checkoutSessionId });
