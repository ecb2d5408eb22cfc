import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFiskalyStandIn, type TFiskalyStandIn } from '../../../../test/fiskaly-sign-de-stand-in.ts';
import { FiscalUnavailableError, type TTseTransactionRequest } from '../fiscal-types.ts';
import { fiskalySignDe } from './fiskaly-sign-de.ts';
import { readTseExport } from './tse-export.ts';
import { processDataOf, verifyTseTransaction } from './tse-signature.ts';

const tssId = '3f0c2e9a-7b1d-4c5e-9a8f-6d2b1e0c4a7d';
const clientId = 'c6b2a1f0-9e8d-4c7b-a6f5-e4d3c2b1a098';
const clientSerial = 'PMS-FRONT-DESK-1';
const credentials = { apiKey: 'test_key', apiSecret: 'test_secret' };

let clock: Date;
let standIn: TFiskalyStandIn;

beforeEach(async () => {
  clock = new Date('2026-05-04T08:15:30Z');
  standIn = await startFiskalyStandIn({
    ...credentials,
    tssId,
    clients: { [clientId]: clientSerial },
    now: () => clock,
    tokenLifetimeSeconds: 3_600,
    exportPollsUntilCompleted: 2,
  });
});

afterEach(() => standIn.close());

function client(overrides: { timeoutMs?: number } = {}) {
  return fiskalySignDe({
    ...credentials,
    tssId,
    baseUrl: standIn.url,
    now: () => clock,
    policy: { allowPrivateAddresses: true },
    exportPollMs: 1,
    ...overrides,
  });
}

function receipt(transactionId: string): TTseTransactionRequest {
  return {
    transactionId,
    clientId,
    receiptType: 'RECEIPT',
    amountsPerVatRate: [
      { vatRate: 'NORMAL', amount: '23.80' },
      { vatRate: 'REDUCED_1', amount: '107.00' },
    ],
    amountsPerPaymentType: [{ paymentType: 'NON_CASH', amount: '130.80' }],
  };
}

const routes = () =>
  standIn.requests.map(
    ({ method, path, query }) => `${method} ${path}${query.tx_revision ? ` r${query.tx_revision}` : ''}`,
  );

