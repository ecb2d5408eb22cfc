import { createHash } from 'node:crypto';

/** How many bytes of the SHA-256 the chain keeps (suite R1: 8). */
const chainBytes = 8;

/**
 * The chain value (`Sig-Voriger-Beleg`) of a receipt: base64 of the first 8 bytes of SHA-256 over the
 * previous receipt's compact JWS, or over the cash box id for the start receipt, which has none. A
 * receipt made while the signature device had failed is chained like any other.
 */
export function chainValueOf(previousJws: string | null, cashBoxId: string): string {
  return createHash('sha256')
    .update(previousJws ?? cashBoxId, 'utf8')
    .digest()
    .subarray(0, chainBytes)
    .toString('base64');
}
