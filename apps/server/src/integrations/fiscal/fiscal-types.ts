/**
 * The fiscal signing of cash receipts, one interface per country's law:
 * - Austria (RKSV): each receipt becomes a signed, chained machine-readable code with an encrypted
 *   turnover counter (`RksvSigner`, in `rksv/`);
 * - Germany (KassenSichV, §146a AO): each payment is a TSE transaction, started and finished, whose
 *   answer is printed on the receipt (`TseClient`, in `tse/`).
 * Each has a simulator (the real algorithm with software keys) and a fiskaly adapter. The caller keeps
 * the register's state in the database and holds the register's row lock while it signs, so numbers
 * and chains stay consecutive across instances.
 */

/** The five RKSV tax buckets, in the order of the machine-readable code. */
export const rksvBuckets = ['normal', 'reduced1', 'reduced2', 'zero', 'special'] as const;
export type TRksvBucket = (typeof rksvBuckets)[number];

/** Gross cents per bucket (negative on a storno receipt). */
export type TBucketAmounts = Record<TRksvBucket, number>;

/**
 * What a receipt is: `start` (putting a register into use), `standard`, `storno` (reverses money: STO),
 * `training` (TRA, not counted), `null` (a signed zero receipt: month, year and collective receipts).
 */
export const rksvReceiptTypes = ['start', 'standard', 'storno', 'training', 'null'] as const;
export type TRksvReceiptType = (typeof rksvReceiptTypes)[number];

export type TRksvReceiptRequest = {
  /** The register's cash box id (Kassen-ID), unique within the company. */
  cashBoxId: string;
  /** Unique and ascending per cash box. */
  receiptNumber: string;
  /** Local date and time of the receipt, `YYYY-MM-DDTHH:mm:ss` (Austrian wall clock). */
  issuedAt: string;
  type: TRksvReceiptType;
  amounts: TBucketAmounts;
};

/** What a register carries from one receipt to the next (kept in its database row). */
export type TRksvChainState = {
  /** The previous receipt's compact JWS; null before the start receipt. */
  previousJws: string | null;
  /** The turnover counter in cents before this receipt. */
  turnoverCents: number;
};

export type TRksvSignedReceipt = {
  /** `header.payload.signature`, base64url; with a failed device the signature says so. */
  compactJws: string;
  /** The QR code's text: the payload's fields and the signature (base64), joined by `_`. */
  machineCode: string;
  /** The turnover counter in cents after this receipt. */
  turnoverCents: number;
  /** Made while the signature device had failed ("Sicherheitseinrichtung ausgefallen"). */
  deviceFailed: boolean;
  /** The signing certificate's serial number as printed in the code. */
  certificateSerial: string;
};

/** The certificate the receipts verify with, for the DEP export (base64 DER each). */
export type TRksvCertificate = { certificate: string; chain: string[]; serial: string };

export type RksvSigner = {
  kind: 'simulator' | 'fiskaly';
  certificate(): Promise<TRksvCertificate>;
  /**
   * Signs one receipt. The simulator computes the counter and chain from `state`; fiskaly keeps its
   * own and ignores it. A signer that cannot reach its device throws `FiscalUnavailableError`.
   */
  sign(request: TRksvReceiptRequest, state: TRksvChainState): Promise<TRksvSignedReceipt>;
};

/** The signature device or service cannot be reached: nothing was signed. */
export class FiscalUnavailableError extends Error {
  override name = 'FiscalUnavailableError';
}

/** A tax rate the register's law has no bucket or key for (on the receipt's date): nothing can be signed. */
export class UnknownTaxRateError extends Error {
  override name = 'UnknownTaxRateError';
}

// Germany

/** DSFinV-K's VAT rate keys: 19 %, 7 %, 10.7 %, 5.5 %, 0 %. */
export const tseVatRates = ['NORMAL', 'REDUCED_1', 'SPECIAL_RATE_1', 'SPECIAL_RATE_2', 'NULL'] as const;
export type TTseVatRate = (typeof tseVatRates)[number];
export type TTsePaymentType = 'CASH' | 'NON_CASH';

export type TTseTransactionRequest = {
  /** A new UUID per transaction (the caller's receipt id). */
  transactionId: string;
  /** The register's client id at the TSE. */
  clientId: string;
  /**
   * `RECEIPT` for a payment, `INVOICE` for an invoice issued (DSFinV-K's AVRechnung, no payment yet),
   * `TRAINING` in training mode; a cancellation has negative amounts.
   */
  receiptType: 'RECEIPT' | 'INVOICE' | 'TRAINING';
  /** Decimal strings with two places, e.g. `"12.50"`, negative on a cancellation. */
  amountsPerVatRate: { vatRate: TTseVatRate; amount: string }[];
  amountsPerPaymentType: { paymentType: TTsePaymentType; amount: string }[];
};

/** What the TSE answered when the transaction finished: all of it is stored and printed. */
export type TTseSignedTransaction = {
  transactionNumber: number;
  signatureCounter: number;
  /** ISO 8601 instants. */
  startTime: string;
  endTime: string;
  /** The TSE's serial number (hex of the SHA-256 of its public key). */
  serialNumber: string;
  signatureAlgorithm: string;
  /** Base64 signature. */
  signature: string;
  publicKey: string;
  /** The QR code's text as DSFinV-K prescribes (`V0;...`). */
  qrCodeData: string;
};

export type TseClient = {
  kind: 'simulator' | 'fiskaly';
  /** Starts and finishes one transaction; throws `FiscalUnavailableError` when the TSE is unreachable. */
  record(request: TTseTransactionRequest): Promise<TTseSignedTransaction>;
  /** The TSE's export (a TAR as TR-03153 defines it) of the transactions between two instants. */
  exportTransactions(range: { from: Date; to: Date }): Promise<Buffer>;
};
