import { describe, expect, it } from 'vitest';
import { ZHexColor } from '@pms/contract/branding';
import { brandShades } from '@pms/contract/palette';
import { deriveShades, paletteStyle } from './branding.ts';

const lightness = (hex: string) =>
  [1, 3, 5].reduce((sum, start) => sum + Number.parseInt(hex.slice(start, start + 2), 16), 0);

describe('deriveShades', () => {
  const shades = deriveShades('#2563eb');

  it('keeps the base colour as shade 500', () => {
    expect(shades['500']).toBe('#2563eb');
  });

  it('yields ten valid colours from light to dark', () => {
    const values = brandShades.map((shade) => shades[shade]);
    for (const value of values) expect(ZHexColor.safeParse(value).success).toBe(true);
    for (let index = 1; index < values.length; index++) {
      expect(lightness(values[index]!)).toBeLessThan(lightness(values[index - 1]!));
    }
  });

  it('stays within the colour range for white and black', () => {
    expect(deriveShades('#ffffff')['50']).toBe('#ffffff');
    expect(deriveShades('#000000')['900']).toBe('#000000');
  });
});

describe('paletteStyle', () => {
  it('maps the shades it has to the primary colour variables', () => {
    expect(paletteStyle({ '50': '#eff6ff', '900': '#1e3a8a' })).toEqual({
      '--color-primary-50': '#eff6ff',
      '--color-primary-900': '#1e3a8a',
    });
  });
});
