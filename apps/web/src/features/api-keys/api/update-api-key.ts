import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiKey, TUpdateApiKeyRequest } from '@pms/contract/api-keys';
import { api } from '../../../lib/api-client.ts';
import { apiKeyQueryOptions } from './get-api-key.ts';

export function updateApiKey(id: string, changes: TUpdateApiKeyRequest): Promise<TApiKey> {
  return api.put<TApiKey>(`/api_keys/${encodeURIComponent(id)}`, { body: changes });
}

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TUpdateApiKeyRequest }) => updateApiKey(id, changes),
    onSuccess: (apiKey) => {
      queryClient.setQueryData(apiKeyQueryOptions(apiKey.id).queryKey, apiKey);
      return queryClient.invalidateQueries({ queryKey: ['api-keys', 'list'] });
    },
  });
}
