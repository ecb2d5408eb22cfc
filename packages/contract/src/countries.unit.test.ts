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

  it('leaves no name in English in the German list', () => {
    const german = countryOptions('de');
    expect(german.find((option) => option.code === 'um')?.name).toBe('Amerikanische Überseeinseln');
    expect(countryName('um', 'de')).toBe('Amerikanische Überseeinseln');
    expect(countryName('um', 'en')).toBe('United States Minor Outlying Islands');
    const english = new Map(countryOptions('en').map((option) => [option.code, option.name]));
    // Names alike in both languages are German too (Japan, Chile); none is made of English words.
    const alike = german.filter((option) => english.get(option.code) === option.name);
    expect(alike.filter((option) => /\b(Islands?|United|States|and|of|the)\b/.test(option.name))).toEqual([]);
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
