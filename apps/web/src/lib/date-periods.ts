import {
  addDays,
  endOfMonth,
  endOfWeek,
  endOfYear,
  formatISO,
  parseISO,
  startOfMonth,
  startOfWeek,
  startOfYear,
  subMonths,
  subYears,
} from 'date-fns';

/** The spec's date periods; 'custom' takes its own from and to. */
export const datePeriods = [
  'today',
  'tomorrow',
  'this_week',
  'this_month',
  'last_month',
  'month_before_last',
  'this_year',
  'last_year',
  'custom',
] as const;
export type TDatePeriod = (typeof datePeriods)[number];
export type TDateRange = { from: string; to: string };

export function isDatePeriod(value: string | null): value is TDatePeriod {
  return (datePeriods as readonly (string | null)[]).includes(value);
}

function toIsoDate(date: Date): string {
  return formatISO(date, { representation: 'date' });
}

function rangeOf(start: Date, end: Date): TDateRange {
  return { from: toIsoDate(start), to: toIsoDate(end) };
}

function monthRange(today: Date, monthsBack: number): TDateRange {
  const month = subMonths(today, monthsBack);
  return rangeOf(startOfMonth(month), endOfMonth(month));
}

/** The first and last day (both included) of a period, seen from `today`; weeks start on Monday. */
export function periodRange(period: Exclude<TDatePeriod, 'custom'>, today: string): TDateRange {
  const day = parseISO(today);
  switch (period) {
    case 'today':
      return rangeOf(day, day);
    case 'tomorrow': {
      const tomorrow = addDays(day, 1);
      return rangeOf(tomorrow, tomorrow);
    }
    case 'this_week':
      return rangeOf(startOfWeek(day, { weekStartsOn: 1 }), endOfWeek(day, { weekStartsOn: 1 }));
    case 'this_month':
      return monthRange(day, 0);
    case 'last_month':
      return monthRange(day, 1);
    case 'month_before_last':
      return monthRange(day, 2);
    case 'this_year':
      return rangeOf(startOfYear(day), endOfYear(day));
    case 'last_year': {
      const lastYear = subYears(day, 1);
      return rangeOf(startOfYear(lastYear), endOfYear(lastYear));
    }
  }
}
