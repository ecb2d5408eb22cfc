import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { selectRegisters } from './cash.queries.ts';
import { selectOpenShift } from './cash-book.queries.ts';
import { lockCashRegister } from './cash-registers.service.ts';
import { canSign } from './fiscal-adapters.ts';
import { signReceipt } from './fiscal-signing.ts';

/**
 * An invoice (or cancellation invoice) issued in a German property with a cash register is a
 * transaction of its electronic recording system: the register's TSE signs it (DSFinV-K's AVRechnung)
 * in the invoice's transaction, an open register first. A property without a German register records
 * no cash and signs nothing; an Austrian register signs only what is paid at it.
 */
export async function signIssuedInvoice(
  ctx: AppContext,
  db: Executor,
  invoice: {
    propertyId: string;
    id: string;
    number: string;
    taxes: { taxBasisPoints: number; grossAmount: number }[];
    createdBy: string | null;
  },
): Promise<void> {
  const registers = (await selectRegisters(db, invoice.propertyId)).filter(
    (register) => register.country === 'DE' && canSign(ctx, register),
  );
  if (registers.length === 0) return;
  const open = [];
  for (const register of registers) {
    if (await selectOpenShift(db, invoice.propertyId, register.id)) open.push(register);
  }
  const chosen = open[0] ?? registers[0]!;
  const register = await lockCashRegister(db, invoice.propertyId, chosen.id);
  await signReceipt(ctx, db, register, {
    kind: 'invoice',
    taxes: invoice.taxes.map((tax) => ({
      taxPercentage: tax.taxBasisPoints / 100,
      grossAmount: tax.grossAmount,
    })),
    lines: [],
    paymentMethodName: null,
    isCash: false,
    invoiceId: invoice.id,
    createdBy: invoice.createdBy,
  });
}
