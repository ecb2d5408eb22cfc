import { rksvBuckets, type TBucketAmounts } from '../fiscal-types.ts';

/**
 * The fields of a receipt's machine-readable code (Detailspezifikation Abs. 4 and 5), in their order:
 * `_R1-AT<n>_<Kassen-ID>_<Belegnummer>_<Beleg-Datum-Uhrzeit>_<Normal>_<Ermäßigt-1>_<Ermäßigt-2>_<Null>_
 * <Besonders>_<Umsatzzähler>_<Zertifikat-Seriennummer>_<Sig-Voriger-Beleg>`. This text is the JWS payload;
 * the QR code adds the signature as a thirteenth field.
 */
export type TReceiptCode = {
  /** `R1-AT<n>`: suite R1 (ES256, SHA-256, 8-byte chain) and the trust service provider's number. */
  suite: string;
  cashBoxId: string;
  receiptNumber: string;
  /** `YYYY-MM-DDTHH:mm:ss`, Austrian wall clock. */
  issuedAt: string;
  /** Gross cents per bucket. */
  amounts: TBucketAmounts;
  /** Base64 of the encrypted turnover counter, or the STO/TRA marker. */
  turnoverCounter: string;
  certificateSerial: string;
  /** Base64 chain value over the previous receipt. */
  chainValue: string;
};

/** The code of the simulator's suite: R1 with provider number 0, which no real provider holds. */
export const simulatorSuite = 'R1-AT0';

const suitePattern = /^R1-AT\d+$/;
const issuedAtPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const amountPattern = /^-?\d+,\d{2}$/;

/** Cents as the code writes them: a comma, two decimals, a minus sign when negative (`-0,47`). */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`an amount is whole cents, not ${cents}`);
  const magnitude = Math.abs(cents);
  const euros = Math.floor(magnitude / 100);
  const rest = String(magnitude % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}${euros},${rest}`;
}

/** An amount of the code read back as cents. */
export function parseAmount(text: string): number {
  if (!amountPattern.test(text)) throw new SyntaxError(`"${text}" is no amount of the form 4,50`);
  const isNegative = text.startsWith('-');
  const [euros, rest] = text.replace('-', '').split(',') as [string, string];
  const cents = Number(euros) * 100 + Number(rest);
  return isNegative ? -cents : cents;
}

/** The payload text of a receipt; fails on a field with `_` in it, which would shift every field after. */
export function buildReceiptPayload(code: TReceiptCode): string {
  const fields = [
    code.suite,
    code.cashBoxId,
    code.receiptNumber,
    code.issuedAt,
    ...rksvBuckets.map((bucket) => formatAmount(code.amounts[bucket])),
    code.turnoverCounter,
    code.certificateSerial,
    code.chainValue,
  ];
  if (!suitePattern.test(code.suite)) throw new SyntaxError(`"${code.suite}" is no RKSV suite`);
  if (!issuedAtPattern.test(code.issuedAt))
    throw new SyntaxError(`"${code.issuedAt}" is no date-time of the form 2026-03-11T03:57:08`);
  const withSeparator = fields.find((field) => field.length === 0 || field.includes('_'));
  if (withSeparator !== undefined)
    throw new SyntaxError(`a field of the code is empty or holds "_": "${withSeparator}"`);
  return `_${fields.join('_')}`;
}

/** The fields of a payload (or of a QR code's text, whose signature field is ignored). */
export function parseReceiptPayload(text: string): TReceiptCode {
  const fields = text.split('_');
  if (fields[0] !== '' || (fields.length !== 13 && fields.length !== 14))
    throw new SyntaxError('a receipt code has twelve fields, each after a "_"');
  const [, suite, cashBoxId, receiptNumber, issuedAt, ...rest] = fields as string[] & { length: 13 };
  if (!suitePattern.test(suite!)) throw new SyntaxError(`"${suite}" is no RKSV suite`);
  if (!issuedAtPattern.test(issuedAt!)) throw new SyntaxError(`"${issuedAt}" is no receipt date-time`);
  const amounts = Object.fromEntries(
    rksvBuckets.map((bucket, index) => [bucket, parseAmount(rest[index]!)]),
  ) as TBucketAmounts;
  return {
    suite: suite!,
    cashBoxId: cashBoxId!,
    receiptNumber: receiptNumber!,
    issuedAt: issuedAt!,
    amounts,
    turnoverCounter: rest[5]!,
    certificateSerial: rest[6]!,
    chainValue: rest[7]!,
  };
}

/** The sum of a receipt's buckets in cents: what it adds to the turnover counter. */
export function totalOf(amounts: TBucketAmounts): number {
  return rksvBuckets.reduce((sum, bucket) => sum + amounts[bucket], 0);
}
