import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languages, type TLanguage } from '@pms/contract/session';
import { english, german } from './catalogues.ts';

// lib/error-message.ts checks that every error code of the contract has a message.
const resources = {
  de: { translation: german },
  en: { translation: english },
};

export const defaultLanguage: TLanguage = 'de';

function isLanguage(value: string): value is TLanguage {
  return (languages as readonly string[]).includes(value);
}

/** The user's language, else the browser's (de or en), else German. */
export function resolveLanguage(
  userLanguage: TLanguage | null | undefined,
  browserLanguages: readonly string[] = navigator.languages,
): TLanguage {
  if (userLanguage) return userLanguage;
  for (const tag of browserLanguages) {
    const base = tag.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return defaultLanguage;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: resolveLanguage(null),
  fallbackLng: defaultLanguage,
  supportedLngs: languages,
  interpolation: { escapeValue: false },
  initAsync: false,
});
