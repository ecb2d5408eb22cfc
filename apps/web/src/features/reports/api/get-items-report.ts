import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TItemType } from '@pms/contract/base-data';
import type { TItemsReport } from '@pms/contract/reports';
import { api } from '../../../lib/api-client.ts';
import type { TDateRange } from '../../../lib/date-periods.ts';
import { reportKeys } from '../../../shared/query-keys/index.ts';

export type TItemsReportFilter = TDateRange & { itemType: TItemType | null; groupByRoom: boolean };

export function itemsReportQuery(filter: TItemsReportFilter) {
  return {
    from: filter.from,
    to: filter.to,
    itemType: filter.itemType,
    groupByRoom: filter.groupByRoom,
  };
}

/** The charges of a period per item type and item (and room). */
export function getItemsReport(filter: TItemsReportFilter): Promise<TItemsReport> {
  return api.get<TItemsReport>('/reports/items', { query: itemsReportQuery(filter) });
}

export const itemsReportQueryOptions = (filter: TItemsReportFilter) =>
  queryOptions({
    queryKey: reportKeys.items(filter),
    queryFn: () => getItemsReport(filter),
    placeholderData: keepPreviousData,
  });

export function useItemsReport(filter: TItemsReportFilter | null) {
  return useQuery({
    ...itemsReportQueryOptions(filter ?? { from: '', to: '', itemType: null, groupByRoom: false }),
    enabled: filter !== null,
  });
}
