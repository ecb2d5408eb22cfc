import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TInvoiceSummary } from '@pms/contract/contacts';
import type { TPageQuery, TPaged } from '@pms/contract/paging';
import { api } from '../../../lib/api-client.ts';

/** The invoices addressed to a contact, newest first. */
export function getContactInvoices(id: string, page: TPageQuery): Promise<TPaged<TInvoiceSummary>> {
  return api.get<TPaged<TInvoiceSummary>>(`/contacts/${encodeURIComponent(id)}/invoices`, { query: page });
}

export const contactInvoicesQueryOptions = (id: string, { pageNumber, pageSize }: TPageQuery) =>
  queryOptions({
    queryKey: ['contacts', 'detail', id, 'invoices', { pageNumber, pageSize }],
    queryFn: () => getContactInvoices(id, { pageNumber, pageSize }),
    placeholderData: keepPreviousData,
  });

export function useContactInvoices(id: string, page: TPageQuery) {
  return useQuery(contactInvoicesQueryOptions(id, page));
}
