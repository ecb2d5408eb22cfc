import { isExists } from 'date-fns';

/*
 * A date field shows the app's language, not the browser's: German writes 26.11.2026, English writes
 * 26/11/2026 as en-GB does (day before month, as a European hotel expects). The form keeps the
 * calendar date as YYYY-MM-DD.
 */

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const germanDatePattern = /^(\d{1,2})\s*\.\s*(\d{1,2})\s*\.\s*(\d{4})$/;
const englishDatePattern = /^(\d{1,2})\s*\/\s*(\d{1,2})\s*\/\s*(\d{4})$/;

function separatorOf(language: string): string {
  return language === 'en' ? '/' : '.';
}

function isoDateOf(year: number, month: number, day: number): string | null {
  if (!isExists(year, month - 1, day)) return null;
  return [String(year).padStart(4, '0'), String(month).padStart(2, '0'), String(day).padStart(2, '0')].join(
    '-',
  );
}

/** A calendar date (YYYY-MM-DD) as the language writes it in a date field; any other text stays as it is. */
export function formatDateText(value: string, language: string): string {
  const parts = isoDatePattern.exec(value);
  if (!parts) return value;
  const [, year, month, day] = parts;
  return [day, month, year].join(separatorOf(language));
}

/**
 * The calendar date (YYYY-MM-DD) in typed text: day, month and four-digit year in the language's
 * writing (1.2.2026 or 01.02.2026; 1/2/2026 in English) or an ISO date; '' for no text; null for
 * text that is no existing date (31.02.2026, 12.13.2026, 1.2.26).
 */
export function parseDateText(text: string, language: string): string | null {
  const typed = text.trim();
  if (typed === '') return '';
  const iso = isoDatePattern.exec(typed);
  if (iso) return isoDateOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const local = (language === 'en' ? englishDatePattern : germanDatePattern).exec(typed);
  if (local) return isoDateOf(Number(local[3]), Number(local[2]), Number(local[1]));
  return null;
}

/**
 * What a date field gives its form: the calendar date, '' when empty, and otherwise the text as
 * typed, which the form's date schema refuses, so that no other day is saved in its place.
 */
export function dateFormValue(text: string, language: string): string {
  return parseDateText(text, language) ?? text.trim();
}
