import { addDays, isIsoDate } from '@pms/contract/dates';
import type { TRoomPlanRange } from './api/get-room-plan.ts';

export const dayRanges = [14, 30, 60] as const;
export type TDayRange = (typeof dayRanges)[number];

export function isDayRange(value: number): value is TDayRange {
  return (dayRanges as readonly number[]).includes(value);
}

export type TPlanPeriod = { from: string; days: TDayRange };

const defaultDays: TDayRange = 30;
/** Days shown before today, so this morning's departures are in view. */
const daysBeforeToday = 1;

/** Where the plan starts by default and on "today": yesterday. */
export function planStart(today: string): string {
  return addDays(today, -daysBeforeToday);
}

/**
 * The period of the address's `from` and `days`, so a reload or a shared link shows the same days;
 * without them, 30 days from yesterday. Plain code without zod: the early request (`early.ts`)
 * computes it before the app has loaded.
 */
export function planPeriod(search: URLSearchParams, today: string): TPlanPeriod {
  const from = search.get('from') ?? '';
  const days = Number(search.get('days'));
  return {
    from: isIsoDate(from) ? from : planStart(today),
    days: isDayRange(days) ? days : defaultDays,
  };
}

/** The days a period shows, first and last included: what the plan asks the server for. */
export function planRange({ from, days }: TPlanPeriod): TRoomPlanRange {
  return { from, to: addDays(from, days - 1) };
}
