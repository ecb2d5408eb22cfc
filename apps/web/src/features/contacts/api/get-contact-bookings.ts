import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TContactBooking } from '@pms/contract/contacts';
import type { TPageQuery, TPaged } from '@pms/contract/paging';
import { api } from '../../../lib/api-client.ts';
import { contactKeys } from '../../../shared/query-keys/index.ts';

/** The bookings a contact is the customer or a guest of, latest stay first. */
export function getContactBookings(id: string, page: TPageQuery): Promise<TPaged<TContactBooking>> {
  return api.get<TPaged<TContactBooking>>(`/contacts/${encodeURIComponent(id)}/bookings`, { query: page });
}

export const contactBookingsQueryOptions = (id: string, { pageNumber, pageSize }: TPageQuery) =>
  queryOptions({
    queryKey: contactKeys.bookings(id, { pageNumber, pageSize }),
    queryFn: () => getContactBookings(id, { pageNumber, pageSize }),
    placeholderData: keepPreviousData,
  });

export function useContactBookings(id: string, page: TPageQuery) {
  return useQuery(contactBookingsQueryOptions(id, page));
}
