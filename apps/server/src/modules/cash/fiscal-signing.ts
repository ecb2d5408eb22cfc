import { randomUUID } from 'node:crypto';
import { localDateTimeIn, todayIn, type TFiscalReceiptKind } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  FiscalUnavailableError,
  UnknownTaxRateError,
  type TRksvReceiptType,
} from '../../integrations/fiscal/fiscal-types.ts';
import { bucketAmountsOf } from '../../integrations/fiscal/rksv/buckets.ts';
import { amountsPerPaymentType, amountsPerVatRate } from '../../integrations/fiscal/tse/vat-rates.ts';
import { findProperty } from '../../lib/properties.ts';
import { updateRegister, type TRegisterRow } from './cash.queries.ts';
import { insertReceipt, selectLastReceipt, type TReceiptRow } from './receipts.queries.ts';
import { rksvSignerOf, tseClientOf } from './fiscal-adapters.ts';

export type TReceiptTax = { taxPercentage: number; grossAmount: number };
export type TReceiptLine = { text: string; quantity: number; grossAmount: number; taxPercentage: number };

/** What a receipt says: the caller's side of it; numbering, time and signature are the register's. */
export type TReceiptInput = {
  kind: Exclude<TFiscalReceiptKind, 'training'>;
  purpose?: 'month' | 'year' | 'collective';
  closingPeriod?: string;
  taxes: TReceiptTax[];
  lines: TReceiptLine[];
  paymentMethodName: string | null;
  /** DSFinV-K: cash into the drawer, or card and other means. */
  isCash: boolean;
  paymentId?: string;
  folioId?: string;
  invoiceId?: string;
  createdBy: string | null;
};

/** The month after a `YYYY-MM` month. */
function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/**
 * Signs one receipt on a register whose row the caller has locked in its transaction, stores it, and
 * moves the register's state on (number, turnover counter, chain). An Austrian register first signs the
 * closing receipts of the months that ended since its last receipt, so a month's receipt is always the
 * last of its month. A device that cannot be reached refuses the whole transaction (`fiscal/unavailable`).
 */
export async function signReceipt(
  ctx: AppContext,
  db: Executor,
  register: TRegisterRow,
  input: TReceiptInput,
): Promise<TReceiptRow> {
  const now = ctx.clock.now();
  const { timeZone } = await findProperty(db, register.propertyId);
  if (register.country === 'AT' && input.kind !== 'start' && input.purpose === undefined) {
    await signClosingReceipts(ctx, db, register, now, timeZone);
  }
  const number = register.receiptCount + 1;
  const id = randomUUID();
  const isTraining = register.isTraining && (input.kind === 'standard' || input.kind === 'storno');
  const totalAmount = input.taxes.reduce((sum, tax) => sum + tax.grossAmount, 0);
  const signed = await sign(ctx, register, {
    ...input,
    id,
    number,
    isTraining,
    totalAmount,
    now,
    timeZone,
  }).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    if (error instanceof UnknownTaxRateError) {
      throw new AppError('payment/fiscal_required', `${error.message}: the register cannot sign this rate`);
    }
    // Unreachable, or refusing (wrong credentials, a register not set up there): nothing is signed,
    // and the whole transaction with the payment is undone.
    throw new AppError(
      'fiscal/unavailable',
      error instanceof FiscalUnavailableError
        ? 'the fiscal signing service cannot be reached: try again'
        : `the fiscal signing service refused the receipt: ${(error as Error).message}`,
      { cashRegisterId: register.id },
    );
  });
  await updateRegister(db, register.propertyId, register.id, { receiptCount: number, ...signed.state });
  Object.assign(register, { receiptCount: number, ...signed.state });
  return insertReceipt(db, {
    id,
    propertyId: register.propertyId,
    cashRegisterId: register.id,
    number,
    kind: isTraining ? 'training' : input.kind,
    purpose: input.purpose ?? null,
    closingPeriod: input.closingPeriod ?? null,
    issuedAt: now,
    businessDate: todayIn(timeZone, now),
    totalAmount,
    taxes: input.taxes,
    lines: input.lines,
    paymentMethodName: input.paymentMethodName,
    paymentId: input.paymentId ?? null,
    folioId: input.folioId ?? null,
    invoiceId: input.invoiceId ?? null,
    createdBy: input.createdBy,
    isSimulated: register.adapter === 'simulator',
    ...signed.receipt,
  });
}

