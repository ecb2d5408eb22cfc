import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TTseTransactionRequest } from '../fiscal-types.ts';
import { tseSimulator, type TTseCounters } from './simulator.ts';
import { readTseExport, type TTseStoredTransaction } from './tse-export.ts';
import { createTseSimulatorKeys, processDataOf, verifyTseTransaction } from './tse-signature.ts';

const keys = createTseSimulatorKeys();
const clientId = '5e1c7d0a-6a3b-4d8e-9f21-0b6c2a4e8d17';

function receipt(overrides: Partial<TTseTransactionRequest> = {}): TTseTransactionRequest {
  return {
    transactionId: '0b9d6f52-3c1e-4a7f-8e2d-5f4a3b2c1d0e',
    clientId,
    receiptType: 'RECEIPT',
    amountsPerVatRate: [
      { vatRate: 'NORMAL', amount: '11.90' },
      { vatRate: 'REDUCED_1', amount: '107.00' },
    ],
    amountsPerPaymentType: [
      { paymentType: 'CASH', amount: '18.90' },
      { paymentType: 'NON_CASH', amount: '100.00' },
    ],
    ...overrides,
  };
}

/** A register's row: the numbers it hands out and the transactions stored with their answers. */
function registerRow(first: TTseCounters) {
  let counters = first;
  const stored: TTseStoredTransaction[] = [];
  return {
    stored,
    state: {
      next: () => {
        const current = counters;
        counters = {
          transactionNumber: current.transactionNumber + 1,
          signatureCounter: current.signatureCounter + 2,
        };
        return Promise.resolve(current);
      },
      transactions: ({ from, to }: { from: Date; to: Date }) =>
        Promise.resolve(
          stored.filter(({ signed }) => new Date(signed.endTime) >= from && new Date(signed.endTime) <= to),
        ),
    },
  };
}

describe('processDataOf', () => {
  it('writes the receipt as DSFinV-K does: five VAT amounts, then the payments', () => {
    expect(processDataOf(receipt())).toBe('Beleg^11.90_107.00_0.00_0.00_0.00^18.90:Bar_100.00:Unbar');
    expect(
      processDataOf(
        receipt({
          receiptType: 'TRAINING',
          amountsPerVatRate: [{ vatRate: 'NULL', amount: '-5.00' }],
          amountsPerPaymentType: [{ paymentType: 'CASH', amount: '-5.00' }],
        }),
      ),
    ).toBe('AVTraining^0.00_0.00_0.00_0.00_-5.00^-5.00:Bar');
  });
});

describe('tseSimulator', () => {
  const at = new Date('2026-03-14T09:26:53.589Z');

  it('signs with the counters it is given, and the signature verifies', async () => {
    const row = registerRow({ transactionNumber: 41, signatureCounter: 130 });
    const tse = tseSimulator(keys, () => at, row.state);
    const first = await tse.record(receipt());
    const second = await tse.record(receipt());
    expect([first.transactionNumber, first.signatureCounter]).toEqual([41, 130]);
    expect([second.transactionNumber, second.signatureCounter]).toEqual([42, 132]);
    const signed = { clientId, processData: processDataOf(receipt()) };
    expect(verifyTseTransaction(first, signed)).toBe(true);
    expect(verifyTseTransaction(second, signed)).toBe(true);
    expect(first.signatureAlgorithm).toBe('ecdsa-plain-SHA384');
    expect(Buffer.from(first.signature, 'base64')).toHaveLength(96);
    const publicKey = Buffer.from(first.publicKey, 'base64');
    expect(publicKey).toHaveLength(97);
    expect(first.serialNumber).toBe(createHash('sha256').update(publicKey).digest('hex'));
  });

  it('builds the QR code text of DSFinV-K Anhang I', async () => {
    const tse = tseSimulator(
      keys,
      () => at,
      registerRow({ transactionNumber: 7, signatureCounter: 19 }).state,
    );
    const signed = await tse.record(receipt());
    const fields = signed.qrCodeData.split(';');
    expect(fields).toHaveLength(12);
    expect(fields.slice(0, 10)).toEqual([
      'V0',
      clientId,
      'Kassenbeleg-V1',
      'Beleg^11.90_107.00_0.00_0.00_0.00^18.90:Bar_100.00:Unbar',
      '7',
      '19',
      '2026-03-14T09:26:53.000Z',
      '2026-03-14T09:26:53.000Z',
      'ecdsa-plain-SHA384',
      'unixTime',
    ]);
    expect(fields[10]).toBe(signed.signature);
    expect(fields[11]).toBe(signed.publicKey);
    expect([signed.startTime, signed.endTime]).toEqual([
      '2026-03-14T09:26:53.000Z',
      '2026-03-14T09:26:53.000Z',
    ]);
  });

  it('is found out when the process data or the counters change', async () => {
    const tse = tseSimulator(
      keys,
      () => at,
      registerRow({ transactionNumber: 1, signatureCounter: 1 }).state,
    );
    const signed = await tse.record(receipt());
    const processData = processDataOf(receipt());
    expect(
      verifyTseTransaction(signed, { clientId, processData: processData.replace('11.90', '1.90') }),
    ).toBe(false);
    expect(verifyTseTransaction({ ...signed, signatureCounter: 2 }, { clientId, processData })).toBe(false);
    const otherKey = tseSimulator(
      createTseSimulatorKeys(),
      () => at,
      registerRow({ transactionNumber: 1, signatureCounter: 1 }).state,
    );
    const forged = await otherKey.record(receipt());
    expect(verifyTseTransaction({ ...signed, signature: forged.signature }, { clientId, processData })).toBe(
      false,
    );
  });

  it('refuses a key that is not P-384', () => {
    const state = registerRow({ transactionNumber: 1, signatureCounter: 1 }).state;
    expect(() => tseSimulator({ privateKeyPem: 'not a key' }, () => at, state)).toThrow();
  });

  it('exports the transactions of a range as a TAR of verifying logs', async () => {
    const row = registerRow({ transactionNumber: 1, signatureCounter: 1 });
    let clock = new Date('2026-03-01T10:00:00Z');
    const tse = tseSimulator(keys, () => clock, row.state);
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-03']) {
      clock = new Date(`${day}T10:00:00Z`);
      const request = receipt();
      row.stored.push({ request, signed: await tse.record(request) });
    }
    const tar = await tse.exportTransactions({
      from: new Date('2026-03-02T00:00:00Z'),
      to: new Date('2026-03-03T23:59:59Z'),
    });
    expect(tar.subarray(257, 262).toString()).toBe('ustar');
    const logs = await readTseExport(tar);
    expect(logs.map(({ log }) => log.signed.transactionNumber)).toEqual([2, 3]);
    expect(logs.every(({ isVerified }) => isVerified)).toBe(true);
    expect(logs[0]!.name).toBe(`Unixt_1772445600_Sig-3_Log-Tra_No-2_Finish_Client-${clientId}.log`);
  });
});
