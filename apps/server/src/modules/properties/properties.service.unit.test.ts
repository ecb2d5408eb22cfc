import { describe, expect, it } from 'vitest';
import { slugify } from './properties.service.ts';

describe('slugify', () => {
  it('turns a name into lowercase words joined by dashes', () => {
    expect(slugify('Hotel Sonne Wien')).toBe('hotel-sonne-wien');
  });

  it('spells out umlauts and ß the German way', () => {
    expect(slugify('Hotel Spreeblick Größe Übersee')).toBe('hotel-spreeblick-groesse-uebersee');
    expect(slugify('Gästehaus Müller am Wörthersee')).toBe('gaestehaus-mueller-am-woerthersee');
    expect(slugify('Pension Edelweiß')).toBe('pension-edelweiss');
    expect(slugify('Hôtel Crêpe')).toBe('hotel-crepe');
  });

  it('collapses punctuation and trims dashes at the ends', () => {
    expect(slugify('  --Alpenhof  &  Spa (Salzburg)!--  ')).toBe('alpenhof-spa-salzburg');
  });

  it('keeps digits', () => {
    expect(slugify('Haus 7 / Zimmer 12')).toBe('haus-7-zimmer-12');
  });

  it('falls back to "property" when nothing usable is left', () => {
    expect(slugify('')).toBe('property');
    expect(slugify('!!!')).toBe('property');
    expect(slugify('東京')).toBe('property');
  });

  it('stays within 100 characters and ends on a letter or digit', () => {
    expect(slugify('a'.repeat(300)).length).toBe(100);
    expect(slugify(`${'a'.repeat(99)} b`)).toBe('a'.repeat(99));
  });

  it('keeps a name typed as one word as one word', () => {
    expect(slugify('HotelSonne')).toBe('hotelsonne');
  });

  it('always yields what the slug rule accepts', () => {
    for (const name of ['Hotel Sonne Wien', 'Pension Edelweiß', '  x  ', '!!!', 'A-B--C']) {
      expect(slugify(name)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});
