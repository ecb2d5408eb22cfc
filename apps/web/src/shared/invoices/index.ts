export { useCreateInvoice } from './create-invoice.ts';
export { useInvoices } from './get-invoices.ts';
export { InvoiceStatusBadge } from './invoice-status-badge.tsx';
export { InvoicesTable } from './invoices-table.tsx';
