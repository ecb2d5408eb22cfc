/**
 * The locale dates are written in for a language: English as en-GB writes it (23 Nov 2026, day before
 * month, as a European hotel expects), German as it is.
 */
export function dateLocale(language: string): string {
  return language === 'en' ? 'en-GB' : language;
}

/**
 * The locale money is written in: German with the property's country (1.234,50 € in Germany,
 * € 1.234,50 in Austria, CHF 1’234.50 in Switzerland), English as en-GB writes it; Austria when the
 * property names no country.
 */
export function moneyLocale(language: string, country: string | null | undefined): string {
  if (language === 'en') return 'en-GB';
  return `${language}-${(country ?? 'at').toUpperCase()}`;
}
