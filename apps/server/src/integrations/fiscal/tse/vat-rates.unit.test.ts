import { describe, expect, it } from 'vitest';
import { amountsPerPaymentType, amountsPerVatRate, tseAmount, tseVatRateOf } from './vat-rates.ts';

describe('tseVatRateOf', () => {
  it('maps the five German rates to their DSFinV-K keys', () => {
    expect([19, 7, 10.7, 5.5, 0].map(tseVatRateOf)).toEqual([
      'NORMAL',
      'REDUCED_1',
      'SPECIAL_RATE_1',
      'SPECIAL_RATE_2',
      'NULL',
    ]);
  });

  it('refuses a rate without a key', () => {
    expect(() => tseVatRateOf(16)).toThrow();
    expect(() => tseVatRateOf(20)).toThrow();
  });
});

describe('tseAmount', () => {
  it('writes cents with two places and a minus sign where negative', () => {
    expect(tseAmount(1250)).toBe('12.50');
    expect(tseAmount(5)).toBe('0.05');
    expect(tseAmount(0)).toBe('0.00');
    expect(tseAmount(-1250)).toBe('-12.50');
    expect(tseAmount(-7)).toBe('-0.07');
  });
});

describe('amountsPerVatRate', () => {
  it('sums the lines per key in DSFinV-K order', () => {
    expect(
      amountsPerVatRate([
        { taxPercentage: 7, grossAmount: 10_700 },
        { taxPercentage: 19, grossAmount: 1_190 },
        { taxPercentage: 7, grossAmount: 5_350 },
        { taxPercentage: 0, grossAmount: 250 },
      ]),
    ).toEqual([
      { vatRate: 'NORMAL', amount: '11.90' },
      { vatRate: 'REDUCED_1', amount: '160.50' },
      { vatRate: 'NULL', amount: '2.50' },
    ]);
  });

  it('keeps a cancellation negative', () => {
    expect(amountsPerVatRate([{ taxPercentage: 19, grossAmount: -1_190 }])).toEqual([
      { vatRate: 'NORMAL', amount: '-11.90' },
    ]);
  });

  it('refuses a line at a rate without a key', () => {
    expect(() => amountsPerVatRate([{ taxPercentage: 13, grossAmount: 100 }])).toThrow();
  });
});

describe('amountsPerPaymentType', () => {
  it('sums the payments per type, cash first', () => {
    expect(
      amountsPerPaymentType([
        { paymentType: 'NON_CASH', amount: 5_000 },
        { paymentType: 'CASH', amount: 1_000 },
        { paymentType: 'NON_CASH', amount: 250 },
      ]),
    ).toEqual([
      { paymentType: 'CASH', amount: '10.00' },
      { paymentType: 'NON_CASH', amount: '52.50' },
    ]);
  });
});
