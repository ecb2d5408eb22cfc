import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TBookingListQuery, TBookingView } from '@pms/contract/bookings';
import type { TPaged } from '@pms/contract/paging';
import { api } from '../../lib/api-client.ts';
import { bookingKeys } from '../query-keys/index.ts';

/** The list shows guest and room, and a group picker the booking's group: they come embedded. */
const listExpand = 'room,customer,group';

export type TBookingsFilter = Omit<TBookingListQuery, 'expand'>;

export function getBookings(filter: TBookingsFilter): Promise<TPaged<TBookingView>> {
  return api.get<TPaged<TBookingView>>('/bookings', { query: { ...filter, expand: listExpand } });
}

export const bookingsQueryOptions = (filter: TBookingsFilter) =>
  queryOptions({
    queryKey: bookingKeys.list(filter),
    queryFn: () => getBookings(filter),
    placeholderData: keepPreviousData,
  });

export function useBookings(filter: TBookingsFilter) {
  return useQuery(bookingsQueryOptions(filter));
}
