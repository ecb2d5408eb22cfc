import { useMemo } from 'react';
import { usePropertyLocale } from './property-locale.ts';

/**
 * Formats calendar dates (YYYY-MM-DD) as the user's language writes them in the property's country; no
 * time zone shifts the day. Wide tables take the short style (29.10.26).
 */
export function useFormatDate(style: 'medium' | 'short' = 'medium'): (date: string) => string {
  const locale = usePropertyLocale();
  // One formatter per screen: making one costs more than formatting a whole column with it.
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' });
    return (date: string) => format.format(new Date(`${date}T00:00:00Z`));
  }, [locale, style]);
}
