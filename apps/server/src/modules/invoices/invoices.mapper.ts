import type { TInvoice, TInvoiceListItem } from '@pms/contract';
import type { invoiceLines, invoices } from '../../db/schema/index.ts';
import { toRecord } from '../../lib/records.ts';
import type { TInvoiceTotals } from './invoice-totals.ts';

type TInvoiceRow = typeof invoices.$inferSelect;

/** An invoice with its totals, which `invoiceTotals` computed from its lines. */
export function toInvoiceListItem(
  row: TInvoiceRow,
  totals: TInvoiceTotals,
  canceledBy: string | null,
): TInvoiceListItem {
  return {
    ...toRecord(row),
    folioId: row.folioId,
    bookingId: row.bookingId,
    customerId: row.customerId,
    number: row.number,
    status: row.status,
    totalAmount: totals.totalAmount,
    netAmount: totals.netAmount,
    taxAmount: totals.taxAmount,
    localTaxAmount: totals.localTaxAmount,
    paidAmount: totals.paidAmount,
    dueAmount: totals.dueAmount,
    recipient: row.recipient,
    recipientCompany: row.recipientCompany,
    recipientVatId: row.recipientVatId,
    billingAddress: row.billingAddress,
    additionalText: row.additionalText,
    fileId: row.fileId,
    cancels: row.cancels,
    canceledBy,
    serviceFrom: row.serviceFrom,
    serviceTo: row.serviceTo,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    dueOn: row.dueOn,
  };
}

export function toInvoice(
  row: TInvoiceRow,
  lines: (typeof invoiceLines.$inferSelect)[],
  totals: TInvoiceTotals,
  canceledBy: string | null,
): TInvoice {
  return {
    ...toInvoiceListItem(row, totals, canceledBy),
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
    taxes: totals.taxes.map((tax) => ({
      taxPercentage: tax.taxBasisPoints / 100,
      netAmount: tax.netAmount,
      taxAmount: tax.taxAmount,
      grossAmount: tax.grossAmount,
    })),
  };
}
