import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocale } from '../../../lib/locales.ts';

export type TPlanFormats = {
  weekday: (date: string) => string;
  dayMonth: (date: string) => string;
  fullDate: (date: string) => string;
};

/** Date formatters made once per language: the plan formats thousands of dates per render. */
export function usePlanFormats(): TPlanFormats {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const formatter = (options: Intl.DateTimeFormatOptions) => {
      const format = new Intl.DateTimeFormat(dateLocale(i18n.language), { ...options, timeZone: 'UTC' });
      return (date: string) => format.format(new Date(`${date}T00:00:00Z`));
    };
    return {
      weekday: formatter({ weekday: 'short' }),
      dayMonth: formatter({ day: '2-digit', month: '2-digit' }),
      fullDate: formatter({ dateStyle: 'full' }),
    };
  }, [i18n.language]);
}
