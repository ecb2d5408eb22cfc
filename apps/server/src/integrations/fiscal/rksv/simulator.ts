import { createHash, createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import type {
  RksvSigner,
  TRksvCertificate,
  TRksvChainState,
  TRksvReceiptRequest,
  TRksvSignedReceipt,
} from '../fiscal-types.ts';
import { chainValueOf } from './chain.ts';
import { failedDeviceJws, machineCodeOf, signCompactJws } from './jws.ts';
import { buildReceiptPayload, simulatorSuite, totalOf } from './receipt-code.ts';
import { defaultCounterBytes, encryptTurnover, stornoMarker, trainingMarker } from './turnover-counter.ts';

export type TRksvSimulatorOptions = {
  /** The signature device's P-256 private key (PKCS#8 PEM). */
  privateKeyPem: string;
  certificate: TRksvCertificate;
  /** The cash box's AES-256 key for the turnover counter, base64 (32 bytes). */
  aesKey: string;
  /** Whether the signature device has failed just now; the receipt then says so instead of a signature. */
  deviceFailed?: () => boolean;
  /** The counter's length in bytes (5 to 16), fixed for the life of the cash box. */
  counterBytes?: number;
};

/** The serial of a key without a certificate: hex of the first 8 bytes of SHA-256 of its SPKI DER. */
export function serialOfPublicKey(spkiDer: Buffer): string {
  return createHash('sha256').update(spkiDer).digest().subarray(0, 8).toString('hex');
}

/**
 * A signature device in software for the demo and tests: a fresh P-256 key pair and AES key. node:crypto
 * reads X.509 certificates but cannot issue them, and no certificate library is installed, so the
 * "certificate" is the public key itself (SPKI DER, base64) with a serial derived from it
 * (`serialOfPublicKey`); the verifier accepts either form. A real device's certificate comes from a
 * trust service provider.
 */
export function createSimulatorKeys(): {
  privateKeyPem: string;
  certificate: TRksvCertificate;
  aesKey: string;
} {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificate: { certificate: spki.toString('base64'), chain: [], serial: serialOfPublicKey(spki) },
    aesKey: randomBytes(32).toString('base64'),
  };
}

/** The counter after a receipt: standard and storno receipts add their sum, the others nothing. */
function turnoverAfter(request: TRksvReceiptRequest, state: TRksvChainState): number {
  const total = totalOf(request.amounts);
  if ((request.type === 'start' || request.type === 'null') && total !== 0)
    throw new RangeError(`a ${request.type} receipt has zero amounts`);
  return request.type === 'standard' || request.type === 'storno'
    ? state.turnoverCents + total
    : state.turnoverCents;
}

/**
 * The RKSV signer in software (the regulation's algorithm with the keys it is given). It keeps no state:
 * the counter and the previous receipt come in `state`, and the caller stores what comes back.
 */
export function rksvSimulator(options: TRksvSimulatorOptions): RksvSigner {
  const privateKey = createPrivateKey(options.privateKeyPem);
  const aesKey = Buffer.from(options.aesKey, 'base64');
  const counterBytes = options.counterBytes ?? defaultCounterBytes;
  return {
    kind: 'simulator',
    certificate: () => Promise.resolve(options.certificate),
    sign(request, state): Promise<TRksvSignedReceipt> {
      if ((request.type === 'start') !== (state.previousJws === null))
        throw new RangeError('the start receipt, and only it, comes without a previous receipt');
      const turnoverCents = turnoverAfter(request, state);
      const counterKey = { aesKey, cashBoxId: request.cashBoxId, receiptNumber: request.receiptNumber };
      const turnoverCounter =
        request.type === 'storno'
          ? stornoMarker
          : request.type === 'training'
            ? trainingMarker
            : encryptTurnover(turnoverCents, { ...counterKey, length: counterBytes });
      const payload = buildReceiptPayload({
        suite: simulatorSuite,
        cashBoxId: request.cashBoxId,
        receiptNumber: request.receiptNumber,
        issuedAt: request.issuedAt,
        amounts: request.amounts,
        turnoverCounter,
        certificateSerial: options.certificate.serial,
        chainValue: chainValueOf(state.previousJws, request.cashBoxId),
      });
      const deviceFailed = options.deviceFailed?.() ?? false;
      const compactJws = deviceFailed ? failedDeviceJws(payload) : signCompactJws(payload, privateKey);
      return Promise.resolve({
        compactJws,
        machineCode: machineCodeOf(compactJws),
        turnoverCents,
        deviceFailed,
        certificateSerial: options.certificate.serial,
      });
    },
  };
}
