import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions, type TCountryOption } from '@pms/contract/countries';

export { countryName } from '@pms/contract/countries';

/** The country list in the user's language. */
export function useCountryOptions(): TCountryOption[] {
  const { i18n } = useTranslation();
  return useMemo(() => countryOptions(i18n.language), [i18n.language]);
}
