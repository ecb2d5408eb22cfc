import { describe, expect, it } from 'vitest';
import { formatMoney } from '@pms/contract/money';
import { dateLocale, moneyLocale } from './locales.ts';

// Intl may write a (narrow) no-break space where people see a space, and ICU versions differ in the
// Swiss apostrophe.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/’/g, "'");

describe('dateLocale', () => {
  it('writes English dates day before month, as en-GB does', () => {
    const date = new Date('2026-11-03T00:00:00Z');
    const format = (language: string) =>
      new Intl.DateTimeFormat(dateLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
    expect(format('en')).toBe('3 Nov 2026');
    expect(format('de')).toBe('03.11.2026');
  });
});

describe('moneyLocale with formatMoney', () => {
  const money = (language: string, country: string | null, currency = 'EUR') =>
    plain(formatMoney(123_450, currency, moneyLocale(language, country)));

  it('writes money as the property’s country does in German', () => {
    expect(money('de', 'de')).toBe('1.234,50 €');
    expect(money('de', 'at')).toBe('€ 1.234,50');
    expect(money('de', 'ch', 'CHF')).toBe("CHF 1'234.50");
  });

  it('takes Austria when the property names no country', () => {
    expect(moneyLocale('de', null)).toBe('de-AT');
  });

  it('writes English money as en-GB does, in the property’s currency', () => {
    expect(money('en', 'de')).toBe('€1,234.50');
    expect(money('en', 'ch', 'CHF')).toBe('CHF 1,234.50');
  });

  it('keeps the sign of a refund', () => {
    expect(plain(formatMoney(-500, 'EUR', moneyLocale('de', 'de')))).toBe('-5,00 €');
  });
});
