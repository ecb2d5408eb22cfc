import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApiKey } from '@pms/contract/api-keys';
import { api } from '../../../lib/api-client.ts';

export function getApiKey(id: string): Promise<TApiKey> {
  return api.get<TApiKey>(`/api_keys/${encodeURIComponent(id)}`);
}

export const apiKeyQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['api-keys', 'detail', id], queryFn: () => getApiKey(id) });

export function useApiKey(id: string) {
  return useQuery(apiKeyQueryOptions(id));
}
