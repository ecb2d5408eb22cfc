// The schemas of a property's branding and its colour palette: apart from the property's other
// fields, which the web app's first screen does not need. The palette's shades, type and parser are in
// palette.ts, which the first screen loads without zod.
import { z } from 'zod';
import { ZId } from './common.ts';
import { brandShades, hexColour, type TPalette } from './palette.ts';

export const ZHexColor = z.string().regex(hexColour, 'hex colour such as #1d4ed8');
/** All ten shades, each a hex colour: parsePalette in palette.ts reads a stored one by the same rule. */
export const ZPalette = z.record(z.enum(brandShades), ZHexColor) satisfies z.ZodType<TPalette>;

export const ZBranding = z.object({
  logoId: ZId.nullable(),
  logo: z.string().nullable(),
  /** JSON-encoded map of shade key to colour, as the spec describes. */
  primaryColor: z.string().nullable(),
});
export type TBranding = z.infer<typeof ZBranding>;
