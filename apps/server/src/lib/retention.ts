// How long the law lets a hotel keep each kind of record, as data per country, and the one rule that
// turns a record's dates into the day it must be gone. The daily retention job and the erasure of a
// guest's data read the same answer: a record a rule still holds is never touched.

import { retentionRecords } from '@pms/contract';

/** The name an anonymised person's records carry instead of theirs. */
export const anonymisedName = 'Anonymisiert';

export const retainedRecords = retentionRecords;
export type TRetainedRecord = (typeof retainedRecords)[number];

/** From which of a record's dates its period runs. */
export type TRetentionStart =
  /** The day the record was made (the Austrian guest register: from the entry). */
  | 'entry'
  /** The guest's arrival (the German Meldeschein). */
  | 'arrival'
  /** The end of the calendar year of the record (invoices and accounting records). */
  | 'end_of_year'
  /** The guest's last stay (a profile without a stay under retention). */
  | 'last_stay'
  /** The check-out, or the confirmation of the data read from the picture, whichever is first. */
  | 'confirmation_or_check_out';

export type TRetentionRule = {
  country: string;
  record: TRetainedRecord;
  start: TRetentionStart;
  years: number;
  months: number;
  days: number;
  /** After the period the record must be gone within this many months (the German Meldeschein: 3). */
  graceMonths: number;
  /** The legal text the rule follows, shown to admins beside it. */
  reference: string;
};

/** The rules a new property of a country starts with; admins may change them, the reference stays shown. */
export const defaultRetentionRules: readonly TRetentionRule[] = [
  rule('AT', 'registration_form', 'entry', { years: 7 }, 'MeldeG § 10 (2), MeldeV § 19 (4)'),
  rule('DE', 'registration_form', 'arrival', { years: 1, graceMonths: 3 }, 'BMG § 30 (4)'),
  rule('AT', 'id_picture', 'confirmation_or_check_out', { days: 7 }, 'DSGVO Art. 5 (1) c, e'),
  rule(
    'DE',
    'id_picture',
    'confirmation_or_check_out',
    { days: 7 },
    'DSGVO Art. 5 (1) c, e; PAuswG § 20 (2)',
  ),
  rule('AT', 'accounting_record', 'end_of_year', { years: 7 }, 'BAO § 132 (1)'),
  rule('DE', 'accounting_record', 'end_of_year', { years: 10 }, 'AO § 147 (1), (3); HGB § 257'),
  rule('AT', 'guest_profile', 'last_stay', { years: 3 }, 'DSGVO Art. 5 (1) e, Art. 17'),
  rule('DE', 'guest_profile', 'last_stay', { years: 3 }, 'DSGVO Art. 5 (1) e, Art. 17'),
];

function rule(
  country: string,
  record: TRetainedRecord,
  start: TRetentionStart,
  period: { years?: number; months?: number; days?: number; graceMonths?: number },
  reference: string,
): TRetentionRule {
  return {
    country,
    record,
    start,
    years: period.years ?? 0,
    months: period.months ?? 0,
    days: period.days ?? 0,
    graceMonths: period.graceMonths ?? 0,
    reference,
  };
}

/** A record's dates, as far as it has them (YYYY-MM-DD). */
export type TRecordDates = {
  entry?: string | null;
  arrival?: string | null;
  checkOut?: string | null;
  confirmedOn?: string | null;
  lastStay?: string | null;
};

/** A date plus years, months and days, the day of month kept where the month has it (else its last day). */
export function addPeriod(date: string, period: { years: number; months: number; days: number }): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) + period.years * 12 + period.months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = monthIndex % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const shifted = new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay) + period.days));
  return shifted.toISOString().slice(0, 10);
}

function startOf(start: TRetentionStart, dates: TRecordDates): string | null {
  switch (start) {
    case 'entry':
      return dates.entry ?? null;
    case 'arrival':
      return dates.arrival ?? null;
    case 'end_of_year': {
      const day = dates.entry ?? dates.arrival;
      return day ? `${day.slice(0, 4)}-12-31` : null;
    }
    case 'last_stay':
      return dates.lastStay ?? null;
    case 'confirmation_or_check_out': {
      const candidates = [dates.confirmedOn, dates.checkOut].filter((day): day is string => Boolean(day));
      return candidates.sort()[0] ?? null;
    }
  }
}

/**
 * The first day a record may be deleted (`from`), and the last day it may still exist (`by`): the
 * period's end, and the end plus the grace the law allows. Null while a date the rule needs is missing
 * (a picture of a stay not checked out and not confirmed is kept).
 */
export function retentionEnd(rule: TRetentionRule, dates: TRecordDates): { from: string; by: string } | null {
  const start = startOf(rule.start, dates);
  if (!start) return null;
  const from = addPeriod(start, { years: rule.years, months: rule.months, days: rule.days + 1 });
  return { from, by: addPeriod(from, { years: 0, months: rule.graceMonths, days: 0 }) };
}

/** Whether a rule still holds a record on a day. */
export function isHeld(rule: TRetentionRule, dates: TRecordDates, today: string): boolean {
  const end = retentionEnd(rule, dates);
  return end === null || today < end.from;
}
