import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAccountingExport } from '@pms/contract/reports';
import { api } from '../../../lib/api-client.ts';
import type { TDateRange } from '../../../lib/date-periods.ts';
import { reportKeys } from '../../../shared/query-keys/index.ts';

/** The postings the accounting export of a period holds: invoice revenue and payments. */
export function getAccountingExport(range: TDateRange): Promise<TAccountingExport> {
  return api.get<TAccountingExport>('/reports/accounting', { query: range });
}

export const accountingExportQueryOptions = (range: TDateRange) =>
  queryOptions({
    queryKey: reportKeys.accounting(range),
    queryFn: () => getAccountingExport(range),
    placeholderData: keepPreviousData,
  });

export function useAccountingExport(range: TDateRange | null) {
  return useQuery({
    ...accountingExportQueryOptions(range ?? { from: '', to: '' }),
    enabled: range !== null,
  });
}
