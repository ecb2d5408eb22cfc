// The public surface of the invoices module: what other modules and the platform use from it.
export { assertInvoiceOwned } from './invoices.queries.ts';
export {
  cancelInvoice,
  createInvoice,
  findInvoice,
  invoiceDocumentOf,
  issueInvoice,
  listInvoices,
  readInvoice,
  renderInvoiceDocuments,
  settleFolioInvoices,
  toListItems,
  updateInvoice,
} from './invoices.service.ts';
