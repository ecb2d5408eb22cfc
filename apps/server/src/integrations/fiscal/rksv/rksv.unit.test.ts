import { createHash, createPrivateKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UnknownTaxRateError } from '../fiscal-types.ts';
import { bucketAmountsOf, bucketOf } from './buckets.ts';
import { chainValueOf } from './chain.ts';
import { depChunks, depText, type TDep } from './dep.ts';
import {
  failedDeviceJws,
  isFailedDeviceJws,
  machineCodeOf,
  payloadOf,
  signCompactJws,
  verifyCompactJws,
} from './jws.ts';
import { buildReceiptPayload, formatAmount, parseAmount, parseReceiptPayload } from './receipt-code.ts';
import { createSimulatorKeys, rksvSimulator } from './simulator.ts';
import {
  counterIv,
  decryptTurnover,
  encryptTurnover,
  stornoMarker,
  trainingMarker,
} from './turnover-counter.ts';

const aesKey = Buffer.from('WQRtiiya3hYh/Uz44Bv3x8ETl1nrH6nCdErn69g5/lU=', 'base64');

describe('the tax buckets', () => {
  it('maps the Austrian rates to their buckets', () => {
    expect(bucketOf(20, '2026-03-01')).toBe('normal');
    expect(bucketOf(10, '2026-03-01')).toBe('reduced1');
    expect(bucketOf(13, '2026-03-01')).toBe('reduced2');
    expect(bucketOf(0, '2026-03-01')).toBe('zero');
    expect(bucketOf(19, '2026-03-01')).toBe('special');
  });

  it('knows the 4.9 % food rate from 1 July 2026 only', () => {
    expect(() => bucketOf(4.9, '2026-06-30T23:59:59')).toThrow(UnknownTaxRateError);
    expect(bucketOf(4.9, '2026-07-01T00:00:00')).toBe('special');
    expect(() => bucketOf(7, '2026-07-01')).toThrow(UnknownTaxRateError);
  });

  it('sums a receipt’s shares per bucket', () => {
    expect(
      bucketAmountsOf(
        [
          { taxPercentage: 10, grossAmount: 12000 },
          { taxPercentage: 20, grossAmount: 450 },
          { taxPercentage: 10, grossAmount: 500 },
          { taxPercentage: 4.9, grossAmount: 199 },
        ],
        '2026-07-02',
      ),
    ).toEqual({ normal: 450, reduced1: 12500, reduced2: 0, zero: 0, special: 199 });
  });
});

describe('the machine-readable code', () => {
  it('writes 120.00 at 10 % and 4.50 at 20 % into the normal and reduced-1 fields', () => {
    const payload = buildReceiptPayload({
      suite: 'R1-AT0',
      cashBoxId: 'KASSE-1',
      receiptNumber: '2026-0001',
      issuedAt: '2026-03-11T12:00:00',
      amounts: bucketAmountsOf(
        [
          { taxPercentage: 10, grossAmount: 12000 },
          { taxPercentage: 20, grossAmount: 450 },
        ],
        '2026-03-11',
      ),
      turnoverCounter: 'AAAAAAAAAAA=',
      certificateSerial: '1a2b3c',
      chainValue: 'q83vEjRWeJA=',
    });
    expect(payload).toContain('_4,50_120,00_0,00_0,00_0,00_');
    expect(payload).toBe(
      '_R1-AT0_KASSE-1_2026-0001_2026-03-11T12:00:00_4,50_120,00_0,00_0,00_0,00_AAAAAAAAAAA=_1a2b3c_q83vEjRWeJA=',
    );
    expect(parseReceiptPayload(payload).amounts).toEqual({
      normal: 450,
      reduced1: 12000,
      reduced2: 0,
      zero: 0,
      special: 0,
    });
  });

  it('writes amounts with a comma, two decimals and a minus sign', () => {
    expect([formatAmount(0), formatAmount(5), formatAmount(-47), formatAmount(123456)]).toEqual([
      '0,00',
      '0,05',
      '-0,47',
      '1234,56',
    ]);
    expect([parseAmount('-0,47'), parseAmount('1234,56')]).toEqual([-47, 123456]);
    expect(() => parseAmount('4.50')).toThrow(SyntaxError);
  });

  it('refuses a field holding the separator', () => {
    expect(() =>
      buildReceiptPayload({
        suite: 'R1-AT0',
        cashBoxId: 'KASSE_1',
        receiptNumber: '1',
        issuedAt: '2026-03-11T12:00:00',
        amounts: { normal: 0, reduced1: 0, reduced2: 0, zero: 0, special: 0 },
        turnoverCounter: 'AAAAAAAAAAA=',
        certificateSerial: '1',
        chainValue: 'x',
      }),
    ).toThrow(SyntaxError);
  });
});

describe('the turnover counter', () => {
  const key = { aesKey, cashBoxId: 'CASHBOX-DEMO-1', receiptNumber: 'CASHBOX-DEMO-1-Receipt-ID-7' };

  it('derives the IV from SHA-256 over cash box id and receipt number', () => {
    const expected = createHash('sha256')
      .update('CASHBOX-DEMO-1CASHBOX-DEMO-1-Receipt-ID-7')
      .digest()
      .subarray(0, 16);
    expect(counterIv(key.cashBoxId, key.receiptNumber)).toEqual(expected);
  });

  it('decrypts what it encrypts, negative values and other lengths too', () => {
    for (const [cents, length] of [
      [0, 8],
      [12450, 8],
      [-4711, 8],
      [987654321, 5],
      [-1, 16],
    ] as const) {
      const encrypted = encryptTurnover(cents, { ...key, length });
      expect(Buffer.from(encrypted, 'base64')).toHaveLength(length);
      expect(decryptTurnover(encrypted, key)).toBe(cents);
    }
  });

  it('encrypts differently per receipt number', () => {
    expect(encryptTurnover(100, key)).not.toBe(encryptTurnover(100, { ...key, receiptNumber: 'other' }));
    expect(decryptTurnover(encryptTurnover(100, key), { ...key, receiptNumber: 'other' })).not.toBe(100);
  });

  it('has the STO and TRA markers in base64', () => {
    expect([stornoMarker, trainingMarker]).toEqual(['U1RP', 'VFJB']);
  });
});

