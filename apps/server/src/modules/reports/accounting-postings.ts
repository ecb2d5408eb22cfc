import type { TAccountingPosting } from '@pms/contract';

/** An invoice's revenue on one account, tax code and rate, as the queries sum its lines. */
export type TRevenueRow = {
  number: string | null;
  /** The issue date in the property's time zone. */
  date: string;
  recipient: string | null;
  isCancellation: boolean;
  accountNumber: string | null;
  taxCode: string | null;
  taxBasisPoints: number;
  grossAmount: number;
};

export type TPaymentRow = {
  paidOn: string;
  amount: number;
  reference: string | null;
  methodName: string | null;
  methodText: string | null;
  accountNumber: string | null;
  invoiceNumber: string | null;
};

/**
 * The bookings of the accounting export: each invoice's revenue per account and tax rate, debited to
 * the receivables account and credited to the revenue account (a cancellation invoice negative, so
 * the other way round), and each payment debited to its method's account and credited to the
 * receivables account (a refund the other way round). Revenue of a day comes before its payments.
 */
export function toAccountingPostings(
  revenue: readonly TRevenueRow[],
  paymentRows: readonly TPaymentRow[],
  receivablesAccount: string,
): TAccountingPosting[] {
  const revenuePostings = revenue
    .filter((row) => row.grossAmount !== 0)
    .map((row): TAccountingPosting => ({
      kind: 'revenue',
      date: row.date,
      documentNumber: row.number ?? '',
      text: [row.isCancellation ? 'Storno' : 'Rechnung', row.number, row.recipient].filter(Boolean).join(' '),
      account: receivablesAccount,
      contraAccount: row.accountNumber ?? '',
      taxCode: row.taxCode,
      taxBasisPoints: row.taxBasisPoints,
      amount: row.grossAmount,
    }));
  const paymentPostings = paymentRows.map((row): TAccountingPosting => ({
    kind: 'payment',
    date: row.paidOn,
    documentNumber: row.invoiceNumber ?? '',
    text: [row.methodText || row.methodName, row.reference].filter(Boolean).join(' '),
    account: row.accountNumber ?? '',
    contraAccount: receivablesAccount,
    taxCode: null,
    taxBasisPoints: null,
    amount: row.amount,
  }));
  // Stable: within a day the revenue keeps its issue order and comes before the payments.
  return [...revenuePostings, ...paymentPostings].sort((a, b) => a.date.localeCompare(b.date));
}
