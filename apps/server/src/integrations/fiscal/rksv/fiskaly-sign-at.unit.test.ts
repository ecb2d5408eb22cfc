import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFiskalySignAtStandIn } from '../../../../test/fiskaly-sign-at-stand-in.ts';
import { FiscalUnavailableError, type TRksvReceiptRequest } from '../fiscal-types.ts';
import { zeroBucketAmounts } from './buckets.ts';
import { depText, type TDep } from './dep.ts';
import { fiskalyReceiptId, fiskalySignAt } from './fiskaly-sign-at.ts';
import { verifyDep } from './verifier.ts';

const credentials = { apiKey: 'test_key', apiSecret: 'test_secret' };
const cashRegisterId = '0b6b8a4e-8f1a-4c7e-9c55-5f7d3b2a1c00';
const unitId = '7d1d2c3b-4a5f-4e6d-8c7b-9a0f1e2d3c4b';

let standIn: Awaited<ReturnType<typeof startFiskalySignAtStandIn>>;
beforeEach(async () => {
  standIn = await startFiskalySignAtStandIn(credentials);
});
afterEach(() => standIn.close());

const signerFor = (baseUrl: string) =>
  fiskalySignAt({
    baseUrl,
    ...credentials,
    cashRegisterId,
    signatureCreationUnitId: unitId,
    policy: { allowPrivateAddresses: true },
  });

const request = (
  receiptNumber: string,
  overrides: Partial<TRksvReceiptRequest> = {},
): TRksvReceiptRequest => ({
  cashBoxId: 'KASSE-1',
  receiptNumber,
  issuedAt: '2026-03-11T12:00:00',
  type: 'standard',
  amounts: { ...zeroBucketAmounts(), normal: 450, reduced1: 12000 },
  ...overrides,
});

describe('the fiskaly SIGN AT adapter', () => {
  it('authenticates, then signs with the receipt’s type and amounts per VAT rate', async () => {
    const signer = signerFor(standIn.url);
    const signed = await signer.sign(request('2026-1'), { previousJws: null, turnoverCents: 100 });

    const [auth, put] = standIn.requests;
    expect(auth).toMatchObject({
      method: 'POST',
      path: '/auth',
      body: { api_key: 'test_key', api_secret: 'test_secret' },
    });
    expect(put).toMatchObject({
      method: 'PUT',
      path: `/cash-register/${cashRegisterId}/receipt/${fiskalyReceiptId(cashRegisterId, '2026-1')}`,
      contentType: 'application/json',
      body: {
        receipt_type: 'NORMAL',
        schema: {
          standard_v1: {
            amounts_per_vat_rate: [
              { vat_rate: 'STANDARD', amount: '4.50' },
              { vat_rate: 'REDUCED_1', amount: '120.00' },
            ],
          },
        },
      },
    });
    expect(put?.authorization).toMatch(/^Bearer .+/);
    expect(signed.machineCode).toContain('_4,50_120,00_0,00_0,00_0,00_');
    expect(signed).toMatchObject({ turnoverCents: 12550, deviceFailed: false });
  });

  it('maps storno, training and null receipts to fiskaly’s types, negative amounts with a minus sign', async () => {
    const signer = signerFor(standIn.url);
    const state = { previousJws: null, turnoverCents: 0 };
    await signer.sign(
      request('1', { type: 'storno', amounts: { ...zeroBucketAmounts(), normal: -47 } }),
      state,
    );
    await signer.sign(request('2', { type: 'training' }), state);
    await signer.sign(request('3', { type: 'null', amounts: zeroBucketAmounts() }), state);
    const bodies = standIn.requests
      .filter((recorded) => recorded.method === 'PUT')
      .map((recorded) => recorded.body);
    expect(bodies).toEqual([
      {
        receipt_type: 'CANCELLATION',
        schema: { standard_v1: { amounts_per_vat_rate: [{ vat_rate: 'STANDARD', amount: '-0.47' }] } },
      },
      expect.objectContaining({ receipt_type: 'TRAINING' }),
      { receipt_type: 'ZERO_RECEIPT', schema: { standard_v1: { amounts_per_vat_rate: [] } } },
    ]);
  });

  it('gives receipts whose DEP verifies with the unit’s certificate', async () => {
    const signer = signerFor(standIn.url);
    const certificate = await signer.certificate();
    const entries = [];
    for (const [number, type] of [
      ['1', 'start'],
      ['2', 'standard'],
      ['3', 'null'],
    ] as const) {
      const amounts = type === 'standard' ? request(number).amounts : zeroBucketAmounts();
      const signed = await signer.sign(request(number, { type, amounts }), {
        previousJws: null,
        turnoverCents: 0,
      });
      entries.push({ compactJws: signed.compactJws, certificate });
    }
    const dep = JSON.parse(await depText(entries)) as TDep;
    expect(verifyDep(dep, { aesKey: standIn.aesKey, cashBoxId: standIn.cashBoxId })).toEqual([]);
  });

  it('asks for a new token when the old one has expired', async () => {
    const signer = signerFor(standIn.url);
    await signer.sign(request('1'), { previousJws: null, turnoverCents: 0 });
    standIn.expireTokens();
    await signer.sign(request('2'), { previousJws: null, turnoverCents: 0 });
    expect(standIn.requests.map((recorded) => `${recorded.method} ${recorded.path.split('/')[1]}`)).toEqual([
      'POST auth',
      'PUT cash-register',
      'PUT cash-register',
      'POST auth',
      'PUT cash-register',
    ]);
    const puts = standIn.requests.filter((recorded) => recorded.method === 'PUT');
    expect(puts[1]?.authorization).not.toBe(puts[2]?.authorization);
  });

  it('sends a repeated receipt to the same resource, which fiskaly signs once', async () => {
    const signer = signerFor(standIn.url);
    const first = await signer.sign(request('7'), { previousJws: null, turnoverCents: 0 });
    const again = await signer.sign(request('7'), { previousJws: null, turnoverCents: 0 });
    expect(again.compactJws).toBe(first.compactJws);
  });

  it('is unavailable on a 5xx answer and when nothing listens', async () => {
    const signer = signerFor(standIn.url);
    standIn.setUnavailable(true);
    await expect(signer.sign(request('1'), { previousJws: null, turnoverCents: 0 })).rejects.toBeInstanceOf(
      FiscalUnavailableError,
    );
    const closed = await startFiskalySignAtStandIn(credentials);
    await closed.close();
    await expect(
      signerFor(closed.url).sign(request('1'), { previousJws: null, turnoverCents: 0 }),
    ).rejects.toBeInstanceOf(FiscalUnavailableError);
  });

  it('refuses wrong credentials without calling it unavailable', async () => {
    const signer = fiskalySignAt({
      baseUrl: standIn.url,
      apiKey: 'wrong',
      apiSecret: 'wrong',
      cashRegisterId,
      signatureCreationUnitId: unitId,
      policy: { allowPrivateAddresses: true },
    });
    const failure = await signer
      .sign(request('1'), { previousJws: null, turnoverCents: 0 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(FiscalUnavailableError);
  });
});
