import type { TInvoiceDocument } from './invoice-document.ts';
import { renderEInvoice } from './render-e-invoice.ts';
import { renderInvoicePdf } from './render-pdf.ts';

/** An invoice's stored documents: the PDF/A-3 with the e-invoice embedded, and its CII XML. */
export type TRenderedDocuments = { pdf: Buffer; xml: string };

/** Renders an invoice's documents in this thread: the PDF, then the e-invoice around it. */
export async function renderDocuments(doc: TInvoiceDocument): Promise<TRenderedDocuments> {
  return renderEInvoice(doc, await renderInvoicePdf(doc));
}
