import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInvoice, TIssueInvoiceRequest } from '@pms/contract/invoices';
import { api } from '../../../lib/api-client.ts';
import { invalidateAfterBookingChange } from '../../../shared/bookings/index.ts';

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

// Issuing closes the folio and cancelling opens it again: every screen but base data is stale.
function useInvoiceAction<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateAfterBookingChange(queryClient) });
}

export const useIssueInvoice = () => useInvoiceAction(issueInvoice);
export const useCancelInvoice = () => useInvoiceAction(cancelInvoice);
export const useDeleteInvoice = () => useInvoiceAction(deleteInvoice);
