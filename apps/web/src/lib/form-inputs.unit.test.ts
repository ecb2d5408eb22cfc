import { describe, expect, it } from 'vitest';
import { ZRatePriceRequest } from '@pms/contract/base-data';
import { moneyInput, parseDecimal, toDecimalInput, toMoneyInput } from './form-inputs.ts';

describe('parseDecimal', () => {
  it('takes a comma or a point as the decimal separator', () => {
    expect(parseDecimal('20,00')).toBe(20);
    expect(parseDecimal('20.5')).toBe(20.5);
    expect(parseDecimal(' 7,25 % ')).toBe(7.25);
    expect(parseDecimal('120')).toBe(120);
  });

  it('reads German and English thousands separators before a decimal part', () => {
    expect(parseDecimal('1.234,50')).toBe(1234.5);
    expect(parseDecimal('1,234.50')).toBe(1234.5);
    expect(parseDecimal('12 345,00 €')).toBe(12345);
    expect(parseDecimal('1.234')).toBeUndefined();
  });

  it('refuses what is not an amount', () => {
    expect(parseDecimal('')).toBeUndefined();
    expect(parseDecimal('abc')).toBeUndefined();
    expect(parseDecimal('-5')).toBeUndefined();
    expect(parseDecimal('20,005')).toBeUndefined();
    expect(parseDecimal('1,2,3')).toBeUndefined();
  });
});

describe('money inputs', () => {
  const amount = moneyInput(ZRatePriceRequest.shape.amount);

  it('send cents', () => {
    expect(amount.parse('20,00')).toBe(2000);
    expect(amount.parse('0,1')).toBe(10);
    expect(amount.parse('19.99')).toBe(1999);
  });

  it('refuse an empty or malformed amount', () => {
    expect(amount.safeParse('').success).toBe(false);
    expect(amount.safeParse('zwanzig').error?.issues[0]?.message).toBe('format');
  });

  it('show cents in the language of the user', () => {
    expect(toMoneyInput(2000, 'de')).toBe('20,00');
    expect(toMoneyInput(123456, 'en')).toBe('1234.56');
    expect(toMoneyInput(null, 'de')).toBe('');
    expect(toDecimalInput(7.5, 'de')).toBe('7,5');
    expect(toDecimalInput(20, 'en')).toBe('20');
  });
});
