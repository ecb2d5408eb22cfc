import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export type TInvoiceDocument = 'pdf' | 'xml';

type TDownloadRequest = { id: string; document: TInvoiceDocument; fallbackName: string };

/** Fetches the invoice's PDF or e-invoice XML and saves it under the name its content-disposition gives. */
export async function downloadInvoiceDocument({
  id,
  document,
  fallbackName,
}: TDownloadRequest): Promise<void> {
  const { blob, fileName } = await api.download(`/invoices/${encodeURIComponent(id)}/${document}`);
  saveFile(blob, fileName ?? fallbackName);
}

/** The caller tells "still being prepared" (409 `invoice/document_pending`) from other refusals. */
export function useDownloadInvoiceDocument() {
  return useMutation({ mutationFn: downloadInvoiceDocument, meta: { isErrorShownInline: true } });
}
