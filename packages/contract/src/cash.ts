import { z } from 'zod';
import { ZId, ZInteger, ZIsoDate, ZRecord, ZText, ZTimestamp } from './common.ts';

// Cash registers: the fiscal law each follows, its signing adapter, and the payment methods it signs.

/** AT: the RKSV (signed, chained receipts); DE: the KassenSichV (a TSE transaction per receipt). */
export const cashRegisterCountries = ['AT', 'DE'] as const;
export const ZCashRegisterCountry = z.enum(cashRegisterCountries);
export type TCashRegisterCountry = z.infer<typeof ZCashRegisterCountry>;

/** The built-in simulator (receipts say they are not valid) or the fiskaly cloud service. */
export const fiscalAdapters = ['simulator', 'fiskaly'] as const;
export const ZFiscalAdapter = z.enum(fiscalAdapters);
export type TFiscalAdapter = z.infer<typeof ZFiscalAdapter>;

/** fiskaly's account and the register's ids there; write-only (never answered). */
export const ZFiskalyCredentials = z.object({
  apiKey: ZText.trim().min(1).max(200),
  apiSecret: ZText.trim().min(1).max(200),
  /** AT: the cash register's id at fiskaly; DE: the TSS id. */
  registerId: ZText.trim().min(1).max(100),
  /** AT: the signature creation unit's id; DE: the client id (the register) at the TSS. */
  clientId: ZText.trim().max(100).nullish(),
  baseUrl: z.url().max(300).nullish(),
});
export type TFiskalyCredentials = z.infer<typeof ZFiskalyCredentials>;

export const ZCashRegister = ZRecord.extend({
  name: z.string(),
  country: ZCashRegisterCountry,
  adapter: ZFiscalAdapter,
  /** AT: the Kassen-ID in every receipt's code; DE: the client id printed on receipts. */
  cashBoxId: z.string(),
  /** The payment methods whose payments this register signs (AT: cash, card at the desk, vouchers). */
  paymentMethodIds: z.array(ZId),
  isTraining: z.boolean(),
  /** AT: the signature device has failed since then; receipts say so until it works again. */
  deviceFailedAt: ZTimestamp.nullable(),
  /** Ready to sign: its keys or fiskaly account are set, and its adapter may sign here (no simulator in production). */
  hasCredentials: z.boolean(),
  /** The last receipt's number (0 before the first). */
  receiptCount: ZInteger,
  /** The drawer's book balance in cents. */
  balance: ZInteger,
  /** The open shift, if the register is open. */
  openShift: z.object({ id: ZId, openedAt: ZTimestamp, openedBy: z.string().nullable() }).nullable(),
  /** The business day the next cash movement is booked on, and whether it is closed already. */
  businessDate: ZIsoDate,
  isDayClosed: z.boolean(),
});
export type TCashRegister = z.infer<typeof ZCashRegister>;

const ZRegisterName = ZText.trim().min(1).max(100);
const ZCashBoxId = ZText.trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9-]+$/, 'letters, digits and hyphens');

export const ZCreateCashRegisterRequest = z.object({
  name: ZRegisterName,
  country: ZCashRegisterCountry,
  adapter: ZFiscalAdapter,
  cashBoxId: ZCashBoxId,
  paymentMethodIds: z.array(ZId).max(20),
  isTraining: z.boolean().optional(),
  credentials: ZFiskalyCredentials.nullish(),
});
export type TCreateCashRegisterRequest = z.infer<typeof ZCreateCashRegisterRequest>;

export const ZUpdateCashRegisterRequest = z.object({
  name: ZRegisterName.optional(),
  paymentMethodIds: z.array(ZId).max(20).optional(),
  isTraining: z.boolean().optional(),
  credentials: ZFiskalyCredentials.nullish(),
  /** The simulator's signature device fails (true) or works again (false): for training the failure path. */
  isDeviceFailed: z.boolean().optional(),
});
export type TUpdateCashRegisterRequest = z.infer<typeof ZUpdateCashRegisterRequest>;

// Receipts

/** `invoice`: a German register's TSE transaction of an invoice issued (or cancelled). */
export const fiscalReceiptKinds = ['start', 'standard', 'storno', 'training', 'null', 'invoice'] as const;
export const ZFiscalReceiptKind = z.enum(fiscalReceiptKinds);
export type TFiscalReceiptKind = z.infer<typeof ZFiscalReceiptKind>;

/** Why a null receipt was made: the month's or year's closing receipt, or the collective receipt after a failure. */
export const fiscalReceiptPurposes = ['month', 'year', 'collective'] as const;

export const ZReceiptTax = z.object({ taxPercentage: z.number(), grossAmount: ZInteger });
export const ZReceiptLine = z.object({
  text: z.string(),
  quantity: ZInteger,
  grossAmount: ZInteger,
  taxPercentage: z.number(),
});

/** What a German TSE answered for the receipt's transaction, printed on it. */
export const ZTseData = z.object({
  transactionNumber: ZInteger,
  signatureCounter: ZInteger,
  startTime: z.string(),
  endTime: z.string(),
  serialNumber: z.string(),
  signatureAlgorithm: z.string(),
  signature: z.string(),
  publicKey: z.string(),
  qrCodeData: z.string(),
});

