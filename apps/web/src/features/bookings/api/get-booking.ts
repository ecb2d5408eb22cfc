import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBookingView } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '../../../shared/query-keys/index.ts';

/** The detail screen shows every relation of the booking. */
export const detailExpand = 'room,roomType,rate,customer,group,guests,link';

/** The whole booking, or its summary for a role without the booking's details (catering). */
export function getBooking(id: string): Promise<TBookingView> {
  return api.get<TBookingView>(`/bookings/${encodeURIComponent(id)}`, { query: { expand: detailExpand } });
}

export const bookingQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookingKeys.detail(id), queryFn: () => getBooking(id) });

export function useBooking(id: string) {
  return useQuery(bookingQueryOptions(id));
}
