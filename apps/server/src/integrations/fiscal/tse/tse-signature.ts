// What a TSE signs and what the receipt prints (DSFinV-K Anhang I, "QR-Code für Kassenbelege"), shared
// by the simulator, the fiskaly stand-in of the tests and the check of an export.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { tseVatRates, type TTseSignedTransaction, type TTseTransactionRequest } from '../fiscal-types.ts';

/** The process type of a receipt (TR-03151 processType); the only one this server signs. */
export const receiptProcessType = 'Kassenbeleg-V1';

/** The simulator's algorithm: ECDSA over P-384 with SHA-384, the signature as r‖s (TR-03111 "plain"). */
export const simulatorAlgorithm = 'ecdsa-plain-SHA384';

const hashOfAlgorithm: Record<string, string> = {
  'ecdsa-plain-SHA256': 'sha256',
  'ecdsa-plain-SHA384': 'sha384',
  'ecdsa-plain-SHA512': 'sha512',
};

const zeroAmount = '0.00';

/**
 * The process data of a receipt as DSFinV-K writes it: the receipt type (`Beleg`, `AVRechnung`,
 * `AVTraining`), the
 * gross amounts of the five VAT keys in their fixed order joined by `_`, and the payments as
 * `<amount>:Bar` / `<amount>:Unbar` joined by `_` (EUR, so without a currency), the parts joined by `^`.
 */
export function processDataOf(request: TTseTransactionRequest): string {
  const kind = { RECEIPT: 'Beleg', INVOICE: 'AVRechnung', TRAINING: 'AVTraining' }[request.receiptType];
  const vat = tseVatRates
    .map((rate) => request.amountsPerVatRate.find((entry) => entry.vatRate === rate)?.amount ?? zeroAmount)
    .join('_');
  const payments = request.amountsPerPaymentType
    .map(({ paymentType, amount }) => `${amount}:${paymentType === 'CASH' ? 'Bar' : 'Unbar'}`)
    .join('_');
  return `${kind}^${vat}^${payments}`;
}

/** What one finished transaction says; the signature covers all of it. */
export type TTseLogFields = {
  clientId: string;
  processData: string;
  transactionNumber: number;
  signatureCounter: number;
  /** Whole seconds: the TSE logs unix time. */
  startTime: Date;
  endTime: Date;
  serialNumber: string;
};

/**
 * The bytes signed for a transaction. A certified TSE signs an ASN.1 log message (TR-03151); the
 * simulator signs the same fields as one UTF-8 line, which its export carries and its check rebuilds.
 */
export function signedDataOf(fields: TTseLogFields): Buffer {
  return Buffer.from(
    [
      'FinishTransaction',
      fields.serialNumber,
      fields.clientId,
      receiptProcessType,
      fields.processData,
      fields.transactionNumber,
      fields.signatureCounter,
      unixSeconds(fields.startTime),
      unixSeconds(fields.endTime),
    ].join(';'),
    'utf8',
  );
}

export function unixSeconds(instant: Date): number {
  return Math.floor(instant.getTime() / 1000);
}

/** An instant cut to the second, as the TSE's unix time keeps it. */
export function toWholeSecond(instant: Date): Date {
  return new Date(unixSeconds(instant) * 1000);
}

/** A new software key for the simulator (P-384), as PKCS#8 PEM to keep in the configuration. */
export function createTseSimulatorKeys(): { privateKeyPem: string } {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-384' });
  return { privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() };
}

/** The public key as the QR code prints it: the uncompressed point (0x04‖x‖y). */
export function publicPointOf(key: KeyObject): Buffer {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  return Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
}

/** The TSE's serial number: the hex SHA-256 of its public key (the point the QR code prints). */
export function serialNumberOf(publicPoint: Buffer): string {
  return createHash('sha256').update(publicPoint).digest('hex');
}

