import type { TFiscalReceipt } from '@pms/contract';
import type { TReceiptRow } from './receipts.queries.ts';

export function toFiscalReceipt(row: TReceiptRow, cashRegisterName: string): TFiscalReceipt {
  return {
    id: row.id,
    cashRegisterId: row.cashRegisterId,
    cashRegisterName,
    number: row.number,
    kind: row.kind,
    purpose: row.purpose,
    issuedAt: row.issuedAt.toISOString(),
    totalAmount: row.totalAmount,
    taxes: row.taxes,
    lines: row.lines,
    paymentMethodName: row.paymentMethodName,
    paymentId: row.paymentId,
    folioId: row.folioId,
    invoiceId: row.invoiceId,
    machineCode: row.machineCode,
    deviceFailed: row.deviceFailed,
    tse: row.tse?.signed ?? null,
    isSimulated: row.isSimulated,
    printedAt: row.printedAt?.toISOString() ?? null,
  };
}
