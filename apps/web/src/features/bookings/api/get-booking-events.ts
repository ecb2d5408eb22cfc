import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEvent } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '../../../shared/query-keys/index.ts';

export async function getBookingEvents(id: string): Promise<TEvent[]> {
  const { data } = await api.get<{ data: TEvent[] }>(`/bookings/${encodeURIComponent(id)}/events`);
  return data;
}

export const bookingEventsQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookingKeys.events(id), queryFn: () => getBookingEvents(id) });

export function useBookingEvents(id: string) {
  return useQuery(bookingEventsQueryOptions(id));
}
