import { describe, expect, it } from 'vitest';
import { ZIsoDate } from '@pms/contract/common';
import { dateFormValue, formatDateText, parseDateText } from './date-text.ts';

describe('formatDateText', () => {
  it('writes a date as the language does', () => {
    expect(formatDateText('2026-11-26', 'de')).toBe('26.11.2026');
    expect(formatDateText('2026-01-05', 'de')).toBe('05.01.2026');
    expect(formatDateText('2026-11-26', 'en')).toBe('26/11/2026');
  });

  it('leaves an empty value and text that is no ISO date as they are', () => {
    expect(formatDateText('', 'de')).toBe('');
    expect(formatDateText('31.02.2026', 'de')).toBe('31.02.2026');
  });
});

describe('parseDateText', () => {
  it('reads German dates with or without leading zeros', () => {
    expect(parseDateText('26.11.2026', 'de')).toBe('2026-11-26');
    expect(parseDateText('1.2.2026', 'de')).toBe('2026-02-01');
    expect(parseDateText(' 01. 02. 2026 ', 'de')).toBe('2026-02-01');
  });

  it('reads English dates day first, as en-GB writes them', () => {
    expect(parseDateText('26/11/2026', 'en')).toBe('2026-11-26');
    expect(parseDateText('1/2/2026', 'en')).toBe('2026-02-01');
  });

  it('takes a pasted ISO date in either language', () => {
    expect(parseDateText('2026-11-26', 'de')).toBe('2026-11-26');
    expect(parseDateText('2026-11-26', 'en')).toBe('2026-11-26');
  });

  it('reads no text as no date', () => {
    expect(parseDateText('', 'de')).toBe('');
    expect(parseDateText('   ', 'en')).toBe('');
  });

  it('refuses dates that do not exist rather than rolling them over', () => {
    expect(parseDateText('31.02.2026', 'de')).toBeNull();
    expect(parseDateText('29.02.2026', 'de')).toBeNull();
    expect(parseDateText('12.13.2026', 'de')).toBeNull();
    expect(parseDateText('00.01.2026', 'de')).toBeNull();
    expect(parseDateText('2026-02-30', 'de')).toBeNull();
    expect(parseDateText('29.02.2028', 'de')).toBe('2028-02-29');
  });

  it('refuses half-typed dates, two-digit years and the other language’s separator', () => {
    expect(parseDateText('26.11.', 'de')).toBeNull();
    expect(parseDateText('26.11.26', 'de')).toBeNull();
    expect(parseDateText('26.11.20266', 'de')).toBeNull();
    expect(parseDateText('26/11/2026', 'de')).toBeNull();
    expect(parseDateText('26.11.2026', 'en')).toBeNull();
    expect(parseDateText('11/26/2026', 'en')).toBeNull();
  });
});

describe('dateFormValue', () => {
  it('gives the form an ISO date, or nothing for an empty field', () => {
    expect(dateFormValue('26.11.2026', 'de')).toBe('2026-11-26');
    expect(dateFormValue('', 'de')).toBe('');
  });

  it('keeps text that is no date, which the contract’s date schema refuses', () => {
    for (const text of ['31.02.2026', '12.13.2026', '26.11.']) {
      expect(dateFormValue(text, 'de')).toBe(text);
      expect(ZIsoDate.safeParse(dateFormValue(text, 'de')).success).toBe(false);
    }
  });
});
