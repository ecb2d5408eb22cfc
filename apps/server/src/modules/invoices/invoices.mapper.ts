import type { TInvoice, TInvoiceListItem, TInvoiceSummary } from '@pms/contract';
import type { invoiceLines, invoices, invoiceTaxes } from '../../db/schema/index.ts';
import { toRecord } from '../../lib/records.ts';

type TInvoiceRow = typeof invoices.$inferSelect;

/** An invoice as lists of a contact's or a booking's invoices show it. */
export function toInvoiceSummary(row: TInvoiceRow): TInvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    totalAmount: row.totalAmount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What is paid and due follows the status: an open invoice owes what its folio had not paid at issue. */
function paymentState(row: TInvoiceRow): { paidAmount: number; dueAmount: number } {
  switch (row.status) {
    case 'draft':
      return { paidAmount: 0, dueAmount: row.totalAmount };
    case 'open':
      return { paidAmount: row.paidAmount, dueAmount: row.totalAmount - row.paidAmount };
    case 'paid':
      return { paidAmount: row.totalAmount, dueAmount: 0 };
    default:
      return { paidAmount: 0, dueAmount: 0 };
  }
}

export function toInvoiceListItem(row: TInvoiceRow, canceledBy: string | null): TInvoiceListItem {
  return {
    ...toRecord(row),
    folioId: row.folioId,
    bookingId: row.bookingId,
    customerId: row.customerId,
    number: row.number,
    status: row.status,
    totalAmount: row.totalAmount,
    netAmount: row.netAmount,
    taxAmount: row.taxAmount,
    ...paymentState(row),
    recipient: row.recipient,
    billingAddress: row.billingAddress,
    additionalText: row.additionalText,
    fileId: row.fileId,
    cancels: row.cancels,
    canceledBy,
    serviceFrom: row.serviceFrom,
    serviceTo: row.serviceTo,
    issuedAt: row.issuedAt?.toISOString() ?? null,
  };
}

export function toInvoice(
  row: TInvoiceRow,
  lines: (typeof invoiceLines.$inferSelect)[],
  taxes: (typeof invoiceTaxes.$inferSelect)[],
  canceledBy: string | null,
): TInvoice {
  return {
    ...toInvoiceListItem(row, canceledBy),
    lines: lines.map((line) => ({
      position: line.position,
      text: line.text,
      quantity: line.quantity,
      serviceDate: line.serviceDate,
      netAmount: line.netAmount,
      taxAmount: line.taxAmount,
      grossAmount: line.grossAmount,
      taxPercentage: line.taxBasisPoints / 100,
    })),
    taxes: taxes.map((tax) => ({
      taxPercentage: tax.taxBasisPoints / 100,
      netAmount: tax.netAmount,
      taxAmount: tax.taxAmount,
      grossAmount: tax.grossAmount,
    })),
  };
}
