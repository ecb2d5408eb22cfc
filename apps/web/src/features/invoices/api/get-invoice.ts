import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInvoice } from '@pms/contract/invoices';
import { api } from '../../../lib/api-client.ts';
import { invoicesKey } from '../../../shared/invoices/index.ts';

export const invoiceKey = (id: string) => [...invoicesKey, 'detail', id] as const;

export function getInvoice(id: string): Promise<TInvoice> {
  return api.get<TInvoice>(`/invoices/${encodeURIComponent(id)}`);
}

export const invoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: invoiceKey(id), queryFn: () => getInvoice(id) });

export function useInvoice(id: string) {
  return useQuery(invoiceQueryOptions(id));
}
