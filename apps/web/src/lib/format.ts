import { dateFormatter } from './format-date.ts';
import { usePropertyLocale } from './property-locale.ts';
import { useSessionState } from './session-store.ts';

/** Formats instants in the user's language and the current property's time zone. */
export function useFormatDateTime(): (iso: string) => string {
  const timeZone = useSessionState((state) => state.property?.timeZone);
  return dateFormatter(usePropertyLocale(), { dateStyle: 'medium', timeStyle: 'short', timeZone }, 'instant');
}

/** The calendar day of an instant in the current property's time zone, as a date (an invoice's issue date). */
export function useFormatInstantDate(): (iso: string) => string {
  const timeZone = useSessionState((state) => state.property?.timeZone);
  return dateFormatter(usePropertyLocale(), { dateStyle: 'medium', timeZone }, 'instant');
}
