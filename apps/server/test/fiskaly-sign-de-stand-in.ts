// A local stand-in for fiskaly SIGN DE v2 (kassensichv-middleware), built from fiskaly's published
// OpenAPI description (v2.1.35): authentication, transactions by revision, exports. It signs with the
// simulator's algorithm so its answers verify, records every request, and can be told to fail.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  TTsePaymentType,
  TTseTransactionRequest,
  TTseVatRate,
} from '../src/integrations/fiscal/fiscal-types.ts';
import { writeTseExport, type TTseStoredTransaction } from '../src/integrations/fiscal/tse/tse-export.ts';
import {
  createTseSimulatorKeys,
  processDataOf,
  publicPointOf,
  serialNumberOf,
  signTseTransaction,
  simulatorKeyOf,
  unixSeconds,
} from '../src/integrations/fiscal/tse/tse-signature.ts';

export type TRecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  body: unknown;
};

type TTransaction = {
  revision: number;
  number: number;
  clientId: string;
  state: 'ACTIVE' | 'FINISHED';
  timeStart: Date;
  /** The answer to each revision, given again when the revision is sent again. */
  answers: Record<number, Record<string, unknown>>;
};

type TReceipt = {
  receipt_type: 'RECEIPT' | 'INVOICE' | 'TRAINING';
  amounts_per_vat_rate: { vat_rate: TTseVatRate; amount: string }[];
  amounts_per_payment_type?: { payment_type: TTsePaymentType; amount: string }[];
};

export type TFiskalyStandIn = Awaited<ReturnType<typeof startFiskalyStandIn>>;

