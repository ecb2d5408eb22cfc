import { describe, expect, it } from 'vitest';
import { countryName, countryOptions } from './countries.ts';

describe('countryOptions', () => {
  it('lists Austria, Germany and Switzerland first, the rest by name', () => {
    const options = countryOptions('de');
    expect(options.slice(0, 3).map((option) => option.code)).toEqual(['at', 'de', 'ch']);
    const rest = options.slice(3).map((option) => option.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'de')));
    expect(options).toHaveLength(250);
  });

  it('names countries in the language asked for', () => {
    expect(countryOptions('de')[0]).toEqual({ code: 'at', name: 'Österreich' });
    expect(countryOptions('en')[2]).toEqual({ code: 'ch', name: 'Switzerland' });
  });
});

describe('countryName', () => {
  it('names a lowercase code', () => {
    expect(countryName('it', 'en')).toBe('Italy');
    expect(countryName('it', 'de')).toBe('Italien');
  });

  it('reads the base of a regional language tag and falls back to German', () => {
    expect(countryName('ch', 'en-GB')).toBe('Switzerland');
    expect(countryName('ch', 'fr')).toBe('Schweiz');
  });

  it('keeps an unknown code as it is', () => {
    expect(countryName('zz', 'de')).toBe('zz');
  });
});
