import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TInvoiceListQuery, TInvoicePage } from '@pms/contract/invoices';
import { api } from '../../lib/api-client.ts';
import { invoiceKeys } from '../query-keys/index.ts';

/** The filters of an invoice list: status, payment method, or the booking, contact or group. */
export type TInvoiceFilter = Omit<TInvoiceListQuery, 'pageNumber' | 'pageSize'>;

export function getInvoices(query: TInvoiceListQuery): Promise<TInvoicePage> {
  return api.get<TInvoicePage>('/invoices', { query });
}

export const invoicesQueryOptions = (query: TInvoiceListQuery) =>
  queryOptions({
    queryKey: invoiceKeys.list(query),
    queryFn: () => getInvoices(query),
    placeholderData: keepPreviousData,
  });

/** A page of invoices with the aggregate over every invoice the filter matches. */
export function useInvoices(
  filter: TInvoiceFilter,
  { pageNumber, pageSize }: { pageNumber: number; pageSize: number },
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...invoicesQueryOptions({ ...filter, pageNumber, pageSize }), enabled });
}
