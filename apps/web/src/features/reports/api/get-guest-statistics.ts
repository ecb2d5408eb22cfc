import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TGuestStatistics } from '@pms/contract/reports';
import { api } from '../../../lib/api-client.ts';
import type { TDateRange } from '../../../lib/date-periods.ts';
import { reportKeys } from '../../../shared/query-keys/index.ts';

/** Arrivals and overnight stays per country of residence for a period. */
export function getGuestStatistics(range: TDateRange): Promise<TGuestStatistics> {
  return api.get<TGuestStatistics>('/reports/guest_statistics', { query: range });
}

export const guestStatisticsQueryOptions = (range: TDateRange) =>
  queryOptions({
    queryKey: reportKeys.guestStatistics(range),
    queryFn: () => getGuestStatistics(range),
    placeholderData: keepPreviousData,
  });

export function useGuestStatistics(range: TDateRange | null) {
  return useQuery({
    ...guestStatisticsQueryOptions(range ?? { from: '', to: '' }),
    enabled: range !== null,
  });
}
