import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBooking } from '@pms/contract';
import { api } from '../../../lib/api-client.ts';
import { bookingKey } from './query-keys.ts';

/** The detail screen shows every relation of the booking. */
const detailExpand = 'room,roomType,rate,customer,group,guests,link';

export function getBooking(id: string): Promise<TBooking> {
  return api.get<TBooking>(`/bookings/${encodeURIComponent(id)}`, { query: { expand: detailExpand } });
}

export const bookingQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookingKey(id), queryFn: () => getBooking(id) });

export function useBooking(id: string) {
  return useQuery(bookingQueryOptions(id));
}
