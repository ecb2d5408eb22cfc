import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMailMessage } from '@pms/contract/mail';
import { api } from '../../../lib/api-client.ts';
import { mailKeys } from '../../../shared/query-keys/index.ts';

export function retryMailMessage(id: string): Promise<TMailMessage> {
  return api.post<TMailMessage>(`/mail_messages/${encodeURIComponent(id)}/actions/retry`);
}

export function useRetryMailMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMailMessage,
    meta: { errorTitle: 'mail.notRetried' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
