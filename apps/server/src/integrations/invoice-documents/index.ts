// Invoice documents: the invoice PDF and the EN 16931 e-invoice (Factur-X / ZUGFeRD).
//
// Use from the invoices module's background job, after the invoice committed:
//   const { pdf, xml } = await ctx.documents.render(doc);   // in the worker thread
//   store pdf (PDF/A-3 with factur-x.xml) as the invoice file, keep xml
// In this thread (tests): renderInvoicePdf(doc) (A4, embedded DejaVu Sans), then
// renderEInvoice(doc, pdf), which throws if doc does not add up; renderDocuments does both.
// renderInvoicePdf is deterministic (same document, same bytes); the PDF/A-3 of renderEInvoice
// carries a fresh document id and timestamps, so store it once and never render it again.

export type * from './invoice-document.ts';
export { invoiceDocumentProblems } from './invoice-document.ts';
export { renderInvoicePdf } from './render-pdf.ts';
export { renderEInvoice, toEInvoiceData } from './render-e-invoice.ts';
export { renderDocuments, type TRenderedDocuments } from './render-documents.ts';
export { InvoiceDocumentRenderer, renderWorkerUrl } from './document-renderer.ts';
export { renderReminderPdf } from './render-reminder-pdf.ts';
