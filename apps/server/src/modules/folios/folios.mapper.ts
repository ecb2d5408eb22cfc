import type { TFolio, TFolioCharge, TFolioTotals, TPayment } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { folioTaxPreview } from '../../lib/invoice-tax.ts';
import { toRecord } from '../../lib/records.ts';
import {
  selectCharges,
  selectFolioSums,
  selectPayments,
  type TChargeRow,
  type TFolioRow,
  type TPaymentRow,
} from './folios.queries.ts';

export function toCharge(row: TChargeRow): TFolioCharge {
  return {
    id: row.id,
    folioId: row.folioId,
    kind: row.kind,
    itemId: row.itemId,
    quantity: row.quantity,
    text: row.text,
    netAmount: row.netAmount,
    taxAmount: row.taxAmount,
    taxPercentage: row.taxBasisPoints / 100,
    taxCode: row.taxCode,
    accountNumber: row.accountNumber,
    grossAmount: row.grossAmount,
    isTransitory: row.isTransitory,
    default: row.isDefault,
    bookedOn: row.bookedOn,
    correctsChargeId: row.correctsChargeId,
    transferChargeId: row.transferChargeId,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPayment(row: TPaymentRow): TPayment {
  return {
    id: row.id,
    folioId: row.folioId,
    amount: row.amount,
    paymentMethodId: row.paymentMethodId,
    paymentMethodName: row.paymentMethodName,
    reference: row.reference,
    paidOn: row.paidOn,
    isRefund: row.amount < 0,
    receipt: row.receipt,
    createdAt: row.createdAt.toISOString(),
  };
}

export function totalsOf(sums: { grossAmount: number; paidAmount: number } | undefined): TFolioTotals {
  const grossAmount = sums?.grossAmount ?? 0;
  const paidAmount = sums?.paidAmount ?? 0;
  return { grossAmount, paidAmount, dueAmount: grossAmount - paidAmount };
}

/** Folios as the API sends them, with their entries and totals, read in three queries. */
export async function toFolios(db: Executor, rows: TFolioRow[]): Promise<TFolio[]> {
  const ids = rows.map((row) => row.id);
  const [charges, payments, sums] = [
    await selectCharges(db, ids),
    await selectPayments(db, ids),
    await selectFolioSums(db, ids),
  ];
  return rows.map((row) => {
    const totals = totalsOf(sums.get(row.id));
    const entries = charges.filter((charge) => charge.folioId === row.id);
    const preview = folioTaxPreview(
      entries.map((charge) => ({ ...charge, isLocalTax: charge.isTransitory })),
    );
    return {
      ...toRecord(row),
      bookingId: row.bookingId,
      groupId: row.groupId,
      customerId: row.customerId,
      name: row.name,
      isGroupFolio: row.isGroupFolio,
      isVirtualPayment: row.isVirtualPayment,
      closedAt: row.closedAt?.toISOString() ?? null,
      isClosed: row.closedAt !== null,
      charges: entries.map(toCharge),
      payments: payments.filter((payment) => payment.folioId === row.id).map(toPayment),
      totals,
      taxes: preview.taxes.map(({ taxBasisPoints, ...share }) => ({
        taxPercentage: taxBasisPoints / 100,
        ...share,
      })),
      localTaxAmount: preview.localTaxAmount,
      warnings: { chargeCardBeforeCheckOut: row.isVirtualPayment && totals.dueAmount > 0 },
    };
  });
}

export async function toFolio(db: Executor, row: TFolioRow): Promise<TFolio> {
  const [folio] = await toFolios(db, [row]);
  return folio!;
}