describe('the chain and the signature', () => {
  it('chains the start receipt to the cash box id and the next to the previous JWS', () => {
    const fromCashBox = createHash('sha256').update('KASSE-1').digest().subarray(0, 8).toString('base64');
    expect(chainValueOf(null, 'KASSE-1')).toBe(fromCashBox);
    const fromJws = createHash('sha256').update('a.b.c').digest().subarray(0, 8).toString('base64');
    expect(chainValueOf('a.b.c', 'KASSE-1')).toBe(fromJws);
  });

  it('signs ES256 with a 64-byte r‖s signature and verifies it', () => {
    const keys = createSimulatorKeys();
    const privateKey = createPrivateKey(keys.privateKeyPem);
    const jws = signCompactJws('_R1-AT0_payload', privateKey);
    const [header, , signature] = jws.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'ES256' });
    expect(Buffer.from(signature!, 'base64url')).toHaveLength(64);
    expect(verifyCompactJws(jws, privateKey)).toBe(true);
    expect(payloadOf(jws)).toBe('_R1-AT0_payload');
  });

  it('marks a failed device’s receipt in place of the signature', () => {
    const jws = failedDeviceJws('_R1-AT0_payload');
    expect(Buffer.from(jws.split('.')[2]!, 'base64url').toString()).toBe(
      'Sicherheitseinrichtung ausgefallen',
    );
    expect(isFailedDeviceJws(jws)).toBe(true);
  });
});

describe('the simulator', () => {
  it('signs a receipt whose QR text verifies and whose counter decrypts to the new total', async () => {
    const keys = createSimulatorKeys();
    const signer = rksvSimulator(keys);
    const amounts = { normal: 450, reduced1: 12000, reduced2: 0, zero: 0, special: 0 };
    const start = await signer.sign(
      {
        cashBoxId: 'K1',
        receiptNumber: '1',
        issuedAt: '2026-03-11T08:00:00',
        type: 'start',
        amounts: { ...amounts, normal: 0, reduced1: 0 },
      },
      { previousJws: null, turnoverCents: 0 },
    );
    const sale = await signer.sign(
      { cashBoxId: 'K1', receiptNumber: '2', issuedAt: '2026-03-11T08:05:00', type: 'standard', amounts },
      { previousJws: start.compactJws, turnoverCents: start.turnoverCents },
    );
    expect(sale.turnoverCents).toBe(12450);
    expect(sale.machineCode).toContain('_4,50_120,00_0,00_0,00_0,00_');
    const fields = sale.machineCode.split('_');
    const rebuilt = `eyJhbGciOiJFUzI1NiJ9.${Buffer.from(fields.slice(0, 13).join('_')).toString('base64url')}.${Buffer.from(fields[13]!, 'base64').toString('base64url')}`;
    expect(rebuilt).toBe(sale.compactJws);
    expect(verifyCompactJws(rebuilt, createPrivateKey(keys.privateKeyPem))).toBe(true);
    const code = parseReceiptPayload(sale.machineCode);
    expect(code.chainValue).toBe(chainValueOf(start.compactJws, 'K1'));
    expect(code.certificateSerial).toBe(keys.certificate.serial);
    expect(
      decryptTurnover(code.turnoverCounter, {
        aesKey: Buffer.from(keys.aesKey, 'base64'),
        cashBoxId: 'K1',
        receiptNumber: '2',
      }),
    ).toBe(12450);
    expect(machineCodeOf(sale.compactJws)).toBe(sale.machineCode);
  });
});

describe('the DEP export', () => {
  const first = { certificate: 'Zmlyc3Q=', chain: ['Y2E='], serial: '1' };
  const second = { certificate: 'c2Vjb25k', chain: [], serial: '2' };

  /** Receipts as a database cursor gives them, one at a time. */
  async function* stored() {
    const rows = [
      { compactJws: 'a.b.c', certificate: first },
      { compactJws: 'd.e.f', certificate: first },
      { compactJws: 'g.h.i', certificate: second },
      { compactJws: 'j.k.l', certificate: first },
    ];
    for (const row of rows) yield await Promise.resolve(row);
  }

  it('streams a group per run of one certificate', async () => {
    const chunks: string[] = [];
    for await (const chunk of depChunks(stored())) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(4);
    expect(JSON.parse(chunks.join('')) as TDep).toEqual({
      'Belege-Gruppe': [
        {
          Signaturzertifikat: 'Zmlyc3Q=',
          Zertifizierungsstellen: ['Y2E='],
          'Belege-kompakt': ['a.b.c', 'd.e.f'],
        },
        { Signaturzertifikat: 'c2Vjb25k', Zertifizierungsstellen: [], 'Belege-kompakt': ['g.h.i'] },
        { Signaturzertifikat: 'Zmlyc3Q=', Zertifizierungsstellen: ['Y2E='], 'Belege-kompakt': ['j.k.l'] },
      ],
    });
  });

  it('exports no receipts as no groups', async () => {
    expect(JSON.parse(await depText([]))).toEqual({ 'Belege-Gruppe': [] });
  });
});
