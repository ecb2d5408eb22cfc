import { useMemo } from 'react';
import { usePropertyLocale } from '../../../lib/property-locale.ts';

export type TPlanFormats = {
  weekday: (date: string) => string;
  dayMonth: (date: string) => string;
  fullDate: (date: string) => string;
};

/** Date formatters made once per locale: the plan formats thousands of dates per render. */
export function usePlanFormats(): TPlanFormats {
  const locale = usePropertyLocale();
  return useMemo(() => {
    const formatter = (options: Intl.DateTimeFormatOptions) => {
      const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
      return (date: string) => format.format(new Date(`${date}T00:00:00Z`));
    };
    return {
      weekday: formatter({ weekday: 'short' }),
      dayMonth: formatter({ day: '2-digit', month: '2-digit' }),
      fullDate: formatter({ dateStyle: 'full' }),
    };
  }, [locale]);
}
