// A date typed as day, month and year (the order a European guest writes it), and the ISO date it
// makes. Two-digit years follow the spec's cutoff of 60: 59 is 2059, 60 is 1960.

export type TDateParts = { day: string; month: string; year: string };

export const twoDigitYearCutoff = 60;

/** The ISO date (yyyy-mm-dd) of the parts, or '' while they make no existing date. */
export function isoOfParts({ day, month, year }: TDateParts): string {
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^(\d{2}|\d{4})$/.test(year)) return '';
  let fullYear = Number(year);
  if (year.length === 2) fullYear += fullYear < twoDigitYearCutoff ? 2000 : 1900;
  const date = new Date(Date.UTC(fullYear, Number(month) - 1, Number(day)));
  const exists =
    date.getUTCFullYear() === fullYear &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  if (!exists || fullYear < 1900) return '';
  return `${String(fullYear).padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** Whether the parts are typed in full but name no date (31.02.1990), which the field calls invalid. */
export function isImpossibleDate(parts: TDateParts): boolean {
  const isTyped =
    /^\d{1,2}$/.test(parts.day) && /^\d{1,2}$/.test(parts.month) && /^(\d{2}|\d{4})$/.test(parts.year);
  return isTyped && isoOfParts(parts) === '';
}

/** The parts of an ISO date; empty parts for anything else. */
export function partsOfIso(iso: string): TDateParts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? { day: match[3]!, month: match[2]!, year: match[1]! } : { day: '', month: '', year: '' };
}
