import { describe, expect, it } from 'vitest';
import { periodRange } from './date-periods.ts';

describe('periodRange', () => {
  it('gives single days for today and tomorrow', () => {
    expect(periodRange('today', '2026-12-31')).toEqual({ from: '2026-12-31', to: '2026-12-31' });
    expect(periodRange('tomorrow', '2026-12-31')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });

  it('runs weeks from Monday to Sunday', () => {
    expect(periodRange('this_week', '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodRange('this_week', '2026-11-16')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
  });

  it('keeps whole weeks across the DST changes', () => {
    expect(periodRange('this_week', '2026-03-29')).toEqual({ from: '2026-03-23', to: '2026-03-29' });
    expect(periodRange('this_week', '2026-10-25')).toEqual({ from: '2026-10-19', to: '2026-10-25' });
  });

  it('takes whole months, across the turn of the year', () => {
    expect(periodRange('this_month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange('last_month', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodRange('month_before_last', '2027-02-28')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('takes whole years', () => {
    expect(periodRange('this_year', '2026-06-01')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodRange('last_year', '2026-06-01')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });
});
