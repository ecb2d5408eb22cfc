import { format, formatISO, parseISO } from 'date-fns';
import { tz } from '@date-fns/tz';

/*
 * Calendar dates are ISO strings (YYYY-MM-DD). The arithmetic on them counts days from their digits
 * in UTC, so no time zone and no daylight saving time moves a day; a room plan lays out thousands of
 * stays by it, and parsing each date through date-fns cost it about 70 ms.
 */
const dayMs = 86_400_000;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** The days from 1970-01-01 to a calendar date (NaN for text that is no date). */
function dayNumber(date: string): number {
  if (!isoDatePattern.test(date)) return Number.NaN;
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / dayMs;
}

export function addDays(date: string, days: number): string {
  const day = dayNumber(date) + days;
  if (!Number.isFinite(day)) throw new RangeError(`not a calendar date: ${date}`);
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

/** The dates the app handles: a guest's birth date from 1900 on, stays and periods up to 2199. */
export const minIsoDate = '1900-01-01';
export const maxIsoDate = '2199-12-31';

/** Whether a date YYYY-MM-DD lies within the years the app handles. */
export function isWithinAppYears(date: string): boolean {
  return date >= minIsoDate && date <= maxIsoDate;
}

/**
 * Whether a text is a calendar date YYYY-MM-DD that exists (no February 30) within the years the app
 * handles: what `ZIsoDate` accepts, for code that must not load zod (the first screen's).
 */
export function isIsoDate(value: string): boolean {
  // A day that does not exist (February 30, month 13) rolls over into another date.
  return isoDatePattern.test(value) && isWithinAppYears(value) && addDays(value, 0) === value;
}

/** Nights between two dates (check-out minus check-in). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  return dayNumber(checkOut) - dayNumber(checkIn);
}

/** The date of every night of a stay: check-in up to the day before check-out. */
export function eachNight(checkIn: string, checkOut: string): string[] {
  return Array.from({ length: Math.max(0, nightsBetween(checkIn, checkOut)) }, (_, i) => addDays(checkIn, i));
}

/** Today's date in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return formatISO(now, { representation: 'date', in: tz(timeZone) });
}

/** The wall-clock date and time of an instant in a time zone, `YYYY-MM-DDTHH:mm:ss`. */
export function localDateTimeIn(timeZone: string, now: Date): string {
  return format(now, "yyyy-MM-dd'T'HH:mm:ss", { in: tz(timeZone) });
}

/**
 * The instant of a local date and HH:mm time in a time zone (DST-aware): a time that the spring
 * change skips moves forward by the gap.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  return new Date(parseISO(`${date}T${time}`, { in: tz(timeZone) }).getTime());
}
