import type { CSSProperties } from 'react';
import { brandShades, type TBrandShade, type TPalette } from '@pms/contract/palette';

/** How far each shade moves from the base colour towards white (negative: towards black). */
const shadeMix: Record<TBrandShade, number> = {
  '50': 0.92,
  '100': 0.82,
  '200': 0.67,
  '300': 0.45,
  '400': 0.2,
  '500': 0,
  '600': -0.12,
  '700': -0.25,
  '800': -0.4,
  '900': -0.55,
};

function toChannels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(channels: [number, number, number]): string {
  return `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** Derives the ten brand shades from one base colour, which becomes shade 500. */
export function deriveShades(base: string): TPalette {
  const channels = toChannels(base);
  const entries = brandShades.map((shade) => {
    const mix = shadeMix[shade];
    const target = mix >= 0 ? 255 : 0;
    const amount = Math.abs(mix);
    const mixed = channels.map((channel) => channel + (target - channel) * amount) as [
      number,
      number,
      number,
    ];
    return [shade, toHex(mixed)] as const;
  });
  return Object.fromEntries(entries) as TPalette;
}

function variableOf(shade: TBrandShade): string {
  return `--color-primary-${shade}`;
}

/** Sets the palette as the page-wide primary colour variables; without one the theme's defaults apply. */
export function applyPalette(palette: TPalette | null, target: HTMLElement = document.documentElement): void {
  for (const shade of brandShades) {
    if (palette) target.style.setProperty(variableOf(shade), palette[shade]);
    else target.style.removeProperty(variableOf(shade));
  }
}

/** The shades as inline style, to preview them inside one element; missing ones keep the page's. */
export function paletteStyle(palette: Partial<TPalette>): CSSProperties {
  const style: Record<string, string> = {};
  for (const shade of brandShades) {
    const colour = palette[shade];
    if (colour) style[variableOf(shade)] = colour;
  }
  return style;
}
