import { describe, expect, it } from 'vitest';
import type { TFolio, TFolioCharge } from '@pms/contract/folios';
import { moveTargetsOf, remainingByCharge, unitAmountOf } from './folio-entries.ts';

const entry = (
  values: Partial<TFolioCharge> & Pick<TFolioCharge, 'id' | 'kind' | 'grossAmount'>,
): TFolioCharge => ({
  folioId: 'f1',
  itemId: null,
  quantity: 1,
  text: 'Entry',
  netAmount: 0,
  taxAmount: 0,
  taxPercentage: 10,
  taxCode: null,
  accountNumber: null,
  isTransitory: false,
  default: false,
  bookedOn: '2026-11-24',
  correctsChargeId: null,
  transferChargeId: null,
  reason: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  ...values,
});

const folio = (id: string, isClosed = false) => ({ id, isClosed }) as TFolio;

describe('remainingByCharge', () => {
  it('subtracts the allowances that correct a charge', () => {
    const remaining = remainingByCharge([
      entry({ id: 'c1', kind: 'charge', grossAmount: 5000 }),
      entry({ id: 'a1', kind: 'allowance', grossAmount: -1000, correctsChargeId: 'c1' }),
      entry({ id: 'a2', kind: 'allowance', grossAmount: -500, correctsChargeId: 'c1' }),
      entry({ id: 'c2', kind: 'charge', grossAmount: 1200 }),
    ]);
    expect(remaining).toEqual(
      new Map([
        ['c1', 3500],
        ['c2', 1200],
      ]),
    );
  });

  it('leaves nothing of a moved charge and ignores allowances of charges it does not list', () => {
    const remaining = remainingByCharge([
      entry({ id: 'c1', kind: 'charge', grossAmount: 5000 }),
      entry({
        id: 'a1',
        kind: 'allowance',
        grossAmount: -5000,
        correctsChargeId: 'c1',
        transferChargeId: 'x',
      }),
      entry({ id: 'a2', kind: 'allowance', grossAmount: -300, correctsChargeId: 'elsewhere' }),
    ]);
    expect(remaining).toEqual(new Map([['c1', 0]]));
  });
});

describe('unitAmountOf', () => {
  it('divides the gross by the quantity', () => {
    expect(unitAmountOf(entry({ id: 'c', kind: 'charge', grossAmount: 3000, quantity: 3 }))).toBe(1000);
    expect(unitAmountOf(entry({ id: 'c', kind: 'charge', grossAmount: 700, quantity: 0 }))).toBe(700);
  });
});

describe('moveTargetsOf', () => {
  it('offers the other open folios only', () => {
    const source = folio('a');
    expect(
      moveTargetsOf(source, [source, folio('b'), folio('c', true), folio('d')]).map((f) => f.id),
    ).toEqual(['b', 'd']);
  });
});
