export { useCreateInvoice } from './create-invoice.ts';
export { invoicesKey, useInvoices } from './get-invoices.ts';
export { InvoiceStatusBadge } from './invoice-status-badge.tsx';
export { InvoicesTable } from './invoices-table.tsx';
