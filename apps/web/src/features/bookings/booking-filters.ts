import {
  bookingFilters,
  bookingStatuses,
  type TBookingFilter,
  type TBookingStatus,
} from '@pms/contract/bookings';
import { ZId, ZIsoDate } from '@pms/contract/common';
import { isDatePeriod, periodRange, type TDatePeriod } from '../../lib/date-periods.ts';
import { usePropertyToday } from '../../lib/property-today.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import type { TBookingsFilter } from '../../shared/bookings/index.ts';

/** The URL query parameters of the bookings list, so a reload or a shared link keeps the filters. */
export const filterParams = ['filter', 'period', 'from', 'to', 'status', 'channel', 'query'] as const;
type TFilterParam = (typeof filterParams)[number];

function oneOf<T extends string>(values: readonly T[], value: string): T | undefined {
  return values.find((candidate) => candidate === value);
}

function isoDateOrUndefined(value: string): string | undefined {
  return ZIsoDate.safeParse(value).success ? value : undefined;
}

export type TBookingFilterState = {
  filter: TBookingFilter | undefined;
  period: TDatePeriod | undefined;
  /** The custom period's own dates, as typed. */
  customFrom: string | undefined;
  customTo: string | undefined;
  status: TBookingStatus | undefined;
  /** The channel (booking platform) the bookings came from. */
  channelId: string | undefined;
  query: string;
  hasFilters: boolean;
  /** What the list asks the server for: the period becomes from and to. */
  request: Omit<TBookingsFilter, 'pageNumber' | 'pageSize'>;
  /** Sets or (with null or '') removes parameters, and starts again at page 1. */
  change: (changes: Partial<Record<TFilterParam, string | null>>) => void;
  reset: () => void;
};

export function useBookingFilterState(): TBookingFilterState {
  const { values, change } = useListParams(filterParams);
  const today = usePropertyToday();
  const filter = oneOf(bookingFilters, values.filter);
  const period = isDatePeriod(values.period) ? values.period : undefined;
  const customFrom = isoDateOrUndefined(values.from);
  const customTo = isoDateOrUndefined(values.to);
  const status = oneOf(bookingStatuses, values.status);
  const query = values.query.trim();
  const channelId = ZId.safeParse(values.channel).success ? values.channel : undefined;
  const range =
    period === undefined
      ? {}
      : period === 'custom'
        ? { from: customFrom, to: customTo }
        : periodRange(period, today);

  return {
    filter,
    period,
    customFrom,
    customTo,
    status,
    channelId,
    query,
    hasFilters: filterParams.some((param) => values[param] !== ''),
    request: { filter, status, channelId, query: query || undefined, ...range },
    change,
    reset: () => change(Object.fromEntries(filterParams.map((param) => [param, null]))),
  };
}
