/**
 * The locale dates are written in for a language alone, where no property is known: English as en-GB
 * writes it (23 Nov 2026, day before month, as a European hotel expects), German as it is.
 */
export function dateLocale(language: string): string {
  return language === 'en' ? 'en-GB' : language;
}
