import { useMemo } from 'react';
import { dateFormatter } from '../../../lib/format-date.ts';
import { usePropertyLocale } from '../../../lib/property-locale.ts';

export type TPlanFormats = {
  weekday: (date: string) => string;
  dayMonth: (date: string) => string;
  fullDate: (date: string) => string;
};

/** The plan's date formatters, one object per locale: its rows are memoised on it. */
export function usePlanFormats(): TPlanFormats {
  const locale = usePropertyLocale();
  return useMemo(
    () => ({
      weekday: dateFormatter(locale, { weekday: 'short' }),
      dayMonth: dateFormatter(locale, { day: '2-digit', month: '2-digit' }),
      fullDate: dateFormatter(locale, { dateStyle: 'full' }),
    }),
    [locale],
  );
}
