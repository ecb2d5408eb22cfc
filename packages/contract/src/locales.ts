// Plain lists without zod: the web app's first screen reads them (its language, the stored session)
// before any schema loads. ZLanguage is in session.ts, ZPropertyCountry in common.ts.

export const languages = ['de', 'en'] as const;
export type TLanguage = (typeof languages)[number];

/** The countries a property can be in: its registration rules and money format follow them. */
export const propertyCountries = ['at', 'de', 'ch'] as const;
export type TPropertyCountry = (typeof propertyCountries)[number];

/**
 * The locale money and dates are written in, for a language and the property's country: German as the
 * property's country writes it (de-AT "€ 1.234,50", de-DE "1.234,50 €", de-CH), English always en-GB.
 * The invoice PDFs, the e-mails and the portal all write with it.
 */
export function localeOf(language: TLanguage, propertyCountry: string | null | undefined): string {
  if (language === 'en') return 'en-GB';
  switch (propertyCountry?.toLowerCase()) {
    case 'at':
      return 'de-AT';
    case 'ch':
      return 'de-CH';
    default:
      return 'de-DE';
  }
}
