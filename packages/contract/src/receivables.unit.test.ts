import { describe, expect, it } from 'vitest';
import { agingBucket, nextReminder, reminderPayBy } from './receivables.ts';

describe('agingBucket', () => {
  it('puts an invoice in its bracket by the days since it was issued', () => {
    expect([0, 30, 31, 60, 61, 90, 91, 400].map(agingBucket)).toEqual([
      '0-30',
      '0-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });
});

describe('nextReminder', () => {
  it('allows the payment reminder from the day after the due day', () => {
    expect(nextReminder({ dueOn: '2026-12-10', lastReminder: null })).toEqual({
      level: 1,
      from: '2026-12-11',
    });
  });

  it('allows the dunning letter from the day after the reminder’s deadline, over a month’s end', () => {
    expect(nextReminder({ dueOn: '2026-12-10', lastReminder: { level: 1, payBy: '2026-12-31' } })).toEqual({
      level: 2,
      from: '2027-01-01',
    });
  });

  it('has nothing after the dunning letter, and nothing for an invoice that owed nothing', () => {
    expect(nextReminder({ dueOn: '2026-12-10', lastReminder: { level: 2, payBy: '2027-01-15' } })).toBeNull();
    expect(nextReminder({ dueOn: null, lastReminder: null })).toBeNull();
  });
});

describe('reminderPayBy', () => {
  it('gives the property’s days from the reminder’s day, across a leap day', () => {
    expect(reminderPayBy('2028-02-25', 10)).toBe('2028-03-06');
    expect(reminderPayBy('2026-11-26', 14)).toBe('2026-12-10');
  });
});
