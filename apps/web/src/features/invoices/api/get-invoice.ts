import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TInvoice } from '@pms/contract/invoices';
import { api } from '../../../lib/api-client.ts';
import { invoiceKeys } from '../../../shared/query-keys/index.ts';

export function getInvoice(id: string): Promise<TInvoice> {
  return api.get<TInvoice>(`/invoices/${encodeURIComponent(id)}`);
}

export const invoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: invoiceKeys.detail(id), queryFn: () => getInvoice(id) });

export function useInvoice(id: string) {
  return useQuery(invoiceQueryOptions(id));
}
