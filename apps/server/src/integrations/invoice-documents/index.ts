// Invoice documents: the invoice PDF and the EN 16931 e-invoice (Factur-X / ZUGFeRD).
//
// Use from the invoices module's background job, after the invoice committed:
//   const problems = invoiceDocumentProblems(doc);          // optional early check
//   const pdf = await renderInvoicePdf(doc);                 // A4, embedded DejaVu Sans
//   const eInvoice = await renderEInvoice(doc, pdf);         // throws if doc does not add up
//   store eInvoice.pdf (PDF/A-3 with factur-x.xml) as the invoice file, keep eInvoice.xml
// Rendering is deterministic: the same document gives the same PDF bytes.

export type * from './invoice-document.ts';
export { invoiceDocumentProblems } from './invoice-document.ts';
export { renderInvoicePdf } from './render-pdf.ts';
export { renderEInvoice, toEInvoiceData } from './render-e-invoice.ts';
