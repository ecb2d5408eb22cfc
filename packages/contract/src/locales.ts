// Plain lists without zod: the web app's first screen reads them (its language, the stored session)
// before any schema loads. ZLanguage is in session.ts, ZPropertyCountry in common.ts.

export const languages = ['de', 'en'] as const;
export type TLanguage = (typeof languages)[number];

/** The countries a property can be in: its registration rules and money format follow them. */
export const propertyCountries = ['at', 'de', 'ch'] as const;
export type TPropertyCountry = (typeof propertyCountries)[number];
