export type * from './invoice-document.ts';
export { renderInvoicePdf } from './render-pdf.ts';
export { renderEInvoice, toEInvoiceData } from './render-e-invoice.ts';
export { invoiceDocumentProblems } from './invoice-document.ts';
