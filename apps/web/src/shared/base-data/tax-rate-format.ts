import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTaxRate } from '@pms/contract/base-data';
import { numberLocale } from '../../lib/form-inputs.ts';

/** Formats a percentage (7.5) in the user's language: '7,5 %'. */
export function useFormatPercentage(): (percentage: number) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (percentage: number) =>
      new Intl.NumberFormat(numberLocale(i18n.language), {
        style: 'percent',
        maximumFractionDigits: 2,
      }).format(percentage / 100),
    [i18n.language],
  );
}

/** A tax rate as a choice names it: 'Ermäßigt (10 %)', or just its name if that says the rate. */
export function useTaxRateLabel(): (taxRate: TTaxRate) => string {
  const formatPercentage = useFormatPercentage();
  return useCallback(
    (taxRate: TTaxRate) => {
      const percentage = formatPercentage(taxRate.percentage);
      const withoutSpaces = (text: string) => text.replace(/\s/g, '');
      return withoutSpaces(taxRate.name).includes(withoutSpaces(percentage))
        ? taxRate.name
        : `${taxRate.name} (${percentage})`;
    },
    [formatPercentage],
  );
}
