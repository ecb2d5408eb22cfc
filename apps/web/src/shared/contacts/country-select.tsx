import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '../../lib/countries.ts';
import { Select } from '../../ui/field.tsx';

/** A select of every country by two-letter code, named in the user's language; empty means none. */
export function CountrySelect(props: ComponentPropsWithRef<'select'>) {
  const { t } = useTranslation();
  const countries = useCountryOptions();
  return (
    <Select {...props}>
      <option value="">{t('contacts.noSelection')}</option>
      {countries.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </Select>
  );
}
