import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { languages, type TLanguage } from '@pms/contract/locales';
import { featureNamespaces, shellNamespace, type TNamespace } from './namespaces.ts';

// Each catalogue file is its own chunk, fetched when its namespace is first needed: the shell's
// de.json and en.json up front, a feature's <namespace>.de.json when one of its screens opens.
const catalogueFiles = import.meta.glob<object>('./*.json', { import: 'default' });

function catalogueFile(language: string, namespace: string): string {
  return namespace === shellNamespace ? `./${language}.json` : `./${namespace}.${language}.json`;
}

async function loadCatalogue(language: string, namespace: string): Promise<object> {
  const load = catalogueFiles[catalogueFile(language, namespace)];
  if (!load) throw new Error(`no catalogue for ${namespace} in ${language}`);
  return load();
}

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

// A key the shell's namespace lacks is looked up in the feature namespaces loaded so far, so that
// `t('bookings.title')` reads the same wherever it is called. lib/error-message.ts checks that every
// error code of the contract has a message.
void i18n
  .use(resourcesToBackend(loadCatalogue))
  .use(initReactI18next)
  .init({
    lng: resolveLanguage(null),
    fallbackLng: defaultLanguage,
    supportedLngs: languages,
    ns: [shellNamespace],
    defaultNS: shellNamespace,
    fallbackNS: [...featureNamespaces],
    interpolation: { escapeValue: false },
  });

/** Loads the catalogues of the given namespaces in the current language (and the German fallback). */
export function loadNamespaces(namespaces: readonly TNamespace[]): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}
