// Country names in the app's languages, for the staff app and the guest portal alike.
import { getName, getNames, registerLocale } from 'i18n-iso-countries/index.js';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { countryCodes } from './addresses.ts';
import { languages, propertyCountries } from './locales.ts';

// Only the app's languages: every other locale would grow the bundle for names nobody reads.
registerLocale(de);
registerLocale(en);

export type TCountryOption = { code: string; name: string };

/** The registered locale for a language tag ("en-GB" reads English names); German otherwise. */
function namesLanguage(language: string): string {
  const base = language.slice(0, 2).toLowerCase();
  return languages.find((known) => known === base) ?? 'de';
}

/**
 * Codes whose name the library leaves in English in a language (its German list says "United States
 * Minor Outlying Islands"); the runtime's own region names stand in for them.
 */
const untranslatedByLibrary: Record<string, readonly string[]> = { de: ['UM'] };

function regionName(
  code: string,
  namesLanguage: string,
  libraryName: string | undefined,
): string | undefined {
  const upper = code.toUpperCase();
  if (!untranslatedByLibrary[namesLanguage]?.includes(upper)) return libraryName;
  return new Intl.DisplayNames(namesLanguage, { type: 'region' }).of(upper) ?? libraryName;
}

/** A country's name in a language; an unknown code stays as it is. */
export function countryName(code: string, language: string): string {
  const names = namesLanguage(language);
  return regionName(code, names, getName(code, names)) ?? code;
}

/** Every country named in a language: Austria, Germany and Switzerland first, the rest by name. */
export function countryOptions(language: string): TCountryOption[] {
  const listLanguage = namesLanguage(language);
  const names = getNames(listLanguage);
  const toOption = (code: string): TCountryOption => ({
    code,
    name: regionName(code, listLanguage, names[code.toUpperCase()]) ?? code,
  });
  const first: readonly string[] = propertyCountries;
  const rest = countryCodes
    .filter((code) => !first.includes(code))
    .map(toOption)
    .sort((a, b) => a.name.localeCompare(b.name, language));
  return [...first.map(toOption), ...rest];
}
