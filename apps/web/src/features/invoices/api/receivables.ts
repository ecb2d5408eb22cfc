import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEvent } from '@pms/contract/bookings';
import type { TInvoice } from '@pms/contract/invoices';
import type {
  TCreateReminderRequest,
  TInvoicePaymentRequest,
  TInvoiceReminder,
  TInvoiceReminderList,
  TReceivables,
  TReceivablesQuery,
} from '@pms/contract/receivables';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { settleAfter, invoiceKeys } from '../../../shared/query-keys/index.ts';

const invoicePath = (id: string) => `/invoices/${encodeURIComponent(id)}`;

/** The open invoices with their age and reminders; under the invoices key, so every invoice change refreshes it. */
export function useReceivables(query: TReceivablesQuery) {
  return useQuery({
    queryKey: invoiceKeys.receivables(query),
    queryFn: () => api.get<TReceivables>('/receivables', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceReminders(id: string) {
  return useQuery({
    queryKey: invoiceKeys.reminders(id),
    queryFn: () => api.get<TInvoiceReminderList>(`${invoicePath(id)}/reminders`),
  });
}

export function useInvoiceEvents(id: string) {
  return useQuery({
    queryKey: invoiceKeys.events(id),
    queryFn: () => api.get<{ data: TEvent[] }>(`${invoicePath(id)}/events`),
  });
}

/** A payment received on an open invoice after its folio closed: folios, bookings and lists change. */
export function useInvoicePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payment }: { id: string; payment: TInvoicePaymentRequest }) =>
      api.post<TInvoice>(`${invoicePath(id)}/payments`, { body: payment }),
    onSuccess: () => settleAfter(queryClient, 'invoicePayment'),
  });
}

/** The next reminder of an open invoice: its letter, and the e-mail unless `send` is false. */
export function useCreateReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: TCreateReminderRequest }) =>
      api.post<TInvoiceReminder>(`${invoicePath(id)}/reminders`, { body: request }),
    onSuccess: () => settleAfter(queryClient, 'reminder'),
  });
}

export async function downloadReminder(invoiceId: string, reminder: TInvoiceReminder): Promise<void> {
  const { blob, fileName } = await api.download(
    `${invoicePath(invoiceId)}/reminders/${encodeURIComponent(reminder.id)}/pdf`,
  );
  saveFile(blob, fileName ?? `${reminder.id}.pdf`);
}

export function useDownloadReminder() {
  return useMutation({
    mutationFn: ({ invoiceId, reminder }: { invoiceId: string; reminder: TInvoiceReminder }) =>
      downloadReminder(invoiceId, reminder),
  });
}
