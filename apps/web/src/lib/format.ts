import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocale } from './locales.ts';
import { useSessionState } from './session-store.ts';

/** Formats instants in the user's language and the current property's time zone. */
export function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const timeZone = useSessionState((state) => state.property?.timeZone);
  return useCallback(
    (iso: string) =>
      new Intl.DateTimeFormat(dateLocale(i18n.language), {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone,
      }).format(new Date(iso)),
    [i18n.language, timeZone],
  );
}

/** The calendar day of an instant in the current property's time zone, as a date (an invoice's issue date). */
export function useFormatInstantDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  const timeZone = useSessionState((state) => state.property?.timeZone);
  return useCallback(
    (iso: string) =>
      new Intl.DateTimeFormat(dateLocale(i18n.language), { dateStyle: 'medium', timeZone }).format(
        new Date(iso),
      ),
    [i18n.language, timeZone],
  );
}
