import { createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { chainValueOf } from './chain.ts';
import type { TDep } from './dep.ts';
import { isFailedDeviceJws, payloadOf, verifyCompactJws } from './jws.ts';
import { parseReceiptPayload, totalOf, type TReceiptCode } from './receipt-code.ts';
import { serialOfPublicKey } from './simulator.ts';
import { counterLengthOf, decryptTurnover, stornoMarker, trainingMarker } from './turnover-counter.ts';

/** What the verifier can find wrong with a DEP, one code per rule of the Detailspezifikation. */
export const depFindingCodes = [
  'certificate_unreadable',
  'receipt_unreadable',
  'cash_box_id_mismatch',
  'certificate_serial_mismatch',
  'signature_invalid',
  'chain_broken',
  'receipt_number_duplicate',
  'date_decreasing',
  'start_receipt_invalid',
  'turnover_counter_unreadable',
  'counter_length_inconsistent',
  'turnover_mismatch',
  'collective_receipt_missing',
] as const;
export type TDepFindingCode = (typeof depFindingCodes)[number];

/** One rule a receipt breaks; `receiptNumber` is null where the receipt cannot be read. */
export type TDepFinding = { receiptNumber: string | null; code: TDepFindingCode };

type TGroupKey = { publicKey: KeyObject; serial: string };

/**
 * The key and serial of a group's certificate: an X.509 certificate, or (from the simulator) a bare
 * public key in SPKI DER whose serial is derived from it.
 */
function keyOfCertificate(base64Der: string): TGroupKey | null {
  const der = Buffer.from(base64Der, 'base64');
  try {
    const certificate = new X509Certificate(der);
    return { publicKey: certificate.publicKey, serial: certificate.serialNumber };
  } catch {
    try {
      return {
        publicKey: createPublicKey({ key: der, format: 'der', type: 'spki' }),
        serial: serialOfPublicKey(der),
      };
    } catch {
      return null;
    }
  }
}

/** Whether the code's serial names the certificate: hex in any case or leading zeros, or decimal. */
function isSameSerial(inCode: string, hexSerial: string): boolean {
  const certificate = BigInt(`0x${hexSerial}`);
  if (/^[0-9a-f]+$/i.test(inCode) && BigInt(`0x${inCode}`) === certificate) return true;
  return /^\d+$/.test(inCode) && BigInt(inCode) === certificate;
}

/** A receipt with zero amounts and an encrypted counter: a start, null or collective receipt. */
function isNullReceipt(code: TReceiptCode): boolean {
  return (
    totalOf(code.amounts) === 0 &&
    code.turnoverCounter !== stornoMarker &&
    code.turnoverCounter !== trainingMarker
  );
}

/**
 * Whether two receipt times both lie in the hour Austrian clocks repeat when summer time ends (02:00 to
 * 02:59 on the last Sunday of October): the code carries local time, so a receipt made in the second
 * pass of that hour reads earlier than one made in the first.
 */
function isRepeatedHour(earlier: string, later: string): boolean {
  const day = later.slice(0, 10);
  if (earlier.slice(0, 10) !== day || earlier.slice(11, 13) !== '02' || later.slice(11, 13) !== '02')
    return false;
  const date = new Date(`${day}T00:00:00Z`);
  return date.getUTCMonth() === 9 && date.getUTCDay() === 0 && date.getUTCDate() > 24;
}

/**
 * Checks a cash box's DEP against the regulation's rules, receipt after receipt in export order:
 * - each signature verifies with its group's certificate, and the code names that certificate's serial;
 *   a receipt made while the device had failed carries the failure text instead, and the first signed
 *   receipt after such a run is a collective receipt (a null receipt, Detailspezifikation Abs. 12);
 * - each chain value is over the previous receipt's JWS (over the cash box id for the first);
 * - the first receipt is the start receipt: zero amounts, a counter of 0;
 * - the counter: standard and storno receipts add their sum, training receipts nothing; every receipt
 *   that carries an encrypted counter decrypts to that running sum, storno receipts carry STO and
 *   training receipts TRA instead (a marker is what tells the verifier the receipt's kind), and every
 *   encrypted counter has the same length;
 * - receipt numbers are unique, dates never go back.
 * Returns the findings, empty for a valid DEP.
 */
export function verifyDep(dep: TDep, options: { aesKey: string; cashBoxId: string }): TDepFinding[] {
  const aesKey = Buffer.from(options.aesKey, 'base64');
  const findings: TDepFinding[] = [];
  const seenNumbers = new Set<string>();
  let previousJws: string | null = null;
  let previousIssuedAt: string | null = null;
  let counterLength: number | null = null;
  let turnoverCents = 0;
  let isInFailedRun = false;

  for (const group of dep['Belege-Gruppe']) {
    const key = keyOfCertificate(group.Signaturzertifikat);
    if (!key) findings.push({ receiptNumber: null, code: 'certificate_unreadable' });
    for (const jws of group['Belege-kompakt']) {
      let code: TReceiptCode;
      try {
        code = parseReceiptPayload(payloadOf(jws));
      } catch {
        findings.push({ receiptNumber: null, code: 'receipt_unreadable' });
        previousJws = jws;
        continue;
      }
      const find = (finding: TDepFindingCode) =>
        findings.push({ receiptNumber: code.receiptNumber, code: finding });
      const isStart = previousJws === null;
      const isFailed = isFailedDeviceJws(jws);

      if (code.cashBoxId !== options.cashBoxId) find('cash_box_id_mismatch');
      if (key && !isSameSerial(code.certificateSerial, key.serial)) find('certificate_serial_mismatch');
      if (!isFailed && key && !verifyCompactJws(jws, key.publicKey)) find('signature_invalid');
      if (code.chainValue !== chainValueOf(previousJws, options.cashBoxId)) find('chain_broken');
      if (seenNumbers.has(code.receiptNumber)) find('receipt_number_duplicate');
      if (
        previousIssuedAt !== null &&
        code.issuedAt < previousIssuedAt &&
        !isRepeatedHour(previousIssuedAt, code.issuedAt)
      )
        find('date_decreasing');
      if (isInFailedRun && !isFailed && !isNullReceipt(code)) find('collective_receipt_missing');
      if (isStart && !isNullReceipt(code)) find('start_receipt_invalid');

      const total = totalOf(code.amounts);
      if (code.turnoverCounter === stornoMarker) turnoverCents += total;
      else if (code.turnoverCounter !== trainingMarker) {
        const length = counterLengthOf(code.turnoverCounter);
        if (length === null) find('turnover_counter_unreadable');
        else {
          if (counterLength !== null && length !== counterLength) find('counter_length_inconsistent');
          counterLength ??= length;
          turnoverCents += total;
          const decrypted = decryptTurnover(code.turnoverCounter, {
            aesKey,
            cashBoxId: code.cashBoxId,
            receiptNumber: code.receiptNumber,
          });
          if (isStart && decrypted !== 0) find('start_receipt_invalid');
          if (decrypted !== turnoverCents) {
            find('turnover_mismatch');
            // Go on from the value the receipt carries, so one wrong receipt is one finding.
            turnoverCents = decrypted;
          }
        }
      }

      isInFailedRun = isFailed;
      seenNumbers.add(code.receiptNumber);
      previousIssuedAt = code.issuedAt;
      previousJws = jws;
    }
  }
  return findings;
}
