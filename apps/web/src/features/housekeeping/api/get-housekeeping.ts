import { queryOptions, useQuery } from '@tanstack/react-query';
import type { THousekeepingRoom, housekeepingFilters } from '@pms/contract/room-plan';
import { api } from '../../../lib/api-client.ts';
import { housekeepingKeys } from '../../../shared/query-keys/index.ts';

export type THousekeepingFilter = (typeof housekeepingFilters)[number];

/** Rooms change while housekeeping works through them: the list refreshes every minute. */
const refreshIntervalMs = 60_000;

/** The rooms as housekeeping sees them today; a filter keeps clean, dirty or locked ones. */
export async function getHousekeeping(filter?: THousekeepingFilter): Promise<THousekeepingRoom[]> {
  const { data } = await api.get<{ data: THousekeepingRoom[] }>('/housekeeping', { query: { filter } });
  return data;
}

export const housekeepingQueryOptions = (filter?: THousekeepingFilter) =>
  queryOptions({
    queryKey: housekeepingKeys.list(filter ?? 'all'),
    queryFn: () => getHousekeeping(filter),
    refetchInterval: refreshIntervalMs,
  });

export function useHousekeeping(filter?: THousekeepingFilter) {
  return useQuery(housekeepingQueryOptions(filter));
}
