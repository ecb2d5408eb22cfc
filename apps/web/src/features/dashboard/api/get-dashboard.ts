import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDashboard } from '@pms/contract/search';
import { api } from '../../../lib/api-client.ts';
import { dashboardKeys } from '../../../shared/query-keys/index.ts';

/** The front desk's day keeps moving: the figures refresh every minute. */
const refreshIntervalMs = 60_000;

/** Today's arrivals, departures, in-house guests, occupancy, rooms to clean and open balances. */
export function getDashboard(): Promise<TDashboard> {
  return api.get<TDashboard>('/dashboard');
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.all, queryFn: getDashboard, refetchInterval: refreshIntervalMs });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