describe('fiskalySignDe', () => {
  it('authenticates, starts and finishes the transaction, and maps the answer', async () => {
    const txId = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const signed = await client().record(receipt(txId));
    expect(routes()).toEqual([
      'POST /api/v2/auth',
      `PUT /api/v2/tss/${tssId}/tx/${txId} r1`,
      `PUT /api/v2/tss/${tssId}/tx/${txId} r2`,
    ]);
    const [auth, start, finish] = standIn.requests;
    expect(auth!.body).toEqual({ api_key: 'test_key', api_secret: 'test_secret' });
    expect(start!.body).toEqual({ state: 'ACTIVE', client_id: clientId });
    expect(finish!.body).toEqual({
      state: 'FINISHED',
      client_id: clientId,
      schema: {
        standard_v1: {
          receipt: {
            receipt_type: 'RECEIPT',
            amounts_per_vat_rate: [
              { vat_rate: 'NORMAL', amount: '23.80' },
              { vat_rate: 'REDUCED_1', amount: '107.00' },
            ],
            amounts_per_payment_type: [{ payment_type: 'NON_CASH', amount: '130.80' }],
          },
        },
      },
    });
    expect(finish!.headers.authorization).toMatch(/^Bearer .+/);
    expect(signed).toMatchObject({
      transactionNumber: 1,
      signatureCounter: 2,
      startTime: '2026-05-04T08:15:30.000Z',
      endTime: '2026-05-04T08:15:30.000Z',
      serialNumber: standIn.serialNumber,
      publicKey: standIn.publicKey,
      signatureAlgorithm: 'ecdsa-plain-SHA384',
    });
    expect(signed.qrCodeData).toMatch(
      new RegExp(
        `^V0;${clientSerial};Kassenbeleg-V1;Beleg\\^23.80_107.00_0.00_0.00_0.00\\^130.80:Unbar;1;2;`,
      ),
    );
    expect(
      verifyTseTransaction(signed, { clientId: clientSerial, processData: processDataOf(receipt(txId)) }),
    ).toBe(true);
  });

  it('reuses the token while it lasts and renews it before it expires', async () => {
    const tse = client();
    await tse.record(receipt('11111111-1111-4111-8111-111111111111'));
    await tse.record(receipt('22222222-2222-4222-8222-222222222222'));
    expect(routes().filter((route) => route.includes('/auth'))).toHaveLength(1);
    const firstToken = standIn.requests[1]!.headers.authorization;
    expect(standIn.requests[4]!.headers.authorization).toBe(firstToken);
    clock = new Date(clock.getTime() + 3_590_000);
    await tse.record(receipt('33333333-3333-4333-8333-333333333333'));
    const renewal = standIn.requests.filter(({ path }) => path === '/api/v2/auth')[1]!;
    expect(renewal.body).toEqual({ refresh_token: expect.any(String) as string });
    expect(standIn.requests.at(-1)!.headers.authorization).not.toBe(firstToken);
  });

  it('authenticates again when fiskaly no longer takes the token', async () => {
    const tse = client();
    await tse.record(receipt('44444444-4444-4444-8444-444444444444'));
    standIn.revokeTokens();
    const signed = await tse.record(receipt('55555555-5555-4555-8555-555555555555'));
    expect(signed.transactionNumber).toBe(2);
    expect(routes().filter((route) => route.includes('/auth'))).toHaveLength(2);
  });

  it('says the TSE is unavailable on a 503 and on a dropped connection', async () => {
    const tse = client({ timeoutMs: 2_000 });
    standIn.fail('unavailable');
    await expect(tse.record(receipt('66666666-6666-4666-8666-666666666666'))).rejects.toBeInstanceOf(
      FiscalUnavailableError,
    );
    standIn.fail('drop');
    await expect(tse.record(receipt('66666666-6666-4666-8666-666666666666'))).rejects.toBeInstanceOf(
      FiscalUnavailableError,
    );
    standIn.fail(null);
    await expect(tse.record(receipt('66666666-6666-4666-8666-666666666666'))).resolves.toMatchObject({
      transactionNumber: 1,
    });
  });

  it('gets the same answer when a transaction is sent again', async () => {
    const tse = client();
    const first = await tse.record(receipt('abababab-abab-4bab-8bab-abababababab'));
    const again = await tse.record(receipt('abababab-abab-4bab-8bab-abababababab'));
    expect(again).toEqual(first);
  });

  it('is refused by the stand-in when revision 2 comes before revision 1', async () => {
    const tse = client();
    await tse.record(receipt('cdcdcdcd-cdcd-4dcd-8dcd-cdcdcdcdcdcd'));
    const token = standIn.requests[1]!.headers.authorization!;
    const response = await fetch(
      `${standIn.url}/api/v2/tss/${tssId}/tx/efefefef-efef-4fef-8fef-efefefefefef?tx_revision=2`,
      {
        method: 'PUT',
        headers: { authorization: token, 'content-type': 'application/json' },
        body: JSON.stringify({ state: 'FINISHED', client_id: clientId }),
      },
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'E_TX_NOT_FOUND' });
  });

  it('reports a refusal with fiskaly’s code, not as the TSE being unavailable', async () => {
    const error: unknown = await client()
      .record({
        ...receipt('77777777-7777-4777-8777-777777777777'),
        clientId: '00000000-0000-4000-8000-000000000000',
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(FiscalUnavailableError);
    expect((error as Error).message).toContain('E_CLIENT_NOT_FOUND');
  });

  it('triggers an export, waits for it and downloads the TAR of the range', async () => {
    const tse = client();
    await tse.record(receipt('88888888-8888-4888-8888-888888888888'));
    clock = new Date('2026-05-05T09:00:00Z');
    await tse.record(receipt('99999999-9999-4999-8999-999999999999'));
    const tar = await tse.exportTransactions({
      from: new Date('2026-05-05T00:00:00Z'),
      to: new Date('2026-05-05T23:59:59Z'),
    });
    const exportRoutes = routes().filter((route) => route.includes('/export/'));
    expect(exportRoutes.map((route) => route.replace(/export\/[^/]+/, 'export/:id'))).toEqual([
      `PUT /api/v2/tss/${tssId}/export/:id`,
      `GET /api/v2/tss/${tssId}/export/:id`,
      `GET /api/v2/tss/${tssId}/export/:id`,
      `GET /api/v2/tss/${tssId}/export/:id`,
      `GET /api/v2/tss/${tssId}/export/:id/file`,
    ]);
    const trigger = standIn.requests.find(
      ({ method, path }) => method === 'PUT' && path.includes('/export/'),
    )!;
    expect(trigger.query).toEqual({ start_date: '1777939200', end_date: '1778025599' });
    const logs = await readTseExport(tar);
    expect(logs.map(({ log }) => log.signed.transactionNumber)).toEqual([2]);
    expect(logs[0]!.isVerified).toBe(true);
  });
});