export async function startFiskalyStandIn(options: {
  apiKey: string;
  apiSecret: string;
  tssId: string;
  /** The registered clients: client id to the register's serial number (printed in the QR code). */
  clients: Record<string, string>;
  now: () => Date;
  /** fiskaly's tokens last a day; tests shorten it to see the renewal. */
  tokenLifetimeSeconds?: number;
  /** How many looks at an export find it still working before it is COMPLETED. */
  exportPollsUntilCompleted?: number;
}) {
  const key = simulatorKeyOf(createTseSimulatorKeys().privateKeyPem);
  const publicPoint = publicPointOf(key);
  const serialNumber = serialNumberOf(publicPoint);
  const requests: TRecordedRequest[] = [];
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const transactions = new Map<string, TTransaction>();
  const finished: TTseStoredTransaction[] = [];
  const exports = new Map<string, { from: number; to: number; polls: number }>();
  let counters = { transaction: 0, signature: 0 };
  let failure: 'unavailable' | 'drop' | null = null;

  function reply(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
  function refuse(response: ServerResponse, status: number, code: string, message: string): void {
    reply(response, status, { status_code: status, error: code, code, message });
  }

  function issueToken(): Record<string, unknown> {
    const lifetime = options.tokenLifetimeSeconds ?? 86_400;
    const accessToken = randomBytes(24).toString('base64url');
    const refreshToken = randomBytes(24).toString('base64url');
    const nowSeconds = unixSeconds(options.now());
    accessTokens.set(accessToken, nowSeconds + lifetime);
    refreshTokens.add(refreshToken);
    return {
      access_token: accessToken,
      access_token_claims: { env: 'TEST', organization_id: randomUUID() },
      access_token_expires_in: lifetime,
      access_token_expires_at: nowSeconds + lifetime,
      refresh_token: refreshToken,
      refresh_token_expires_in: lifetime * 2,
      refresh_token_expires_at: nowSeconds + lifetime * 2,
    };
  }

  function authenticate(body: Record<string, unknown>, response: ServerResponse): void {
    const byKey = body.api_key === options.apiKey && body.api_secret === options.apiSecret;
    const byRefresh = typeof body.refresh_token === 'string' && refreshTokens.delete(body.refresh_token);
    if (!byKey && !byRefresh) return refuse(response, 401, 'E_UNAUTHORIZED', 'invalid credentials');
    reply(response, 200, issueToken());
  }

  function upsertTransaction(
    txId: string,
    revision: number,
    body: { state?: string; client_id?: string; schema?: { standard_v1?: { receipt?: TReceipt } } },
    response: ServerResponse,
  ): void {
    const clientSerial = body.client_id ? options.clients[body.client_id] : undefined;
    if (!clientSerial) return refuse(response, 400, 'E_CLIENT_NOT_FOUND', 'no such client');
    const existing = transactions.get(txId);
    // A request sent again (its answer was lost) gets the answer it had: fiskaly's calls are idempotent.
    const earlier = existing?.answers[revision];
    if (earlier && earlier.state === body.state) return reply(response, 200, earlier);
    if (!existing && revision !== 1) return refuse(response, 404, 'E_TX_NOT_FOUND', `no transaction ${txId}`);
    if (existing && revision !== existing.revision + 1)
      return refuse(
        response,
        400,
        'E_TX_REVISION_NOT_FOUND',
        `the next revision is ${existing.revision + 1}`,
      );
    const now = options.now();
    const common = {
      tss_id: options.tssId,
      tss_serial_number: serialNumber,
      client_id: body.client_id,
      client_serial_number: clientSerial,
      revision,
      latest_revision: revision,
      _type: 'TRANSACTION',
      _id: txId,
      _env: 'TEST',
      _version: '2.1.35',
    };
    if (!existing) {
      if (body.state !== 'ACTIVE') return refuse(response, 400, 'E_FAILED_SCHEMA_VALIDATION', 'start ACTIVE');
      counters = { transaction: counters.transaction + 1, signature: counters.signature + 1 };
      const answer = {
        ...common,
        state: 'ACTIVE',
        number: counters.transaction,
        time_start: unixSeconds(now),
        log: { operation: 'Start', timestamp: unixSeconds(now), timestamp_format: 'unixTime' },
      };
      transactions.set(txId, {
        revision,
        number: counters.transaction,
        clientId: body.client_id!,
        state: 'ACTIVE',
        timeStart: now,
        answers: { [revision]: answer },
      });
      return reply(response, 200, answer);
    }
    const receipt = body.schema?.standard_v1?.receipt;
    if (existing.state !== 'ACTIVE' || body.state !== 'FINISHED' || !receipt)
      return refuse(
        response,
        400,
        'E_FAILED_SCHEMA_VALIDATION',
        'finish an ACTIVE transaction with a receipt',
      );
    const request: TTseTransactionRequest = {
      transactionId: txId,
      clientId: clientSerial,
      receiptType: receipt.receipt_type,
      amountsPerVatRate: receipt.amounts_per_vat_rate.map(({ vat_rate, amount }) => ({
        vatRate: vat_rate,
        amount,
      })),
      amountsPerPaymentType: (receipt.amounts_per_payment_type ?? []).map(({ payment_type, amount }) => ({
        paymentType: payment_type,
        amount,
      })),
    };
    counters = { ...counters, signature: counters.signature + 1 };
    const signed = signTseTransaction(key, {
      clientId: clientSerial,
      processData: processDataOf(request),
      transactionNumber: existing.number,
      signatureCounter: counters.signature,
      startTime: existing.timeStart,
      endTime: now,
    });
    finished.push({ request, signed });
    const answer = {
      ...common,
      state: 'FINISHED',
      number: existing.number,
      time_start: unixSeconds(existing.timeStart),
      time_end: unixSeconds(now),
      schema: body.schema,
      qr_code_data: signed.qrCodeData,
      log: { operation: 'Finish', timestamp: unixSeconds(now), timestamp_format: 'unixTime' },
      // fiskaly sends the counter as a number although its schema says string (its "known issues").
      signature: {
        value: signed.signature,
        algorithm: signed.signatureAlgorithm,
        counter: signed.signatureCounter,
        public_key: signed.publicKey,
      },
    };
    transactions.set(txId, {
      ...existing,
      revision,
      state: 'FINISHED',
      answers: { ...existing.answers, [revision]: answer },
    });
    reply(response, 200, answer);
  }

  async function handleExport(
    method: string,
    exportId: string,
    isFile: boolean,
    query: Record<string, string>,
    response: ServerResponse,
  ): Promise<void> {
    const existing = exports.get(exportId);
    if (method === 'PUT' && !isFile) {
      const from = Number(query.start_date ?? 0);
      const to = Number(query.end_date ?? Number.MAX_SAFE_INTEGER);
      exports.set(exportId, { from, to, polls: 0 });
      return reply(response, 200, {
        state: 'PENDING',
        time_request: unixSeconds(options.now()),
        _id: exportId,
      });
    }
    if (!existing || method !== 'GET') return refuse(response, 404, 'E_EXPORT_NOT_FOUND', 'no such export');
    const isCompleted = existing.polls >= (options.exportPollsUntilCompleted ?? 1);
    if (!isFile) {
      existing.polls += 1;
      return reply(response, 200, {
        state: isCompleted ? 'COMPLETED' : 'WORKING',
        _id: exportId,
        _type: 'EXPORT',
      });
    }
    if (!isCompleted) return refuse(response, 404, 'E_EXPORT_NOT_COMPLETED', 'the export is not completed');
    const inRange = finished.filter(({ signed }) => {
      const end = unixSeconds(new Date(signed.endTime));
      return end >= existing.from && end <= existing.to;
    });
    response.writeHead(200, { 'content-type': 'application/x-tar' }).end(await writeTseExport(inRange));
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(incoming.url ?? '/', 'http://stand-in');
    const method = incoming.method ?? 'GET';
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    requests.push({
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: incoming.headers,
      body,
    });
    if (failure === 'drop') return void incoming.socket.destroy();
    if (failure === 'unavailable') {
      response.setHeader('retry-after', '30');
      return refuse(response, 503, 'E_TSS_LOCKED', 'the TSS is in maintenance');
    }
    if (method === 'POST' && url.pathname === '/api/v2/auth') return authenticate(body ?? {}, response);
    const bearer = /^Bearer (.+)$/.exec(incoming.headers.authorization ?? '')?.[1];
    const expiresAt = bearer ? accessTokens.get(bearer) : undefined;
    if (expiresAt === undefined || expiresAt <= unixSeconds(options.now()))
      return refuse(response, 401, 'E_UNAUTHORIZED', 'missing, unknown or expired token');
    const tx = /^\/api\/v2\/tss\/([^/]+)\/tx\/([^/]+)$/.exec(url.pathname);
    const exportMatch = /^\/api\/v2\/tss\/([^/]+)\/export\/([^/]+)(\/file)?$/.exec(url.pathname);
    const tssId = tx?.[1] ?? exportMatch?.[1];
    if (tssId !== undefined && tssId !== options.tssId)
      return refuse(response, 404, 'E_TSS_NOT_FOUND', 'no such TSS');
    if (tx && method === 'PUT')
      return upsertTransaction(
        tx[2]!,
        Number(url.searchParams.get('tx_revision') ?? 1),
        body ?? {},
        response,
      );
    if (exportMatch)
      return handleExport(
        method,
        exportMatch[2]!,
        Boolean(exportMatch[3]),
        Object.fromEntries(url.searchParams),
        response,
      );
    refuse(response, 404, 'E_NOT_FOUND', `${method} ${url.pathname} is no route of the stand-in`);
  }

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch((error: Error) => refuse(response, 500, 'E_INTERNAL', error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    publicKey: publicPoint.toString('base64'),
    serialNumber,
    /** 503 to every request, drop every connection, or answer again. */
    fail(mode: 'unavailable' | 'drop' | null): void {
      failure = mode;
    },
    /** Forgets every token issued, as fiskaly does when a token is revoked. */
    revokeTokens(): void {
      accessTokens.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
