import { createSign, createVerify, type KeyObject } from 'node:crypto';

/** `{"alg":"ES256"}` in base64url: the one header suite R1 allows. */
export const jwsHeader = Buffer.from('{"alg":"ES256"}', 'utf8').toString('base64url');

/** What stands in the signature's place while the signature device has failed (Detailspezifikation). */
export const deviceFailedText = 'Sicherheitseinrichtung ausgefallen';

const failedSignature = Buffer.from(deviceFailedText, 'utf8').toString('base64url');

function signingInput(payload: string): string {
  return `${jwsHeader}.${Buffer.from(payload, 'utf8').toString('base64url')}`;
}

/** The compact JWS of a payload, ES256 with the signature as raw r‖s (64 bytes) as JWS wants it. */
export function signCompactJws(payload: string, privateKey: KeyObject): string {
  const input = signingInput(payload);
  const signature = createSign('SHA256')
    .update(input, 'utf8')
    .sign({ key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${input}.${signature.toString('base64url')}`;
}

/** The compact JWS of a receipt made while the signature device had failed: signed by nobody. */
export function failedDeviceJws(payload: string): string {
  return `${signingInput(payload)}.${failedSignature}`;
}

function partsOf(compactJws: string): [string, string, string] {
  const parts = compactJws.split('.');
  if (parts.length !== 3) throw new SyntaxError('a compact JWS has three parts');
  return parts as [string, string, string];
}

/** The receipt payload a compact JWS carries. */
export function payloadOf(compactJws: string): string {
  return Buffer.from(partsOf(compactJws)[1], 'base64url').toString('utf8');
}

/** Whether the JWS says, in place of a signature, that the signature device had failed. */
export function isFailedDeviceJws(compactJws: string): boolean {
  return partsOf(compactJws)[2] === failedSignature;
}

/** Whether the JWS has the ES256 header and a valid signature by the key. */
export function verifyCompactJws(compactJws: string, publicKey: KeyObject): boolean {
  const [header, payload, signature] = partsOf(compactJws);
  if (header !== jwsHeader) return false;
  const bytes = Buffer.from(signature, 'base64url');
  if (bytes.length !== 64) return false;
  return createVerify('SHA256')
    .update(`${header}.${payload}`, 'utf8')
    .verify({ key: publicKey, dsaEncoding: 'ieee-p1363' }, bytes);
}

/** The QR code's text: the payload and the signature in base64 (not base64url), joined by `_`. */
export function machineCodeOf(compactJws: string): string {
  const [, , signature] = partsOf(compactJws);
  return `${payloadOf(compactJws)}_${Buffer.from(signature, 'base64url').toString('base64')}`;
}
