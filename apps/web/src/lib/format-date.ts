import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Formats calendar dates (YYYY-MM-DD) in the user's language; no time zone shifts the day. */
export function useFormatDate(): (date: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (date: string) =>
      new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${date}T00:00:00Z`),
      ),
    [i18n.language],
  );
}
