import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPageQuery, TPaged } from '@pms/contract/paging';
import type { TSettingEntry } from '@pms/contract/settings';
import { api } from '../../../lib/api-client.ts';

export function getSettings(page: TPageQuery): Promise<TPaged<TSettingEntry>> {
  return api.get<TPaged<TSettingEntry>>('/settings', { query: page });
}

export const settingsQueryOptions = ({ pageNumber, pageSize }: TPageQuery) =>
  queryOptions({
    queryKey: ['settings', 'entries', { pageNumber, pageSize }],
    queryFn: () => getSettings({ pageNumber, pageSize }),
    placeholderData: keepPreviousData,
  });

export function useSettings(page: TPageQuery) {
  return useQuery(settingsQueryOptions(page));
}
