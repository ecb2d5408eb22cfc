import type { TInvoiceSummary } from '@pms/contract';
import type { invoices } from '../db/schema/index.ts';

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
