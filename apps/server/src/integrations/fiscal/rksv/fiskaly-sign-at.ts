import { createHash } from 'node:crypto';
import { AppError } from '../../../errors.ts';
import { requestOutbound, type TOutboundPolicy, type TOutboundResponse } from '../../../lib/outbound-url.ts';
import {
  FiscalUnavailableError,
  rksvBuckets,
  type RksvSigner,
  type TRksvBucket,
  type TRksvReceiptType,
  type TRksvSignedReceipt,
} from '../fiscal-types.ts';
import { isFailedDeviceJws, jwsHeader } from './jws.ts';
import { parseReceiptPayload, totalOf } from './receipt-code.ts';

export type TFiskalySignAtConfig = {
  /** `https://rksv.fiskaly.com/api/v1`, or a stand-in's address. */
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** The UUID of the cash register at fiskaly (made and initialised there once, with FinanzOnline). */
  cashRegisterId: string;
  /** The UUID of the signature creation unit the cash register signs with. */
  signatureCreationUnitId: string;
  policy: TOutboundPolicy;
};

/** fiskaly's receipt types for ours. */
const receiptTypes: Record<TRksvReceiptType, string> = {
  start: 'INITIALIZATION',
  standard: 'NORMAL',
  storno: 'CANCELLATION',
  training: 'TRAINING',
  null: 'ZERO_RECEIPT',
};

/** fiskaly's names of the five buckets (`vat_rate`). */
const vatRates: Record<TRksvBucket, string> = {
  normal: 'STANDARD',
  reduced1: 'REDUCED_1',
  reduced2: 'REDUCED_2',
  zero: 'ZERO',
  special: 'SPECIAL',
};

/** Cents as fiskaly's decimal strings: `"4.50"`, `"-0.47"`. */
function decimalOf(cents: number): string {
  const magnitude = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/**
 * The receipt's UUID at fiskaly, derived from the cash register and our receipt number: sending the same
 * receipt again after a lost answer names the same resource, and fiskaly signs it only once.
 */
export function fiskalyReceiptId(cashRegisterId: string, receiptNumber: string): string {
  const bytes = createHash('sha256').update(`${cashRegisterId}/${receiptNumber}`, 'utf8').digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The compact JWS behind a QR code's text (payload fields, then the signature in base64). */
function compactJwsOf(qrCodeData: string): string {
  const separator = qrCodeData.lastIndexOf('_');
  const payload = qrCodeData.slice(0, separator);
  const signature = Buffer.from(qrCodeData.slice(separator + 1), 'base64');
  return `${jwsHeader}.${Buffer.from(payload, 'utf8').toString('base64url')}.${signature.toString('base64url')}`;
}

/**
 * The RKSV signer of fiskaly SIGN AT: the signature, counter, chain, receipt number, time and cash box
 * id in the code are fiskaly's (its signature creation unit keeps them), so `state` serves only to carry
 * the register's own running total; fiskaly makes the start receipt itself when the register is
 * initialised. A token comes from `POST /auth` and is fetched again when fiskaly answers 401. An
 * unreachable service or a 5xx answer is `FiscalUnavailableError`: nothing was signed, and the same call may be
 * repeated, since the receipt's id is derived from its number.
 */
export function fiskalySignAt(config: TFiskalySignAtConfig): RksvSigner {
  let accessToken: string | null = null;

  async function send(method: string, path: string, body: unknown, token: string | null) {
    let response: TOutboundResponse;
    try {
      response = await requestOutbound(
        `${config.baseUrl}${path}`,
        {
          method,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          timeoutMs: 15_000,
        },
        config.policy,
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new FiscalUnavailableError(`fiskaly SIGN AT cannot be reached: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (response.status >= 500)
      throw new FiscalUnavailableError(`fiskaly SIGN AT answered ${response.status} to ${method} ${path}`);
    return response;
  }

  async function authenticate(): Promise<string> {
    const response = await send(
      'POST',
      '/auth',
      { api_key: config.apiKey, api_secret: config.apiSecret },
      null,
    );
    if (response.status !== 200) throw new Error(`fiskaly SIGN AT refused the API key (${response.status})`);
    const answer = JSON.parse(response.body) as { access_token?: unknown };
    if (typeof answer.access_token !== 'string') throw new Error('fiskaly SIGN AT gave no access token');
    accessToken = answer.access_token;
    return accessToken;
  }

  /** One authorised call; on 401 (an expired token) it authenticates again once and repeats it. */
  async function call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    let response = await send(method, path, body, accessToken ?? (await authenticate()));
    if (response.status === 401) response = await send(method, path, body, await authenticate());
    if (response.status < 200 || response.status > 299)
      throw new Error(`fiskaly SIGN AT answered ${response.status} to ${method} ${path}: ${response.body}`);
    return JSON.parse(response.body) as Record<string, unknown>;
  }

  return {
    kind: 'fiskaly',
    async certificate() {
      const unit = await call('GET', `/signature-creation-unit/${config.signatureCreationUnitId}`);
      if (typeof unit.certificate !== 'string' || typeof unit.certificate_serial_number !== 'string')
        throw new Error('fiskaly SIGN AT gave no certificate for the signature creation unit');
      return { certificate: unit.certificate, chain: [], serial: unit.certificate_serial_number };
    },
    async sign(request, state): Promise<TRksvSignedReceipt> {
      const receiptId = fiskalyReceiptId(config.cashRegisterId, request.receiptNumber);
      const answer = await call('PUT', `/cash-register/${config.cashRegisterId}/receipt/${receiptId}`, {
        receipt_type: receiptTypes[request.type],
        schema: {
          standard_v1: {
            amounts_per_vat_rate: rksvBuckets
              .filter((bucket) => request.amounts[bucket] !== 0)
              .map((bucket) => ({ vat_rate: vatRates[bucket], amount: decimalOf(request.amounts[bucket]) })),
          },
        },
      });
      if (typeof answer.qr_code_data !== 'string')
        throw new Error('fiskaly SIGN AT answered without qr_code_data');
      const compactJws = compactJwsOf(answer.qr_code_data);
      const counted = request.type === 'standard' || request.type === 'storno';
      return {
        compactJws,
        machineCode: answer.qr_code_data,
        turnoverCents: state.turnoverCents + (counted ? totalOf(request.amounts) : 0),
        deviceFailed: isFailedDeviceJws(compactJws),
        certificateSerial: parseReceiptPayload(answer.qr_code_data).certificateSerial,
      };
    },
  };
}
