import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInvoice, TIssueInvoiceRequest } from '@pms/contract/invoices';
import { api } from '../../../lib/api-client.ts';
import { settleAfter, type TAnswer } from '../../../shared/query-keys/index.ts';

const invoicePath = (id: string) => `/invoices/${encodeURIComponent(id)}`;

export function issueInvoice({
  id,
  request,
}: {
  id: string;
  request: TIssueInvoiceRequest;
}): Promise<TInvoice> {
  return api.post<TInvoice>(`${invoicePath(id)}/actions/issue`, { body: request });
}

/** Cancels an issued invoice; answers the cancellation invoice. */
export function cancelInvoice(id: string): Promise<TInvoice> {
  return api.post<TInvoice>(`${invoicePath(id)}/actions/cancel`);
}

export function deleteInvoice(id: string): Promise<void> {
  return api.delete(invoicePath(id));
}

// Issuing closes the folio and cancelling opens it again; the invoice answered (the issued one, the
// cancellation) is shown at once.
function useInvoiceAction<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  answerOf: (result: TResult) => TAnswer | undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => settleAfter(queryClient, 'invoice', answerOf(result)),
  });
}

export const useIssueInvoice = () => useInvoiceAction(issueInvoice, (invoice) => ({ invoice }));
export const useCancelInvoice = () => useInvoiceAction(cancelInvoice, (invoice) => ({ invoice }));
export const useDeleteInvoice = () => useInvoiceAction(deleteInvoice, () => undefined);