type TSigning = TReceiptInput & {
  id: string;
  number: number;
  isTraining: boolean;
  totalAmount: number;
  now: Date;
  timeZone: string;
};

/** The RKSV's receipt types; an Austrian register signs no invoices (only what is paid at it). */
const rksvTypes: Record<Exclude<TReceiptInput['kind'], 'invoice'>, TRksvReceiptType> = {
  start: 'start',
  standard: 'standard',
  storno: 'storno',
  null: 'null',
};

async function sign(ctx: AppContext, register: TRegisterRow, receipt: TSigning) {
  if (register.country === 'AT') {
    if (receipt.kind === 'invoice') throw new Error('an Austrian register signs what is paid, not invoices');
    const signed = await rksvSignerOf(ctx, register).sign(
      {
        cashBoxId: register.cashBoxId,
        receiptNumber: String(receipt.number),
        issuedAt: localDateTimeIn(receipt.timeZone, receipt.now),
        type: receipt.isTraining ? 'training' : rksvTypes[receipt.kind],
        amounts: bucketAmountsOf(receipt.taxes, todayIn(receipt.timeZone, receipt.now)),
      },
      { previousJws: register.lastJws, turnoverCents: register.turnoverCents },
    );
    return {
      state: { turnoverCents: signed.turnoverCents, lastJws: signed.compactJws },
      receipt: {
        compactJws: signed.compactJws,
        machineCode: signed.machineCode,
        deviceFailed: signed.deviceFailed,
      },
    };
  }
  const counters = {
    transactionNumber: register.tseTransactionCount,
    signatureCounter: register.tseSignatureCount,
  };
  const request = {
    transactionId: receipt.id,
    clientId: register.cashBoxId,
    receiptType: receipt.isTraining
      ? ('TRAINING' as const)
      : receipt.kind === 'invoice'
        ? ('INVOICE' as const)
        : ('RECEIPT' as const),
    amountsPerVatRate: amountsPerVatRate(receipt.taxes),
    // An invoice is issued before (or without) being paid at the register: it names no payment.
    amountsPerPaymentType:
      receipt.kind === 'invoice'
        ? []
        : amountsPerPaymentType([
            { paymentType: receipt.isCash ? 'CASH' : 'NON_CASH', amount: receipt.totalAmount },
          ]),
  };
  const signed = await tseClientOf(ctx, register, {
    // A transaction's start and finish each count a signature, as a TSE counts them.
    next: () => {
      counters.transactionNumber += 1;
      counters.signatureCounter += 2;
      return Promise.resolve({ ...counters });
    },
    transactions: () => Promise.resolve([]),
  }).record(request);
  return {
    state: { tseTransactionCount: signed.transactionNumber, tseSignatureCount: signed.signatureCounter },
    receipt: { tse: { request, signed }, deviceFailed: false },
  };
}

/**
 * The closing receipts an Austrian register owes: a signed null receipt for each month that ended since
 * its last receipt (December's is the year receipt, to be checked with the BMF's app). One per register
 * and month, whichever instance or job signs it first (the register's lock and a unique key).
 */
export async function signClosingReceipts(
  ctx: AppContext,
  db: Executor,
  register: TRegisterRow,
  now: Date,
  timeZone: string,
): Promise<void> {
  const last = await selectLastReceipt(db, register.propertyId, register.id);
  if (!last) return;
  const current = todayIn(timeZone, now).slice(0, 7);
  let open = last.closingPeriod
    ? nextMonth(last.closingPeriod)
    : todayIn(timeZone, last.issuedAt).slice(0, 7);
  while (open < current) {
    await signReceipt(ctx, db, register, {
      kind: 'null',
      purpose: open.endsWith('-12') ? 'year' : 'month',
      closingPeriod: open,
      taxes: [],
      lines: [],
      paymentMethodName: null,
      isCash: false,
      createdBy: null,
    });
    open = nextMonth(open);
  }
}
