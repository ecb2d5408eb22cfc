import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPageQuery, TPaged } from '@pms/contract/paging';
import type { TRetentionLogEntry, TRetentionRule } from '@pms/contract/retention';
import { api } from '../../../lib/api-client.ts';

/** The current property's retention rules, each with its legal reference. */
export async function getRetentionRules(): Promise<TRetentionRule[]> {
  const { data } = await api.get<{ data: TRetentionRule[] }>('/retention_rules');
  return data;
}

export const retentionRulesQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'retention', 'rules'], queryFn: getRetentionRules });

export function useRetentionRules() {
  return useQuery(retentionRulesQueryOptions());
}

/** A page of the retention log, the latest first. */
export function getRetentionLog(page: TPageQuery): Promise<TPaged<TRetentionLogEntry>> {
  return api.get<TPaged<TRetentionLogEntry>>('/retention_log', { query: page });
}

export function useRetentionLog({ pageNumber, pageSize }: TPageQuery) {
  return useQuery({
    queryKey: ['settings', 'retention', 'log', { pageNumber, pageSize }],
    queryFn: () => getRetentionLog({ pageNumber, pageSize }),
    placeholderData: keepPreviousData,
  });
}
