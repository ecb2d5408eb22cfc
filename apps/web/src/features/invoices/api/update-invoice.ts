import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInvoice, TUpdateInvoiceRequest } from '@pms/contract/invoices';
import { api } from '../../../lib/api-client.ts';
import { settleAfter } from '../../../shared/query-keys/index.ts';

export function updateInvoice({
  id,
  changes,
}: {
  id: string;
  changes: TUpdateInvoiceRequest;
}): Promise<TInvoice> {
  return api.put<TInvoice>(`/invoices/${encodeURIComponent(id)}`, { body: changes });
}

/** Changes a draft's recipient, billing address or additional text. */
export function useUpdateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInvoice,
    meta: { isErrorShownInline: true },
    onSuccess: (invoice) => settleAfter(queryClient, 'invoice', { invoice }),
  });
}
