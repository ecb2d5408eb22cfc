import { describe, expect, it } from 'vitest';
import { ZPalette } from './branding.ts';
import { brandShades, parsePalette } from './palette.ts';

const fullPalette = Object.fromEntries(
  brandShades.map((shade, index) => [shade, `#0000${String(index).padStart(2, '0')}`]),
);

describe('parsePalette', () => {
  it('reads a JSON map of every shade to a hex colour', () => {
    expect(parsePalette(JSON.stringify(fullPalette))).toEqual(fullPalette);
  });

  it('accepts hex colours in either letter case', () => {
    const mixed = { ...fullPalette, 500: '#1D4ED8', 600: '#1e40af' };
    expect(parsePalette(JSON.stringify(mixed))).toEqual(mixed);
  });

  it('needs every shade from 50 to 900, since the web app sets all ten colour variables', () => {
    expect(parsePalette('{"500":"#1d4ed8","600":"#1e40af"}')).toBeNull();
  });

  it('yields null for nothing', () => {
    expect(parsePalette(null)).toBeNull();
    expect(parsePalette(undefined)).toBeNull();
    expect(parsePalette('')).toBeNull();
  });

  it('yields null for malformed JSON, unknown shades and colours that are not #rrggbb', () => {
    for (const value of [
      '{',
      'not json',
      '"#1d4ed8"',
      '[]',
      '{"950":"#000000"}',
      '{"500":"blue"}',
      '{"500":"#fff"}',
      '{"500":5}',
    ]) {
      expect(parsePalette(value), value).toBeNull();
    }
  });

  it('reads a palette exactly when ZPalette, which forms and requests use, accepts it', () => {
    const values = [
      fullPalette,
      { ...fullPalette, 500: '#1D4ED8' },
      { ...fullPalette, 950: '#000000' },
      { ...fullPalette, 500: 'blue' },
      { ...fullPalette, 500: 5 },
      { ...fullPalette, 500: null },
      Object.fromEntries(Object.entries(fullPalette).slice(1)),
      {},
      [],
      null,
      '#1d4ed8',
    ];
    for (const value of values) {
      expect(parsePalette(JSON.stringify(value)) !== null, JSON.stringify(value)).toBe(
        ZPalette.safeParse(value).success,
      );
    }
  });
});
