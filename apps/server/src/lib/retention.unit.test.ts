import { describe, expect, it } from 'vitest';
import { addPeriod, defaultRetentionRules, isHeld, retentionEnd, type TRetainedRecord } from './retention.ts';

const ruleOf = (country: string, record: TRetainedRecord) =>
  defaultRetentionRules.find((rule) => rule.country === country && rule.record === record)!;

describe('retention rules', () => {
  it('keeps an Austrian registration form seven years from its entry, not a day more', () => {
    const rule = ruleOf('AT', 'registration_form');
    const dates = { entry: '2026-06-10', arrival: '2026-06-10' };
    expect(retentionEnd(rule, dates)).toEqual({ from: '2033-06-11', by: '2033-06-11' });
    expect(isHeld(rule, dates, '2033-06-10')).toBe(true);
    expect(isHeld(rule, dates, '2033-06-11')).toBe(false);
  });

  it('keeps a German Meldeschein a year from arrival, to be gone within three months after', () => {
    const rule = ruleOf('DE', 'registration_form');
    expect(retentionEnd(rule, { entry: '2026-05-01', arrival: '2026-05-03' })).toEqual({
      from: '2027-05-04',
      by: '2027-08-04',
    });
  });

  it('keeps accounting records 7 years (AT) or 10 years (DE) from the end of their year', () => {
    const dates = { entry: '2026-03-15' };
    expect(retentionEnd(ruleOf('AT', 'accounting_record'), dates)?.from).toBe('2034-01-01');
    expect(retentionEnd(ruleOf('DE', 'accounting_record'), dates)?.from).toBe('2037-01-01');
  });

  it('deletes ID pictures a week after confirmation or check-out, whichever comes first; keeps them before', () => {
    const rule = ruleOf('AT', 'id_picture');
    expect(retentionEnd(rule, { confirmedOn: '2026-06-11', checkOut: '2026-06-14' })?.from).toBe(
      '2026-06-19',
    );
    expect(retentionEnd(rule, { checkOut: '2026-06-14' })?.from).toBe('2026-06-22');
    expect(isHeld(rule, { confirmedOn: null, checkOut: null }, '2030-01-01')).toBe(true);
  });

  it('anonymises a profile three years after the last stay', () => {
    expect(retentionEnd(ruleOf('DE', 'guest_profile'), { lastStay: '2026-02-28' })?.from).toBe('2029-03-01');
  });

  it('adds periods to month ends and leap days as the calendar has them', () => {
    expect(addPeriod('2028-02-29', { years: 1, months: 0, days: 0 })).toBe('2029-02-28');
    expect(addPeriod('2026-01-31', { years: 0, months: 1, days: 0 })).toBe('2026-02-28');
    expect(addPeriod('2026-12-31', { years: 0, months: 0, days: 1 })).toBe('2027-01-01');
  });

  it('names the legal reference of every rule', () => {
    expect(defaultRetentionRules.every((rule) => rule.reference.length > 0)).toBe(true);
  });
});
