import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TFreeRoom, TFreeRoomsQuery } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '../../../shared/query-keys/index.ts';

/** The rooms nobody holds during a stay, with the dirty ones marked for an arrival today. */
export async function getFreeRooms(query: TFreeRoomsQuery): Promise<TFreeRoom[]> {
  const { data } = await api.get<{ data: TFreeRoom[] }>('/bookings/free_rooms', { query });
  return data;
}

export const freeRoomsQueryOptions = (query: TFreeRoomsQuery) =>
  queryOptions({
    queryKey: bookingKeys.freeRooms(query),
    queryFn: () => getFreeRooms(query),
    placeholderData: keepPreviousData,
    // Rooms are taken and cleaned while the dialog is open: a stay asked for again is asked anew.
    staleTime: 0,
  });

/** Free rooms for a stay; nothing is asked while the dates do not make a stay. */
export function useFreeRooms(query: TFreeRoomsQuery, isEnabled: boolean) {
  return useQuery({ ...freeRoomsQueryOptions(query), enabled: isEnabled });
}
