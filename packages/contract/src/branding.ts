// A property's branding and its colour palette: apart from the property's other fields, which the
// web app's first screen does not need.
import { z } from 'zod';
import { ZId } from './common.ts';

export const brandShades = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900'] as const;
export type TBrandShade = (typeof brandShades)[number];
export const ZHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'hex colour such as #1d4ed8');
/** All ten shades, each a hex colour. */
export const ZPalette = z.record(z.enum(brandShades), ZHexColor);
export type TPalette = z.infer<typeof ZPalette>;

export const ZBranding = z.object({
  logoId: ZId.nullable(),
  logo: z.string().nullable(),
  /** JSON-encoded map of shade key to colour, as the spec describes. */
  primaryColor: z.string().nullable(),
});
export type TBranding = z.infer<typeof ZBranding>;

/** Parses a property's JSON-encoded palette; anything malformed yields null. */
export function parsePalette(primaryColor: string | null | undefined): TPalette | null {
  if (!primaryColor) return null;
  try {
    const parsed = ZPalette.safeParse(JSON.parse(primaryColor));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
