import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TLevyReport } from '@pms/contract/local-tax';
import { api } from '../../../lib/api-client.ts';
import { reportKeys } from '../../../shared/query-keys/index.ts';

/** The months a levy report covers: YYYY-MM to YYYY-MM. */
export type TMonths = { from: string; to: string };

/** The local tax per month and levy, for the town's monthly return. */
export function getLevyReport(months: TMonths): Promise<TLevyReport> {
  return api.get<TLevyReport>('/reports/local_tax', { query: months });
}

export const levyReportQueryOptions = (months: TMonths) =>
  queryOptions({
    queryKey: reportKeys.localTax(months),
    queryFn: () => getLevyReport(months),
    placeholderData: keepPreviousData,
  });

export function useLevyReport(months: TMonths | null) {
  return useQuery({ ...levyReportQueryOptions(months ?? { from: '', to: '' }), enabled: months !== null });
}
