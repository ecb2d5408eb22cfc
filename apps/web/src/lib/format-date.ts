import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocale } from './locales.ts';

/**
 * Formats calendar dates (YYYY-MM-DD) in the user's language; no time zone shifts the day. Wide
 * tables take the short style (29.10.26).
 */
export function useFormatDate(style: 'medium' | 'short' = 'medium'): (date: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (date: string) =>
      new Intl.DateTimeFormat(dateLocale(i18n.language), { dateStyle: style, timeZone: 'UTC' }).format(
        new Date(`${date}T00:00:00Z`),
      ),
    [i18n.language, style],
  );
}
