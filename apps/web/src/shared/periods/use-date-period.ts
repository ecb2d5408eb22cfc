import { ZIsoDate } from '@pms/contract/common';
import { isDatePeriod, periodRange, type TDatePeriod, type TDateRange } from '../../lib/date-periods.ts';
import { usePropertyToday } from '../../lib/property-today.ts';
import { useListParams } from '../../lib/use-list-params.ts';

const periodParams = ['period', 'from', 'to'] as const;

export type TDatePeriodState = {
  period: TDatePeriod;
  /** The custom period's dates as typed (empty when not valid dates). */
  customFrom: string;
  customTo: string;
  /** The first and last day asked for; null while a custom period is incomplete or the wrong way round. */
  range: TDateRange | null;
  change: (changes: Partial<Record<(typeof periodParams)[number], string | null>>) => void;
};

function isoDateOrEmpty(value: string): string {
  return ZIsoDate.safeParse(value).success ? value : '';
}

/** A period kept in the URL: one of the spec's periods (`defaultPeriod` when none is set) or custom. */
export function useDatePeriod(defaultPeriod: TDatePeriod): TDatePeriodState {
  const { values, change } = useListParams(periodParams);
  const today = usePropertyToday();
  const period = isDatePeriod(values.period) ? values.period : defaultPeriod;
  const customFrom = isoDateOrEmpty(values.from);
  const customTo = isoDateOrEmpty(values.to);
  const range =
    period === 'custom'
      ? customFrom && customTo && customFrom <= customTo
        ? { from: customFrom, to: customTo }
        : null
      : periodRange(period, today);
  return { period, customFrom, customTo, range, change };
}
