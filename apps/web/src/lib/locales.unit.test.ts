import { describe, expect, it } from 'vitest';
import { localeOf } from '@pms/contract/locales';
import { formatMoney } from '@pms/contract/money';
import { dateLocale } from './locales.ts';

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

describe('the staff screens’ money, with the property’s locale', () => {
  const money = (language: 'de' | 'en', country: string | null, currency = 'EUR') =>
    plain(formatMoney(123_450, currency, localeOf(language, country)));

  it('writes money as the property’s country does in German', () => {
    expect(money('de', 'de')).toBe('1.234,50 €');
    expect(money('de', 'at')).toBe('€ 1.234,50');
    expect(money('de', 'ch', 'CHF')).toBe("CHF 1'234.50");
  });

  it('writes English money as en-GB does, in the property’s currency', () => {
    expect(money('en', 'de')).toBe('€1,234.50');
    expect(money('en', 'ch', 'CHF')).toBe('CHF 1,234.50');
  });

  it('writes an Austrian January as Austria does in long dates', () => {
    const date = new Date('2027-01-05T00:00:00Z');
    const long = (country: string) =>
      new Intl.DateTimeFormat(localeOf('de', country), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
    expect(long('at')).toBe('5. Jänner 2027');
    expect(long('de')).toBe('5. Januar 2027');
  });

  it('keeps the sign of a refund', () => {
    expect(plain(formatMoney(-500, 'EUR', localeOf('de', 'de')))).toBe('-5,00 €');
  });
});
