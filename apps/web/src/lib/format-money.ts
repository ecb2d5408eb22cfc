import { useCallback } from 'react';
import { formatMoney } from '@pms/contract/money';
import { usePropertyLocale } from './property-locale.ts';
import { useSessionState } from './session-store.ts';

const defaultCurrency = 'EUR';

/** Formats cents in the current property's currency, as the user's language writes it in the property's country. */
export function useFormatMoney(): (cents: number) => string {
  const currency = useSessionState((state) => state.property?.currency) ?? defaultCurrency;
  const locale = usePropertyLocale();
  return useCallback((cents: number) => formatMoney(cents, currency, locale), [currency, locale]);
}
