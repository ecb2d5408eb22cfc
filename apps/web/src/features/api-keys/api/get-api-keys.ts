import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TApiKey } from '@pms/contract/api-keys';
import type { TPageQuery, TPaged } from '@pms/contract/paging';
import { api } from '../../../lib/api-client.ts';

export function getApiKeys(page: TPageQuery): Promise<TPaged<TApiKey>> {
  return api.get<TPaged<TApiKey>>('/api_keys', { query: page });
}

export const apiKeysQueryOptions = ({ pageNumber, pageSize }: TPageQuery) =>
  queryOptions({
    queryKey: ['api-keys', 'list', { pageNumber, pageSize }],
    queryFn: () => getApiKeys({ pageNumber, pageSize }),
    placeholderData: keepPreviousData,
  });

export function useApiKeys(page: TPageQuery) {
  return useQuery(apiKeysQueryOptions(page));
}
