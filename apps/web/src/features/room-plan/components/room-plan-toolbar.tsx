import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '@heroicons/react/24/outline';
import type { TBookingStatus } from '@pms/contract/bookings';
import { ZIsoDate } from '@pms/contract/common';
import { addDays } from '@pms/contract/dates';
import { housekeepingStatuses as housekeepingStates } from '@pms/contract/room-plan';
import { Button, IconButton } from '../../../ui/button.tsx';
import { DateInput } from '../../../ui/date-input.tsx';
import { Select } from '../../../ui/field.tsx';
import { SpinnerIcon } from '../../../ui/spinner.tsx';
import {
  barAppearance,
  FixedRoomIcon,
  housekeepingDots,
  lockPattern,
  statusIcons,
} from './bar-appearance.ts';
import { dayRanges, isDayRange, type TPlanPeriod } from '../plan-period.ts';

type TRoomPlanToolbarProps = {
  period: TPlanPeriod;
  /** The first day of the period that holds today. */
  todayStart: string;
  isUpdating: boolean;
  onChange: (period: TPlanPeriod) => void;
};

/** Moves the plan by weeks, back to today or to a chosen day, and sets how many days it shows. */
export function RoomPlanToolbar({ period, todayStart, isUpdating, onChange }: TRoomPlanToolbarProps) {
  const { t } = useTranslation();
  const moveBy = (days: number) => onChange({ ...period, from: addDays(period.from, days) });
  return (
    <div role="group" aria-label={t('roomPlan.toolbar')} className="flex flex-wrap items-center gap-2">
      <div className="flex items-center">
        <IconButton label={t('roomPlan.previousWeek')} icon={ChevronLeftIcon} onClick={() => moveBy(-7)} />
        <Button variant="secondary" size="sm" onClick={() => onChange({ ...period, from: todayStart })}>
          {t('roomPlan.today')}
        </Button>
        <IconButton label={t('roomPlan.nextWeek')} icon={ChevronRightIcon} onClick={() => moveBy(7)} />
      </div>
      <div className="w-40">
        <DateInput
          aria-label={t('roomPlan.startDate')}
          value={period.from}
          onChange={(event) => {
            if (ZIsoDate.safeParse(event.target.value).success)
              onChange({ ...period, from: event.target.value });
          }}
        />
      </div>
      <div className="w-32">
        <Select
          aria-label={t('roomPlan.range')}
          value={period.days}
          onChange={(event) => {
            const days = Number(event.target.value);
            if (isDayRange(days)) onChange({ ...period, days });
          }}
        >
          {dayRanges.map((days) => (
            <option key={days} value={days}>
              {t('roomPlan.rangeDays', { count: days })}
            </option>
          ))}
        </Select>
      </div>
      {isUpdating && (
        <span role="status" className="flex items-center gap-2 text-sm text-gray-500">
          <SpinnerIcon className="size-4 text-primary-600" />
          {t('roomPlan.updating')}
        </span>
      )}
    </div>
  );
}

const legendStatuses: readonly TBookingStatus[] = ['pending', 'confirmed', 'checked_in', 'checked_out'];

/**
 * What the plan's marks mean: each status by its bar and icon (the icon stays when a booking has a
 * colour of its own), the pin of a booking fixed to its room, a lock, and the housekeeping dots.
 */
export function RoomPlanLegend() {
  const { t } = useTranslation();
  const sample = 'flex h-4 w-6 items-center justify-center rounded-sm';
  return (
    <ul
      aria-label={t('roomPlan.legend')}
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-gray-600"
    >
      {legendStatuses.map((status) => {
        const appearance = barAppearance(status, null);
        const StatusIcon = statusIcons[status];
        return (
          <li key={status} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={clsx(sample, appearance.className)}>
              <StatusIcon className="size-3" />
            </span>
            {t(`bookings.status.${status}`)}
          </li>
        );
      })}
      <li className="flex items-center gap-1.5">
        <FixedRoomIcon aria-hidden="true" className="size-3.5 text-gray-700" />
        {t('roomPlan.fixedToRoom')}
      </li>
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className={clsx(sample, lockPattern)} />
        {t('roomPlan.locked')}
      </li>
      {housekeepingStates.map((state) => (
        <li key={state} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={clsx('size-2 rounded-full', housekeepingDots[state])} />
          {t(`housekeeping.statuses.${state}`)}
        </li>
      ))}
    </ul>
  );
}
