// The invoice calls: the booking's invoices, their billing address and their files.
import type { TInvoiceListItem } from '@pms/contract/invoices';
import type { TUpdatePortalInvoiceRequest } from '@pms/contract/portal';
import { portalJson } from './client.ts';

export type TPortalInvoice = TInvoiceListItem & { fileName?: string | null };

export async function getInvoices(): Promise<TPortalInvoice[]> {
  const answer = await portalJson<TPortalInvoice[] | { data: TPortalInvoice[] }>('GET', '/invoices');
  return Array.isArray(answer) ? answer : answer.data;
}

export const updateInvoice = (invoiceId: string, body: TUpdatePortalInvoiceRequest) =>
  portalJson<TPortalInvoice>('PATCH', `/invoices/${invoiceId}`, body);

/** A short-lived address of an invoice's PDF, to open in a new tab. */
export const invoiceFileUrl = (fileId: string) =>
  portalJson<{ url: string; expiresAt: string }>('GET', `/files/pms/${fileId}/url`);
