// A property's colour palette, without zod: the web app's first screen applies the stored property's
// colours before any schema loads. ZPalette, the same rule for forms and requests, is in branding.ts.

export const brandShades = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900'] as const;
export type TBrandShade = (typeof brandShades)[number];
/** All ten shades, each a hex colour. */
export type TPalette = Record<TBrandShade, string>;

/** A colour as #rrggbb, in either letter case. */
export const hexColour = /^#[0-9a-fA-F]{6}$/;

function isPalette(value: unknown): value is TPalette {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const shades: readonly string[] = brandShades;
  const entries = Object.entries(value);
  return (
    entries.length === brandShades.length &&
    entries.every(
      ([shade, colour]) => shades.includes(shade) && typeof colour === 'string' && hexColour.test(colour),
    )
  );
}

/** Parses a property's JSON-encoded palette; anything malformed yields null. */
export function parsePalette(primaryColor: string | null | undefined): TPalette | null {
  if (!primaryColor) return null;
  try {
    const parsed: unknown = JSON.parse(primaryColor);
    return isPalette(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
