// Money and dates for the guest, in the guest's language and the property's time zone.
import { localeOf } from '@pms/contract/locales';
import { brandVariables } from '@pms/contract/portal-page';
import type { TLanguage } from './i18n.tsx';

// A formatter is costly to create (the first of a locale loads its data): each is made once and kept,
// as the home formats several dates and amounts in its first render.
const moneyFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' } : {}),
      timeZone,
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** Money as the property's country writes it (de-AT "€ 1.234,50", de-DE "1.234,50 €"), as PDFs and mails do. */
export function formatMoney(
  cents: number,
  currency: string,
  language: TLanguage,
  country: string | null,
): string {
  const locale = localeOf(language, country);
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(cents / 100);
}

/** An instant in the guest's language as the property's country writes it, in the given time zone. */
export function formatDateTime(
  instant: string,
  timeZone: string,
  language: TLanguage,
  country: string | null,
): string {
  return dateFormat(localeOf(language, country), timeZone, true).format(new Date(instant));
}

/** An ISO date (yyyy-mm-dd) as the guest reads it, written as the property's country writes dates. */
export function formatDate(isoDate: string, language: TLanguage, country: string | null): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return dateFormat(localeOf(language, country), 'UTC', false).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** Sets the property's ten brand shades as the page's primary colour variables. */
export function applyBranding(primaryColor: string | null): void {
  for (const [name, colour] of brandVariables(primaryColor))
    document.documentElement.style.setProperty(name, colour);
}
