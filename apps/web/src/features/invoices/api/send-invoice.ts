import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMailMessage, TSendMailRequest } from '@pms/contract/mail';
import { api } from '../../../lib/api-client.ts';
import { mailKeys } from '../../../shared/query-keys/index.ts';

/** Queues the invoice e-mail with the invoice's PDF attached; the job runner sends it. */
export function sendInvoice({ id, ...body }: TSendMailRequest & { id: string }): Promise<TMailMessage> {
  return api.post<TMailMessage>(`/invoices/${encodeURIComponent(id)}/send`, { body });
}

export function useSendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
