import { describe, expect, it } from 'vitest';
import { ZCountry } from './addresses.ts';
import {
  isStorableText,
  maxInteger,
  maxIsoDate,
  minIsoDate,
  parseExpand,
  ZInteger,
  ZIsoDate,
  ZText,
} from './common.ts';
import { isIsoDate } from './dates.ts';

describe('parseExpand', () => {
  it('reads comma-separated relation names', () => {
    expect(parseExpand('room,guests,link')).toEqual(new Set(['room', 'guests', 'link']));
  });

  it('ignores blanks, spaces and repeats', () => {
    expect(parseExpand(' room , ,guests,room,')).toEqual(new Set(['room', 'guests']));
  });

  it('is empty without a value', () => {
    expect(parseExpand(undefined).size).toBe(0);
    expect(parseExpand('').size).toBe(0);
  });
});

describe('ZCountry', () => {
  it('accepts the lowercase ISO 3166-1 alpha-2 codes', () => {
    for (const code of ['at', 'de', 'ch', 'it', 'us', 'xk'])
      expect(ZCountry.safeParse(code).success).toBe(true);
  });

  it('refuses unassigned, uppercase and three-letter codes', () => {
    for (const code of ['zz', 'xx', 'AT', 'aut', '']) expect(ZCountry.safeParse(code).success).toBe(false);
  });
});

describe('ZText', () => {
  it('accepts any text PostgreSQL can store, paired surrogates (emoji) included', () => {
    for (const text of ['', 'Müller', 'Straße 1', '😀 Zimmer', '\u202Eabc', 'a\tb\nc']) {
      expect(isStorableText(text), text).toBe(true);
      expect(ZText.safeParse(text).success).toBe(true);
    }
  });

  it('refuses NUL characters and unpaired surrogates', () => {
    for (const text of ['a\u0000b', '\u0000', 'x\uD800', '\uD800x', '\uDC00', 'a\uDFFFb', '\uDC00\uD800']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
      expect(ZText.safeParse(text).success).toBe(false);
    }
  });

  it('keeps the checks chained after it', () => {
    const ZName = ZText.trim().min(1).max(5);
    expect(ZName.parse('  Anna ')).toBe('Anna');
    expect(ZName.safeParse('Annabella').success).toBe(false);
    expect(ZName.safeParse(' \u0000 ').success).toBe(false);
  });
});

describe('ZIsoDate and isIsoDate', () => {
  it('accepts existing dates within the years the app handles', () => {
    for (const date of [minIsoDate, '1980-05-17', '2024-02-29', '2026-12-31', maxIsoDate]) {
      expect(ZIsoDate.safeParse(date).success, date).toBe(true);
      expect(isIsoDate(date), date).toBe(true);
    }
  });

  it('refuses impossible dates and years outside 1900 to 2199', () => {
    for (const date of [
      '0000-01-01',
      '1899-12-31',
      '2200-01-01',
      '99999-01-01',
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '2026-1-1',
      '2026-01-01T00:00:00Z',
    ]) {
      expect(ZIsoDate.safeParse(date).success, date).toBe(false);
      expect(isIsoDate(date), date).toBe(false);
    }
  });
});

describe('ZInteger', () => {
  it('holds what a PostgreSQL integer column holds, and no more', () => {
    expect(ZInteger.safeParse(maxInteger).success).toBe(true);
    expect(ZInteger.safeParse(-maxInteger - 1).success).toBe(true);
    for (const value of [maxInteger + 1, -maxInteger - 2, 2 ** 53, 1e308, 1.5, Number.NaN, Infinity]) {
      expect(ZInteger.safeParse(value).success, String(value)).toBe(false);
    }
  });
});
