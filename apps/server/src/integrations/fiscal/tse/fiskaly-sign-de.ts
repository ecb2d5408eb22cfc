import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../../errors.ts';
import { requestOutbound, type TOutboundPolicy, type TOutboundResponse } from '../../../lib/outbound-url.ts';
import { FiscalUnavailableError, type TseClient, type TTseSignedTransaction } from '../fiscal-types.ts';

export type TFiskalySignDeOptions = {
  apiKey: string;
  apiSecret: string;
  /** The TSS (fiskaly's cloud TSE) the register's client is registered at. */
  tssId: string;
  /** https://kassensichv-middleware.fiskaly.com unless given (a stand-in in tests). */
  baseUrl?: string;
  now: () => Date;
  policy: TOutboundPolicy;
  /** Per call; a call that takes longer counts as the TSE being unreachable. */
  timeoutMs?: number;
  /** Between two looks at a running export (fiskaly allows 12 a minute). */
  exportPollMs?: number;
  /** How long an export may take before the call gives up. */
  exportTimeoutMs?: number;
};

const defaultBaseUrl = 'https://kassensichv-middleware.fiskaly.com';
/** A token is renewed this long before fiskaly says it expires, so no call goes out with a stale one. */
const tokenMarginMs = 60_000;
const largestExportBytes = 512 * 1024 * 1024;

type TToken = { accessToken: string; expiresAt: number; refreshToken: string | null; refreshUntil: number };

/** fiskaly's answer to a finished transaction (SIGN DE v2, TxResponse): instants are unix seconds. */
type TFiskalyTransaction = {
  number: number;
  time_start: number;
  time_end: number;
  tss_serial_number: string;
  qr_code_data: string;
  signature: { value: string; algorithm: string; counter: number | string; public_key: string };
};

type TFiskalyExport = {
  state: 'PENDING' | 'WORKING' | 'COMPLETED' | 'CANCELLED' | 'ERROR';
  exception?: string;
};

/**
 * fiskaly SIGN DE v2, a certified cloud TSE: each receipt is a transaction started (revision 1, ACTIVE)
 * and finished (revision 2, FINISHED, with the receipt's amounts in the `standard_v1` schema), and
 * its answer is what the receipt prints. A call fiskaly does not answer, answers late, or answers with
 * 5xx or 429 throws `FiscalUnavailableError` (the receipt then says the TSE failed); any other refusal
 * is an error with fiskaly's code and message. Both calls are idempotent at fiskaly, so a caller may
 * retry a transaction with the same id.
 */