/** The private key of a PEM, refused unless it is a P-384 EC key. */
export function simulatorKeyOf(privateKeyPem: string): KeyObject {
  const key = createPrivateKey(privateKeyPem);
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'secp384r1')
    throw new Error('the TSE simulator signs with a P-384 EC key');
  return key;
}

/** The QR code's text (DSFinV-K Anhang I): twelve fields joined by `;`, the instants in ISO 8601. */
export function qrCodeTextOf(
  fields: Omit<TTseLogFields, 'serialNumber'>,
  signature: { algorithm: string; value: string; publicKey: string },
): string {
  return [
    'V0',
    fields.clientId,
    receiptProcessType,
    fields.processData,
    fields.transactionNumber,
    fields.signatureCounter,
    fields.startTime.toISOString(),
    fields.endTime.toISOString(),
    signature.algorithm,
    'unixTime',
    signature.value,
    signature.publicKey,
  ].join(';');
}

/** Signs one finished transaction as the simulator's TSE and says all a receipt prints of it. */
export function signTseTransaction(
  key: KeyObject,
  fields: Omit<TTseLogFields, 'serialNumber'>,
): TTseSignedTransaction {
  const publicPoint = publicPointOf(key);
  const publicKey = publicPoint.toString('base64');
  const logFields = {
    ...fields,
    startTime: toWholeSecond(fields.startTime),
    endTime: toWholeSecond(fields.endTime),
    serialNumber: serialNumberOf(publicPoint),
  };
  const signature = sign('sha384', signedDataOf(logFields), { key, dsaEncoding: 'ieee-p1363' }).toString(
    'base64',
  );
  return {
    transactionNumber: fields.transactionNumber,
    signatureCounter: fields.signatureCounter,
    startTime: logFields.startTime.toISOString(),
    endTime: logFields.endTime.toISOString(),
    serialNumber: logFields.serialNumber,
    signatureAlgorithm: simulatorAlgorithm,
    signature,
    publicKey,
    qrCodeData: qrCodeTextOf(logFields, { algorithm: simulatorAlgorithm, value: signature, publicKey }),
  };
}

/** The public key of an uncompressed P-256 / P-384 / P-521 point. */
function publicKeyOfPoint(point: Buffer): KeyObject | null {
  const curves: Record<number, string> = { 65: 'P-256', 97: 'P-384', 133: 'P-521' };
  const crv = curves[point.length];
  if (!crv || point[0] !== 4) return null;
  const half = (point.length - 1) / 2;
  return createPublicKey({
    format: 'jwk',
    key: {
      kty: 'EC',
      crv,
      x: point.subarray(1, 1 + half).toString('base64url'),
      y: point.subarray(1 + half).toString('base64url'),
    },
  });
}

/**
 * Whether a signed transaction is what the TSE signed for this register and process data: the
 * serial number is the hash of the public key, the signature verifies over the log's fields, and the
 * QR code says the same.
 */
export function verifyTseTransaction(
  transaction: TTseSignedTransaction,
  signed: { clientId: string; processData: string },
): boolean {
  const publicPoint = Buffer.from(transaction.publicKey, 'base64');
  const publicKey = publicKeyOfPoint(publicPoint);
  const hash = hashOfAlgorithm[transaction.signatureAlgorithm];
  if (!publicKey || !hash || serialNumberOf(publicPoint) !== transaction.serialNumber) return false;
  const fields: TTseLogFields = {
    ...signed,
    transactionNumber: transaction.transactionNumber,
    signatureCounter: transaction.signatureCounter,
    startTime: new Date(transaction.startTime),
    endTime: new Date(transaction.endTime),
    serialNumber: transaction.serialNumber,
  };
  const signature = Buffer.from(transaction.signature, 'base64');
  const isSigned = verify(
    hash,
    signedDataOf(fields),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    signature,
  );
  const qrCode = qrCodeTextOf(fields, {
    algorithm: transaction.signatureAlgorithm,
    value: transaction.signature,
    publicKey: transaction.publicKey,
  });
  return isSigned && qrCode === transaction.qrCodeData;
}
