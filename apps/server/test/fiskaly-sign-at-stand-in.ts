// A local stand-in for fiskaly SIGN AT (https://rksv.fiskaly.com/api/v1), built from its published API:
// `POST /auth` with the API key and secret gives a bearer token; `GET /signature-creation-unit/{id}`
// gives the unit's certificate; `PUT /cash-register/{id}/receipt/{receipt_id}` signs a receipt, once per
// receipt id, and answers with fiskaly's fields (`receipt_number`, `time_signature`,
// `cash_register_serial_number`, `qr_code_data`, ...). It signs with the project's RKSV simulator, so its
// answers verify; it records every request, and it can expire its tokens or play unavailable.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  TBucketAmounts,
  TRksvReceiptType,
  TRksvSignedReceipt,
} from '../src/integrations/fiscal/fiscal-types.ts';
import { zeroBucketAmounts } from '../src/integrations/fiscal/rksv/buckets.ts';
import { createSimulatorKeys, rksvSimulator } from '../src/integrations/fiscal/rksv/simulator.ts';

export type TRecordedRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
};

const receiptTypes: Record<string, TRksvReceiptType> = {
  INITIALIZATION: 'start',
  NORMAL: 'standard',
  CANCELLATION: 'storno',
  TRAINING: 'training',
  ZERO_RECEIPT: 'null',
};

const buckets: Record<string, keyof TBucketAmounts> = {
  STANDARD: 'normal',
  REDUCED_1: 'reduced1',
  REDUCED_2: 'reduced2',
  ZERO: 'zero',
  SPECIAL: 'special',
};

function centsOf(amount: string): number {
  const [euros, rest = '0'] = amount.replace('-', '').split('.');
  const cents = Number(euros) * 100 + Number(rest.padEnd(2, '0'));
  return amount.startsWith('-') ? -cents : cents;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Starts the stand-in on 127.0.0.1 with a free port; `url` is its base URL (…/api/v1). */
export async function startFiskalySignAtStandIn(credentials: { apiKey: string; apiSecret: string }) {
  const keys = createSimulatorKeys();
  const signer = rksvSimulator(keys);
  const cashBoxId = `fiskaly-${randomUUID().slice(0, 8)}`;
  const requests: TRecordedRequest[] = [];
  const tokens = new Set<string>();
  const receipts = new Map<string, Record<string, unknown>>();
  const chains = new Map<string, { previousJws: string | null; turnoverCents: number; count: number }>();
  let isUnavailable = false;

  async function signReceipt(cashRegisterId: string, receiptId: string, body: unknown) {
    const input = body as {
      receipt_type?: string;
      schema?: { standard_v1?: { amounts_per_vat_rate?: { vat_rate: string; amount: string }[] } };
    };
    const type = receiptTypes[input.receipt_type ?? ''];
    const lines = input.schema?.standard_v1?.amounts_per_vat_rate;
    if (!type || !Array.isArray(lines)) return null;
    const amounts = zeroBucketAmounts();
    for (const line of lines) {
      const bucket = buckets[line.vat_rate];
      if (!bucket || !/^-?\d+\.\d{2}$/.test(line.amount)) return null;
      amounts[bucket] += centsOf(line.amount);
    }
    // fiskaly makes a register's start receipt itself when it is initialised; here on its first receipt.
    if (!chains.has(cashRegisterId) && type !== 'start')
      await sign(cashRegisterId, 'start', zeroBucketAmounts());
    return sign(cashRegisterId, type, amounts, receiptId, input.receipt_type);
  }

  async function sign(
    cashRegisterId: string,
    type: TRksvReceiptType,
    amounts: TBucketAmounts,
    receiptId: string = randomUUID(),
    receiptType = 'INITIALIZATION',
  ) {
    const chain = chains.get(cashRegisterId) ?? { previousJws: null, turnoverCents: 0, count: 0 };
    const receiptNumber = String(chain.count + 1);
    const signed: TRksvSignedReceipt = await signer.sign(
      {
        cashBoxId,
        receiptNumber,
        issuedAt: new Date().toISOString().slice(0, 19),
        type,
        amounts,
      },
      chain,
    );
    chains.set(cashRegisterId, {
      previousJws: signed.compactJws,
      turnoverCents: signed.turnoverCents,
      count: chain.count + 1,
    });
    return {
      _id: receiptId,
      _type: 'RECEIPT',
      cash_register_id: cashRegisterId,
      cash_register_serial_number: cashBoxId,
      receipt_type: receiptType,
      receipt_number: receiptNumber,
      time_signature: Math.floor(Date.now() / 1000),
      qr_code_data: signed.machineCode,
      signed: !signed.deviceFailed,
    };
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '').replace(/^\/api\/v1/, '');
    const body = await readBody(request);
    requests.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body,
    });
    if (isUnavailable) return reply(response, 503, { error: 'Service Unavailable' });
    if (request.method === 'POST' && path === '/auth') {
      const given = body as { api_key?: string; api_secret?: string } | undefined;
      if (given?.api_key !== credentials.apiKey || given.api_secret !== credentials.apiSecret)
        return reply(response, 401, { status_code: 401, error: 'Unauthorized', code: 'E_UNAUTHORIZED' });
      const token = randomUUID();
      tokens.add(token);
      return reply(response, 200, {
        access_token: token,
        access_token_expires_in: 86400,
        token_type: 'Bearer',
      });
    }
    const token = request.headers.authorization?.replace(/^Bearer /, '');
    if (!token || !tokens.has(token))
      return reply(response, 401, { status_code: 401, error: 'Unauthorized', code: 'E_UNAUTHORIZED' });
    const unit = /^\/signature-creation-unit\/([\w-]+)$/.exec(path);
    if (request.method === 'GET' && unit)
      return reply(response, 200, {
        _id: unit[1],
        state: 'INITIALIZED',
        certificate: keys.certificate.certificate,
        certificate_serial_number: keys.certificate.serial,
      });
    const receipt = /^\/cash-register\/([\w-]+)\/receipt\/([\w-]+)$/.exec(path);
    if (request.method === 'PUT' && receipt) {
      const id = `${receipt[1]}/${receipt[2]}`;
      const known = receipts.get(id);
      if (known) return reply(response, 200, known);
      const signed = await signReceipt(receipt[1]!, receipt[2]!, body);
      if (!signed)
        return reply(response, 400, { status_code: 400, error: 'Bad Request', code: 'E_VALIDATION' });
      receipts.set(id, signed);
      return reply(response, 200, signed);
    }
    return reply(response, 404, { status_code: 404, error: 'Not Found' });
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => reply(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    requests,
    cashBoxId,
    aesKey: keys.aesKey,
    /** Forgets every token, as when they expire: the next call gets 401. */
    expireTokens: () => tokens.clear(),
    setUnavailable: (value: boolean) => {
      isUnavailable = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
