import clsx from 'clsx';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { isWeekend } from '../plan-layout.ts';
import { headerHeight, roomColumnWidth, rowHeight } from './plan-geometry.ts';
import type { TPlanFormats } from './use-plan-formats.ts';

type TDaysProps = { days: readonly string[]; today: string; dayWidth: number; formats: TPlanFormats };

/** The sticky row of days: weekday and date, today marked, weekends shaded. */
export const PlanHeader = memo(function PlanHeader({ days, today, dayWidth, formats }: TDaysProps) {
  const { t } = useTranslation();
  return (
    <div role="rowgroup" className="sticky top-0 z-20">
      <div
        role="row"
        aria-rowindex={1}
        className="flex border-b border-gray-200 bg-white"
        style={{ height: headerHeight, width: roomColumnWidth + days.length * dayWidth }}
      >
        <div
          role="columnheader"
          className="sticky left-0 z-10 flex shrink-0 items-end border-r border-gray-200 bg-white px-3 pb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase"
          style={{ width: roomColumnWidth }}
        >
          {t('roomPlan.room')}
        </div>
        {days.map((day) => {
          const isToday = day === today;
          return (
            <div
              key={day}
              role="columnheader"
              aria-label={formats.fullDate(day)}
              aria-current={isToday ? 'date' : undefined}
              className={clsx(
                'flex shrink-0 flex-col items-center justify-center border-r border-gray-100 text-xs leading-tight',
                isToday
                  ? 'bg-primary-600 font-semibold text-white'
                  : isWeekend(day)
                    ? 'bg-gray-100 text-gray-600'
                    : 'text-gray-600',
              )}
              style={{ width: dayWidth }}
            >
              <span>{formats.weekday(day)}</span>
              <span className="font-medium tabular-nums">{formats.dayMonth(day)}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
});

type TBackgroundProps = { days: readonly string[]; today: string; dayWidth: number; rowCount: number };

/** Day lines, weekend shading and today's column under all rows, drawn once instead of per cell. */
export const PlanBackground = memo(function PlanBackground({
  days,
  today,
  dayWidth,
  rowCount,
}: TBackgroundProps) {
  return (
    <div
      aria-hidden="true"
      className="absolute top-0"
      style={{ left: roomColumnWidth, width: days.length * dayWidth, height: rowCount * rowHeight }}
    >
      {days.map((day, index) =>
        day === today || isWeekend(day) ? (
          <div
            key={day}
            className={clsx('absolute inset-y-0', day === today ? 'bg-primary-50' : 'bg-gray-50')}
            style={{ left: index * dayWidth, width: dayWidth }}
          />
        ) : null,
      )}
      <div
        className="absolute inset-0 bg-[linear-gradient(to_right,var(--color-gray-100)_1px,transparent_1px)]"
        style={{ backgroundSize: `${dayWidth}px 100%`, backgroundPosition: `${dayWidth - 1}px 0` }}
      />
    </div>
  );
});
