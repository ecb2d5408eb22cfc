import { describe, expect, it } from 'vitest';
import { addDays, eachNight, nightsBetween, todayIn, zonedInstant } from './dates.ts';
import { roundHalfAwayFromZero, splitGross } from './money.ts';

describe('dates', () => {
  it('counts nights and lists them across month and year ends', () => {
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(eachNight('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('counts whole nights across daylight saving changes', () => {
    expect(nightsBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(nightsBetween('2026-10-24', '2026-10-26')).toBe(2);
  });

  it('turns a local date and time into the instant of that time zone, DST included', () => {
    expect(zonedInstant('2026-01-15', '15:00', 'Europe/Vienna').toISOString()).toBe(
      '2026-01-15T14:00:00.000Z',
    );
    expect(zonedInstant('2026-07-15', '15:00', 'Europe/Vienna').toISOString()).toBe(
      '2026-07-15T13:00:00.000Z',
    );
    expect(zonedInstant('2026-03-29', '11:00', 'Europe/Vienna').toISOString()).toBe(
      '2026-03-29T09:00:00.000Z',
    );
    expect(zonedInstant('2026-10-25', '11:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T10:00:00.000Z',
    );
  });

  it('maps check-in and check-out times on the Vienna DST days to their instants', () => {
    // 2026-03-29: clocks go from 02:00 CET to 03:00 CEST.
    expect(zonedInstant('2026-03-29', '00:00', 'Europe/Vienna').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(zonedInstant('2026-03-29', '15:00', 'Europe/Vienna').toISOString()).toBe(
      '2026-03-29T13:00:00.000Z',
    );
    expect(zonedInstant('2026-03-28', '15:00', 'Europe/Vienna').toISOString()).toBe(
      '2026-03-28T14:00:00.000Z',
    );
    // 2026-10-25: clocks go from 03:00 CEST back to 02:00 CET.
    expect(zonedInstant('2026-10-25', '11:00', 'Europe/Vienna').toISOString()).toBe(
      '2026-10-25T10:00:00.000Z',
    );
    expect(zonedInstant('2026-10-25', '15:00', 'Europe/Vienna').toISOString()).toBe(
      '2026-10-25T14:00:00.000Z',
    );
    expect(zonedInstant('2026-10-24', '11:00', 'Europe/Vienna').toISOString()).toBe(
      '2026-10-24T09:00:00.000Z',
    );
  });

  it('moves a time the spring change skips forward by the gap', () => {
    expect(zonedInstant('2026-03-29', '02:30', 'Europe/Vienna').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it("gives the property's date across the DST nights", () => {
    expect(todayIn('Europe/Vienna', new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/Vienna', new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/Vienna', new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(todayIn('Europe/Vienna', new Date('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    expect(todayIn('Europe/Vienna', new Date('2026-10-25T22:59:00Z'))).toBe('2026-10-25');
    expect(todayIn('Europe/Vienna', new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('adds days and counts nights on the DST days as whole calendar days', () => {
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-26', -1)).toBe('2026-10-25');
    expect(eachNight('2026-10-24', '2026-10-27')).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(nightsBetween('2026-03-29', '2026-03-29')).toBe(0);
    expect(nightsBetween('2026-03-30', '2026-03-28')).toBe(-2);
  });

  it("gives today's date in a time zone", () => {
    const lateUtc = new Date('2026-06-30T22:30:00Z');
    expect(todayIn('Europe/Vienna', lateUtc)).toBe('2026-07-01');
    expect(todayIn('UTC', lateUtc)).toBe('2026-06-30');
  });
});

describe('money', () => {
  it('rounds half away from zero', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(2.4)).toBe(2);
  });

  it('splits gross into net and tax so that they add up', () => {
    expect(splitGross(11000, 1000)).toEqual({ netAmount: 10000, taxAmount: 1000 });
    expect(splitGross(1999, 1900)).toEqual({ netAmount: 1680, taxAmount: 319 });
    expect(splitGross(-11000, 1000)).toEqual({ netAmount: -10000, taxAmount: -1000 });
    expect(splitGross(1000, 0)).toEqual({ netAmount: 1000, taxAmount: 0 });
  });
});

describe('day arithmetic', () => {
  it('counts calendar days across month, leap and year ends and daylight saving time', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('1900-01-01', 365)).toBe('1901-01-01');
    expect(nightsBetween('2026-10-24', '2026-10-27')).toBe(3);
    expect(nightsBetween('2026-03-31', '2026-03-01')).toBe(-30);
  });

  it('refuses text that is no date', () => {
    expect(() => addDays('27.11.2026', 1)).toThrow(RangeError);
    expect(nightsBetween('2026-11-27', 'soon')).toBeNaN();
  });
});
