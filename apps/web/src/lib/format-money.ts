import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@pms/contract/money';
import { moneyLocale } from './locales.ts';
import { useSessionState } from './session-store.ts';

const defaultCurrency = 'EUR';

/** Formats cents in the current property's currency, as the user's language writes it in the property's country. */
export function useFormatMoney(): (cents: number) => string {
  const { i18n } = useTranslation();
  const currency = useSessionState((state) => state.property?.currency) ?? defaultCurrency;
  const country = useSessionState((state) => state.property?.country);
  const locale = moneyLocale(i18n.language, country);
  return useCallback((cents: number) => formatMoney(cents, currency, locale), [currency, locale]);
}