export const ZFiscalReceipt = z.object({
  id: ZId,
  cashRegisterId: ZId,
  cashRegisterName: z.string(),
  number: ZInteger,
  kind: ZFiscalReceiptKind,
  purpose: z.enum(fiscalReceiptPurposes).nullable(),
  issuedAt: ZTimestamp,
  totalAmount: ZInteger,
  taxes: z.array(ZReceiptTax),
  lines: z.array(ZReceiptLine),
  paymentMethodName: z.string().nullable(),
  paymentId: ZId.nullable(),
  folioId: ZId.nullable(),
  invoiceId: ZId.nullable(),
  /** AT: the QR code's text. */
  machineCode: z.string().nullable(),
  deviceFailed: z.boolean(),
  tse: ZTseData.nullable(),
  isSimulated: z.boolean(),
  /** Printed once: later prints are copies. */
  printedAt: ZTimestamp.nullable(),
});
export type TFiscalReceipt = z.infer<typeof ZFiscalReceipt>;

export const receiptFormats = ['a4', 'receipt'] as const;
export const ZReceiptPdfQuery = z.object({ format: z.enum(receiptFormats).default('a4') });

// Cash book

/** Money into or out of the drawer: payments and refunds from folios, deposits and withdrawals, counted differences. */
export const cashMovementKinds = ['payment', 'refund', 'deposit', 'withdrawal', 'difference'] as const;
export const ZCashMovementKind = z.enum(cashMovementKinds);
export type TCashMovementKind = z.infer<typeof ZCashMovementKind>;

export const ZCashMovement = z.object({
  id: ZId,
  cashRegisterId: ZId,
  shiftId: ZId.nullable(),
  businessDate: ZIsoDate,
  kind: ZCashMovementKind,
  /** Cents into (positive) or out of (negative) the drawer. */
  amount: ZInteger,
  /** The drawer's balance after this movement. */
  balance: ZInteger,
  reason: z.string().nullable(),
  receiptId: ZId.nullable(),
  receiptNumber: ZInteger.nullable(),
  paymentId: ZId.nullable(),
  createdBy: z.string().nullable(),
  createdAt: ZTimestamp,
});
export type TCashMovement = z.infer<typeof ZCashMovement>;

export const ZCashShift = z.object({
  id: ZId,
  cashRegisterId: ZId,
  openedAt: ZTimestamp,
  openedBy: z.string().nullable(),
  closedAt: ZTimestamp.nullable(),
  closedBy: z.string().nullable(),
  expectedAmount: ZInteger.nullable(),
  countedAmount: ZInteger.nullable(),
  differenceAmount: ZInteger.nullable(),
  note: z.string().nullable(),
  reviewedAt: ZTimestamp.nullable(),
  reviewedBy: z.string().nullable(),
  reviewNote: z.string().nullable(),
});
export type TCashShift = z.infer<typeof ZCashShift>;

export const ZCashDayClose = z.object({
  id: ZId,
  cashRegisterId: ZId,
  /** The Z report's number, consecutive per register. */
  number: ZInteger,
  businessDate: ZIsoDate,
  closedAt: ZTimestamp,
  closedBy: z.string().nullable(),
  firstReceiptNumber: ZInteger.nullable(),
  lastReceiptNumber: ZInteger.nullable(),
  revenueAmount: ZInteger,
  differenceAmount: ZInteger,
});
export type TCashDayClose = z.infer<typeof ZCashDayClose>;

export const ZCashBookQuery = z.object({ from: ZIsoDate, to: ZIsoDate });
export type TCashBookQuery = z.infer<typeof ZCashBookQuery>;

export const ZCashBook = z.object({
  register: ZCashRegister,
  /** The balance before the period's first movement. */
  openingBalance: ZInteger,
  movements: z.array(ZCashMovement),
  shifts: z.array(ZCashShift),
  dayCloses: z.array(ZCashDayClose),
  receipts: z.array(ZFiscalReceipt),
});
export type TCashBook = z.infer<typeof ZCashBook>;

const ZCashReason = ZText.trim().min(3).max(200);

export const ZCashMovementRequest = z.object({
  kind: z.enum(['deposit', 'withdrawal']),
  amount: z.number().int().min(1).max(100_000_000),
  reason: ZCashReason,
});
export type TCashMovementRequest = z.infer<typeof ZCashMovementRequest>;

export const ZCloseShiftRequest = z.object({
  countedAmount: z.number().int().min(0).max(100_000_000),
  note: ZText.trim().max(500).nullish(),
});
export type TCloseShiftRequest = z.infer<typeof ZCloseShiftRequest>;

export const ZReviewShiftRequest = z.object({ note: ZText.trim().min(3).max(500) });

export const ZCloseDayRequest = z.object({ businessDate: ZIsoDate.optional() });

export const ZFiscalExportQuery = z.object({ from: ZIsoDate, to: ZIsoDate });
