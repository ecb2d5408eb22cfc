import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TInvoiceSummary } from '@pms/contract/contacts';
import type { TPageQuery, TPaged } from '@pms/contract/paging';
import { api } from '../../../lib/api-client.ts';
import { bookingKey } from '../../../shared/bookings/query-keys.ts';

export function getBookingInvoices(id: string, page: TPageQuery): Promise<TPaged<TInvoiceSummary>> {
  return api.get<TPaged<TInvoiceSummary>>(`/bookings/${encodeURIComponent(id)}/invoices`, { query: page });
}

export const bookingInvoicesQueryOptions = (id: string, { pageNumber, pageSize }: TPageQuery) =>
  queryOptions({
    queryKey: [...bookingKey(id), 'invoices', { pageNumber, pageSize }],
    queryFn: () => getBookingInvoices(id, { pageNumber, pageSize }),
    placeholderData: keepPreviousData,
  });

export function useBookingInvoices(id: string, page: TPageQuery) {
  return useQuery(bookingInvoicesQueryOptions(id, page));
}
