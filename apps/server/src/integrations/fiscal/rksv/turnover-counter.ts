import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';

/**
 * The turnover counter (Umsatzzähler) in the code: the running sum of gross cents of the cash box,
 * encrypted with AES-256 in ICM (counter mode, here AES-256-CTR) so only the tax office with the
 * registered key reads it (Detailspezifikation Abs. 8). The plain value is the counter in big-endian
 * two's complement (negative sums can happen), as many bytes as the cash box chose once, 5 to 16; the
 * reference implementation and this one use 8. In counter mode the first N bytes of cipher text depend
 * only on the first N bytes of plain text, so those N bytes are all the code carries.
 *
 * A storno receipt carries `STO` and a training receipt `TRA` (base64) in place of the encrypted value.
 * The storno still moves the counter by its amounts (they are real money going back), so the next
 * encrypted value includes them; a training receipt moves nothing.
 */
export const stornoMarker = Buffer.from('STO', 'utf8').toString('base64');
export const trainingMarker = Buffer.from('TRA', 'utf8').toString('base64');

export const defaultCounterBytes = 8;
export const minCounterBytes = 5;
export const maxCounterBytes = 16;

/** The IV of a receipt's counter: the first 16 bytes of SHA-256 over Kassen-ID ‖ Belegnummer (UTF-8). */
export function counterIv(cashBoxId: string, receiptNumber: string): Buffer {
  return createHash('sha256').update(`${cashBoxId}${receiptNumber}`, 'utf8').digest().subarray(0, 16);
}

type TCounterKey = { aesKey: Buffer; cashBoxId: string; receiptNumber: string };

function cipherOf(key: TCounterKey, decrypt: boolean) {
  if (key.aesKey.length !== 32) throw new RangeError('the turnover counter key is 32 bytes (AES-256)');
  const iv = counterIv(key.cashBoxId, key.receiptNumber);
  return decrypt
    ? createDecipheriv('aes-256-ctr', key.aesKey, iv)
    : createCipheriv('aes-256-ctr', key.aesKey, iv);
}

/** The base64 of the encrypted counter (`cents`) of one receipt, `length` bytes long. */
export function encryptTurnover(cents: number, key: TCounterKey & { length?: number }): string {
  const length = key.length ?? defaultCounterBytes;
  if (length < minCounterBytes || length > maxCounterBytes)
    throw new RangeError(`a turnover counter is ${minCounterBytes} to ${maxCounterBytes} bytes`);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`the turnover counter is whole cents, not ${cents}`);
  const bits = length * 8;
  const value = BigInt(cents);
  if (BigInt.asIntN(bits, value) !== value)
    throw new RangeError(`${cents} does not fit a ${length}-byte turnover counter`);
  const plain = Buffer.from(
    BigInt.asUintN(bits, value)
      .toString(16)
      .padStart(length * 2, '0'),
    'hex',
  );
  const cipher = cipherOf(key, false);
  return Buffer.concat([cipher.update(plain), cipher.final()]).toString('base64');
}

/** The counter in cents from its encrypted base64, whatever its length. */
export function decryptTurnover(encrypted: string, key: TCounterKey): number {
  const bytes = Buffer.from(encrypted, 'base64');
  if (bytes.length < minCounterBytes || bytes.length > maxCounterBytes)
    throw new RangeError(`a turnover counter is ${minCounterBytes} to ${maxCounterBytes} bytes`);
  const decipher = cipherOf(key, true);
  const plain = Buffer.concat([decipher.update(bytes), decipher.final()]);
  return Number(BigInt.asIntN(plain.length * 8, BigInt(`0x${plain.toString('hex')}`)));
}

/** The counter's length in bytes as the code carries it, or null for a marker or an unreadable value. */
export function counterLengthOf(encrypted: string): number | null {
  if (encrypted === stornoMarker || encrypted === trainingMarker) return null;
  const length = Buffer.from(encrypted, 'base64').length;
  return length >= minCounterBytes && length <= maxCounterBytes ? length : null;
}
