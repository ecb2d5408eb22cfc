import { addDays } from '@pms/contract';

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

function isoDate(year: number, monthIndex: number, day: number): string {
  return new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);
}

function monthRange(today: string, monthsBack: number): TDateRange {
  const year = Number(today.slice(0, 4));
  const monthIndex = Number(today.slice(5, 7)) - 1 - monthsBack;
  // Day 0 of the next month is the last day of this one; Date.UTC rolls months over years.
  return { from: isoDate(year, monthIndex, 1), to: isoDate(year, monthIndex + 1, 0) };
}

/** The first and last day (both included) of a period, seen from `today`; weeks start on Monday. */
export function periodRange(period: Exclude<TDatePeriod, 'custom'>, today: string): TDateRange {
  const year = Number(today.slice(0, 4));
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'tomorrow': {
      const tomorrow = addDays(today, 1);
      return { from: tomorrow, to: tomorrow };
    }
    case 'this_week': {
      const daysSinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      const monday = addDays(today, -daysSinceMonday);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'this_month':
      return monthRange(today, 0);
    case 'last_month':
      return monthRange(today, 1);
    case 'month_before_last':
      return monthRange(today, 2);
    case 'this_year':
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    case 'last_year':
      return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  }
}
