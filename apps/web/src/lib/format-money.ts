import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@pms/contract/money';
import { useSessionState } from './session-store.ts';

const defaultCurrency = 'EUR';

/** Formats cents in the current property's currency and the user's language. */
export function useFormatMoney(): (cents: number) => string {
  const { i18n } = useTranslation();
  const currency = useSessionState((state) => state.property?.currency) ?? defaultCurrency;
  return useCallback(
    (cents: number) => formatMoney(cents, currency, i18n.language),
    [currency, i18n.language],
  );
}
