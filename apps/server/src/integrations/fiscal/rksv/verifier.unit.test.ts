import { describe, expect, it } from 'vitest';
import type { TBucketAmounts, TRksvReceiptType } from '../fiscal-types.ts';
import { zeroBucketAmounts } from './buckets.ts';
import { depText, type TDep } from './dep.ts';
import { createSimulatorKeys, rksvSimulator, type TRksvSimulatorOptions } from './simulator.ts';
import { verifyDep } from './verifier.ts';

const cashBoxId = 'KASSE-1';
const keys = createSimulatorKeys();

type TStep = {
  number: string;
  at: string;
  type: TRksvReceiptType;
  normal?: number;
  signer?: Partial<TRksvSimulatorOptions>;
  failed?: boolean;
  /** Passes a wrong counter to the signer, as a register that lost its state would. */
  turnoverOffset?: number;
};

/** Signs the steps in order into DEP entries, chained as a register would chain them. */
async function signSteps(steps: TStep[]) {
  const entries = [];
  let state = { previousJws: null as string | null, turnoverCents: 0 };
  for (const step of steps) {
    const signer = rksvSimulator({ ...keys, ...step.signer, deviceFailed: () => step.failed ?? false });
    const amounts: TBucketAmounts = { ...zeroBucketAmounts(), normal: step.normal ?? 0 };
    const signed = await signer.sign(
      { cashBoxId, receiptNumber: step.number, issuedAt: step.at, type: step.type, amounts },
      { ...state, turnoverCents: state.turnoverCents + (step.turnoverOffset ?? 0) },
    );
    entries.push({ compactJws: signed.compactJws, certificate: keys.certificate });
    state = { previousJws: signed.compactJws, turnoverCents: signed.turnoverCents };
  }
  return entries;
}

const valid: TStep[] = [
  { number: '1', at: '2026-03-01T08:00:00', type: 'start' },
  { number: '2', at: '2026-03-01T09:00:00', type: 'standard', normal: 450 },
  { number: '3', at: '2026-03-01T10:00:00', type: 'storno', normal: -450 },
  { number: '4', at: '2026-03-01T11:00:00', type: 'training', normal: 999 },
  { number: '5', at: '2026-03-01T12:00:00', type: 'standard', normal: 12000 },
  { number: '6', at: '2026-03-31T23:59:59', type: 'null' },
];

async function depOf(steps: TStep[]): Promise<TDep> {
  return JSON.parse(await depText(await signSteps(steps))) as TDep;
}

const verify = (dep: TDep) => verifyDep(dep, { aesKey: keys.aesKey, cashBoxId });

function withReceipts(dep: TDep, change: (receipts: string[]) => string[]): TDep {
  const group = dep['Belege-Gruppe'][0]!;
  return { 'Belege-Gruppe': [{ ...group, 'Belege-kompakt': change([...group['Belege-kompakt']]) }] };
}

describe('the DEP verifier', () => {
  it('accepts a valid DEP', async () => {
    expect(verify(await depOf(valid))).toEqual([]);
  });

  it('finds a broken chain where a receipt was taken out', async () => {
    const dep = withReceipts(await depOf(valid), (receipts) => receipts.filter((_, index) => index !== 1));
    expect(verify(dep)).toContainEqual({ receiptNumber: '3', code: 'chain_broken' });
  });

  it('finds a changed amount by its signature', async () => {
    const dep = withReceipts(await depOf(valid), (receipts) =>
      receipts.map((jws, index) => {
        if (index !== 4) return jws;
        const [header, payload, signature] = jws.split('.') as [string, string, string];
        const changed = Buffer.from(payload, 'base64url').toString().replace('_120,00_', '_100,00_');
        return `${header}.${Buffer.from(changed).toString('base64url')}.${signature}`;
      }),
    );
    expect(verify(dep)).toContainEqual({ receiptNumber: '5', code: 'signature_invalid' });
  });

  it('finds a date going back', async () => {
    const steps = valid.map((step) => (step.number === '3' ? { ...step, at: '2026-03-01T08:30:00' } : step));
    expect(verify(await depOf(steps))).toEqual([{ receiptNumber: '3', code: 'date_decreasing' }]);
  });

  it('takes the hour the clocks repeat when summer time ends, and no other hour going back', async () => {
    const night = (at: string[]): TStep[] => [
      { number: '1', at: at[0]!, type: 'start' },
      { number: '2', at: at[1]!, type: 'standard', normal: 500 },
      { number: '3', at: at[2]!, type: 'standard', normal: 700 },
    ];
    // 2026-10-25 is the last Sunday of October: 02:00 to 02:59 comes twice.
    const repeated = night(['2026-10-25T01:10:00', '2026-10-25T02:49:30', '2026-10-25T02:05:00']);
    expect(verify(await depOf(repeated))).toEqual([]);
    const otherNight = night(['2026-10-18T01:10:00', '2026-10-18T02:49:30', '2026-10-18T02:05:00']);
    expect(verify(await depOf(otherNight))).toEqual([{ receiptNumber: '3', code: 'date_decreasing' }]);
  });

  it('finds a receipt number used twice', async () => {
    const steps = valid.map((step) => (step.number === '5' ? { ...step, number: '2' } : step));
    expect(verify(await depOf(steps))).toEqual([{ receiptNumber: '2', code: 'receipt_number_duplicate' }]);
  });

  it('finds a counter of another length', async () => {
    const steps = valid.map((step) =>
      step.number === '5' ? { ...step, signer: { counterBytes: 6 } } : step,
    );
    expect(verify(await depOf(steps))).toEqual([{ receiptNumber: '5', code: 'counter_length_inconsistent' }]);
  });

  it('finds a counter that is not the running sum', async () => {
    const steps = valid.map((step) => (step.number === '5' ? { ...step, turnoverOffset: 100 } : step));
    expect(verify(await depOf(steps))).toEqual([{ receiptNumber: '5', code: 'turnover_mismatch' }]);
  });

  it('wants a signed null receipt after the device failed', async () => {
    const failedThenSale: TStep[] = [
      ...valid.slice(0, 2),
      { number: '3', at: '2026-03-01T10:00:00', type: 'standard', normal: 100, failed: true },
      { number: '4', at: '2026-03-01T11:00:00', type: 'standard', normal: 200 },
    ];
    expect(verify(await depOf(failedThenSale))).toEqual([
      { receiptNumber: '4', code: 'collective_receipt_missing' },
    ]);
    const failedThenCollective: TStep[] = [
      ...failedThenSale.slice(0, 3),
      { number: '4', at: '2026-03-01T11:00:00', type: 'null' },
    ];
    expect(verify(await depOf(failedThenCollective))).toEqual([]);
  });

  it('finds a signature by another key', async () => {
    const other = createSimulatorKeys();
    const steps = valid.map((step) =>
      step.number === '2' ? { ...step, signer: { privateKeyPem: other.privateKeyPem } } : step,
    );
    expect(verify(await depOf(steps))).toEqual([{ receiptNumber: '2', code: 'signature_invalid' }]);
  });
});
