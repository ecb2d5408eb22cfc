// Postal addresses and the ISO country codes in them: a module of their own, so that screens that
// need no address (the web app's first screen among them) do not load the code table.
import isoCodes from 'i18n-iso-countries/codes.json' with { type: 'json' };
import { z } from 'zod';
import { ZText } from './common.ts';

/**
 * The ISO 3166-1 alpha-2 codes (and Kosovo's XK, as the EU uses it), lowercase as the API stores them.
 * Read from the library's code table alone: its module would bring name matching the contract does
 * not need into every bundle.
 */
export const countryCodes = isoCodes.map(([alpha2]) => alpha2!.toLowerCase()) as [string, ...string[]];
export const ZCountry = z.enum(countryCodes);

export const ZAddress = z.object({
  line1: ZText.max(200).nullish(),
  line2: ZText.max(200).nullish(),
  postalCode: ZText.max(20).nullish(),
  city: ZText.max(100).nullish(),
  state: ZText.max(100).nullish(),
  country: ZCountry.nullish(),
});
export type TAddress = z.infer<typeof ZAddress>;
