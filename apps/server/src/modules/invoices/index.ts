// The public surface of the invoices module: what other modules and the platform use from it.
export { assertInvoiceOwned } from './invoices.queries.ts';
export {
  findInvoice,
  invoiceDocumentOf,
  listInvoices,
  readInvoice,
  renderInvoiceDocuments,
  toListItems,
} from './invoices.service.ts';
export { cancelInvoice } from './invoice-cancel.service.ts';
export { createInvoice, updateInvoice } from './invoice-drafts.service.ts';
export { issueInvoice, settleFolioInvoices } from './invoice-issue.service.ts';
