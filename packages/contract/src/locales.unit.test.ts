import { describe, expect, it } from 'vitest';
import { localeOf } from './locales.ts';
import { formatMoney } from './money.ts';

describe('localeOf', () => {
  it("writes German as the property's country does, English always as en-GB", () => {
    expect(localeOf('de', 'at')).toBe('de-AT');
    expect(localeOf('de', 'AT')).toBe('de-AT');
    expect(localeOf('de', 'de')).toBe('de-DE');
    expect(localeOf('de', 'ch')).toBe('de-CH');
    expect(localeOf('de', null)).toBe('de-DE');
    expect(localeOf('en', 'at')).toBe('en-GB');
    const nbsp = /\u00a0/g;
    expect(formatMoney(123450, 'EUR', localeOf('de', 'at')).replace(nbsp, ' ')).toBe('€ 1.234,50');
    expect(formatMoney(123450, 'EUR', localeOf('de', 'de')).replace(nbsp, ' ')).toBe('1.234,50 €');
    expect(formatMoney(123450, 'EUR', localeOf('en', 'de'))).toBe('€1,234.50');
  });
});
