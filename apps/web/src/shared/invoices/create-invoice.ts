import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateInvoiceRequest, TInvoice } from '@pms/contract/invoices';
import { api } from '../../lib/api-client.ts';
import { settleAfter } from '../query-keys/index.ts';

export function createInvoice(request: TCreateInvoiceRequest): Promise<TInvoice> {
  return api.post<TInvoice>('/invoices', { body: request });
}

/** Issues an invoice over a folio (closing it), or keeps it as a draft; the caller shows refusals. */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    meta: { isErrorShownInline: true },
    // The folio closes and the booking turns read-only.
    onSuccess: (invoice) => settleAfter(queryClient, 'invoice', { invoice }),
  });
}
