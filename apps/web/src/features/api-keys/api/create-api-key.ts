import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateApiKeyRequest, TCreatedApiKey } from '@pms/contract/api-keys';
import { api } from '../../../lib/api-client.ts';

export function createApiKey(apiKey: TCreateApiKeyRequest): Promise<TCreatedApiKey> {
  return api.post<TCreatedApiKey>('/api_keys', { body: apiKey });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    meta: { isErrorShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-keys', 'list'] }),
  });
}
