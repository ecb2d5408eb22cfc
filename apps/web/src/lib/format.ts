import { useMemo } from 'react';
import { usePropertyLocale } from './property-locale.ts';
import { useSessionState } from './session-store.ts';

/** Formats instants in the user's language and the current property's time zone. */
export function useFormatDateTime(): (iso: string) => string {
  const locale = usePropertyLocale();
  const timeZone = useSessionState((state) => state.property?.timeZone);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    return (iso: string) => format.format(new Date(iso));
  }, [locale, timeZone]);
}

/** The calendar day of an instant in the current property's time zone, as a date (an invoice's issue date). */
export function useFormatInstantDate(): (iso: string) => string {
  const locale = usePropertyLocale();
  const timeZone = useSessionState((state) => state.property?.timeZone);
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
    return (iso: string) => format.format(new Date(iso));
  }, [locale, timeZone]);
}
