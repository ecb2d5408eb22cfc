import { usePropertyLocale } from './property-locale.ts';

/** What a formatter is given: a calendar date (YYYY-MM-DD), which no time zone shifts, or an instant. */
type TDateKind = 'calendar' | 'instant';

const parsers: Record<TDateKind, (value: string) => Date> = {
  calendar: (date) => new Date(`${date}T00:00:00Z`),
  instant: (iso) => new Date(iso),
};

const formatters = new Map<string, (value: string) => string>();

/** The calendar days a formatter keeps formatted, a few years' worth. */
const maxFormattedDays = 2_000;

/**
 * A date formatting function per locale, options and kind of value, made once for the app's life:
 * making an `Intl.DateTimeFormat` costs more (about 10 ms for the first of its kind on a screen) than
 * formatting a whole column with it, and the same function keeps memoised rows from drawing again.
 */
export function dateFormatter(
  locale: string,
  options: Intl.DateTimeFormatOptions,
  kind: TDateKind = 'calendar',
): (value: string) => string {
  const key = `${locale}|${kind}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const format = new Intl.DateTimeFormat(
      locale,
      kind === 'calendar' ? { ...options, timeZone: 'UTC' } : options,
    );
    const parse = parsers[kind];
    // A screen formats the same few hundred calendar days many times (a date on each bar of the plan).
    const formatted = new Map<string, string>();
    formatter =
      kind === 'calendar'
        ? (value) => {
            let text = formatted.get(value);
            if (text === undefined) {
              text = format.format(parse(value));
              if (formatted.size >= maxFormattedDays) formatted.clear();
              formatted.set(value, text);
            }
            return text;
          }
        : (value) => format.format(parse(value));
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats calendar dates (YYYY-MM-DD) as the user's language writes them in the property's country; no
 * time zone shifts the day. Wide tables take the short style (29.10.26).
 */
export function useFormatDate(style: 'medium' | 'short' = 'medium'): (date: string) => string {
  return dateFormatter(usePropertyLocale(), { dateStyle: style });
}