export function fiskalySignDe(options: TFiskalySignDeOptions): TseClient {
  const baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const tssPath = `/api/v2/tss/${encodeURIComponent(options.tssId)}`;
  let token: TToken | null = null;
  let authenticating: Promise<TToken> | null = null;

  async function send(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
    maxBytes?: number,
  ): Promise<TOutboundResponse> {
    try {
      return await requestOutbound(
        `${baseUrl}${path}`,
        {
          method,
          headers: { accept: 'application/json', ...headers, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          timeoutMs,
          ...(maxBytes ? { maxBytes } : {}),
        },
        options.policy,
      );
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new FiscalUnavailableError(`fiskaly cannot be reached: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  function failure(response: TOutboundResponse, what: string): Error {
    const answer = parse(response.body) as { code?: string; message?: string } | null;
    const detail = [answer?.code, answer?.message].filter(Boolean).join(': ') || response.body.slice(0, 200);
    const message = `fiskaly answered ${response.status} to ${what}${detail ? ` (${detail})` : ''}`;
    return response.status >= 500 || response.status === 429
      ? new FiscalUnavailableError(message)
      : new Error(message);
  }

  async function authenticate(): Promise<TToken> {
    const nowMs = options.now().getTime();
    const canRefresh = token?.refreshToken && token.refreshUntil - tokenMarginMs > nowMs;
    const credentials = canRefresh
      ? { refresh_token: token!.refreshToken }
      : { api_key: options.apiKey, api_secret: options.apiSecret };
    let response = await send('POST', '/api/v2/auth', credentials, {});
    if (canRefresh && response.status === 401)
      response = await send(
        'POST',
        '/api/v2/auth',
        { api_key: options.apiKey, api_secret: options.apiSecret },
        {},
      );
    if (response.status !== 200) throw failure(response, 'the authentication');
    const answer = parse(response.body) as {
      access_token: string;
      access_token_expires_at?: number;
      access_token_expires_in?: number;
      refresh_token?: string;
      refresh_token_expires_at?: number;
    };
    return {
      accessToken: answer.access_token,
      expiresAt: expiryOf(answer.access_token_expires_at, answer.access_token_expires_in, nowMs),
      refreshToken: answer.refresh_token ?? null,
      refreshUntil: answer.refresh_token_expires_at ? answer.refresh_token_expires_at * 1000 : 0,
    };
  }

  /** The access token, renewed once for all calls waiting on it when it is about to expire. */
  async function accessToken(renew = false): Promise<string> {
    if (!renew && token && token.expiresAt - tokenMarginMs > options.now().getTime())
      return token.accessToken;
    authenticating ??= authenticate().finally(() => {
      authenticating = null;
    });
    token = await authenticating;
    return token.accessToken;
  }

  /** A call with the bearer token; a 401 (a token revoked early) renews it and tries once more. */
  async function call(
    method: string,
    path: string,
    body?: unknown,
    maxBytes?: number,
  ): Promise<TOutboundResponse> {
    const response = await send(
      method,
      path,
      body,
      { authorization: `Bearer ${await accessToken()}` },
      maxBytes,
    );
    if (response.status !== 401) return response;
    return send(method, path, body, { authorization: `Bearer ${await accessToken(true)}` }, maxBytes);
  }

  async function callJson<T>(method: string, path: string, what: string, body?: unknown): Promise<T> {
    const response = await call(method, path, body);
    if (response.status < 200 || response.status > 299) throw failure(response, what);
    const answer = parse(response.body);
    if (answer === null) throw new FiscalUnavailableError(`fiskaly's answer to ${what} is no JSON`);
    return answer as T;
  }

  return {
    kind: 'fiskaly',
    record: async (request) => {
      const txPath = `${tssPath}/tx/${encodeURIComponent(request.transactionId)}`;
      await callJson(`PUT`, `${txPath}?tx_revision=1`, 'the start of the transaction', {
        state: 'ACTIVE',
        client_id: request.clientId,
      });
      const finished = await callJson<TFiskalyTransaction>(
        'PUT',
        `${txPath}?tx_revision=2`,
        'the end of the transaction',
        {
          state: 'FINISHED',
          client_id: request.clientId,
          schema: {
            standard_v1: {
              receipt: {
                receipt_type: request.receiptType,
                amounts_per_vat_rate: request.amountsPerVatRate.map(({ vatRate, amount }) => ({
                  vat_rate: vatRate,
                  amount,
                })),
                amounts_per_payment_type: request.amountsPerPaymentType.map(({ paymentType, amount }) => ({
                  payment_type: paymentType,
                  amount,
                })),
              },
            },
          },
        },
      );
      return signedTransactionOf(finished);
    },
    exportTransactions: async (range) => {
      const exportPath = `${tssPath}/export/${randomUUID()}`;
      const query = new URLSearchParams({
        start_date: String(Math.floor(range.from.getTime() / 1000)),
        end_date: String(Math.floor(range.to.getTime() / 1000)),
      });
      await callJson('PUT', `${exportPath}?${query.toString()}`, 'the export request', {});
      const deadline = Date.now() + (options.exportTimeoutMs ?? 30 * 60_000);
      for (;;) {
        const state = await callJson<TFiskalyExport>('GET', exportPath, 'the export state');
        if (state.state === 'COMPLETED') break;
        if (state.state === 'ERROR' || state.state === 'CANCELLED')
          throw new Error(
            `fiskaly's export ended ${state.state}${state.exception ? ` (${state.exception})` : ''}`,
          );
        if (Date.now() > deadline)
          throw new FiscalUnavailableError("fiskaly's export did not complete in time");
        await sleep(options.exportPollMs ?? 5_000);
      }
      const file = await call('GET', `${exportPath}/file`, undefined, largestExportBytes);
      if (file.status !== 200) throw failure(file, 'the export download');
      return file.bytes;
    },
  };
}

/** fiskaly's answer as the receipt prints it; the counter comes as a number or a string (a known issue). */
function signedTransactionOf(answer: TFiskalyTransaction): TTseSignedTransaction {
  return {
    transactionNumber: answer.number,
    signatureCounter: Number(answer.signature.counter),
    startTime: new Date(answer.time_start * 1000).toISOString(),
    endTime: new Date(answer.time_end * 1000).toISOString(),
    serialNumber: answer.tss_serial_number,
    signatureAlgorithm: answer.signature.algorithm,
    signature: answer.signature.value,
    publicKey: answer.signature.public_key,
    qrCodeData: answer.qr_code_data,
  };
}

function expiryOf(expiresAt: number | undefined, expiresIn: number | undefined, nowMs: number): number {
  if (expiresAt) return expiresAt * 1000;
  return nowMs + (expiresIn ?? 0) * 1000;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
