import clsx from 'clsx';
import { memo } from 'react';
import type { TPlanItem, TPlanRow } from '../plan-layout.ts';
import {
  barAppearance,
  FixedRoomIcon,
  housekeepingDots,
  lockPattern,
  statusIcons,
} from './bar-appearance.ts';
import { barBox, laneBox, roomColumnWidth, rowHeight, type TBarBox } from './plan-geometry.ts';
import type { TPlanFormats } from './use-plan-formats.ts';

/** Text needs this much height; thinner lanes show colour only (the name stays in the label). */
const minTextHeight = 14;

/** Gets its texts from the plan's formats: thousands of bars should not each look them up. */
type TItemProps = {
  item: TPlanItem;
  box: TBarBox;
  formats: TPlanFormats;
  /** Locks open for editing on click (for those who may change them). */
  canEditLocks: boolean;
};

function PlanItem({ item, box, formats, canEditLocks }: TItemProps) {
  const { top, height } = laneBox(item.lane, item.laneCount);
  const position = { left: box.left, width: box.width, top, height };
  const edges = clsx(!box.isCutStart && 'rounded-l-md', !box.isCutEnd && 'rounded-r-md');
  const hasText = height >= minTextHeight;

  if (item.kind === 'lock') {
    const { lock } = item;
    return (
      <div
        {...(canEditLocks
          ? {
              role: 'button',
              tabIndex: 0,
              'data-lock-id': lock.id,
              'aria-label': formats.lockLabel(lock),
            }
          : {})}
        title={formats.lockTitle(lock)}
        style={position}
        className={clsx(
          'absolute flex items-center overflow-hidden px-1.5 text-xs text-gray-700',
          canEditLocks &&
            'cursor-pointer hover:brightness-95 focus-visible:z-[1] focus-visible:outline-2 focus-visible:outline-gray-900',
          lockPattern,
          edges,
        )}
      >
        {hasText && (
          <span className="truncate">
            <span className="sr-only">{formats.locked}: </span>
            {lock.reason}
          </span>
        )}
      </div>
    );
  }

  const { booking } = item;
  const appearance = barAppearance(booking.status, booking.color);
  const StatusIcon = statusIcons[booking.status];
  return (
    <div
      role="button"
      tabIndex={0}
      data-booking-id={booking.id}
      aria-label={`${booking.code} ${booking.displayName}`}
      title={formats.bookingTitle(booking)}
      data-status={booking.status}
      style={{ ...position, ...appearance.style }}
      className={clsx(
        'absolute flex cursor-pointer items-center gap-1.5 overflow-hidden px-1.5 text-xs leading-none whitespace-nowrap',
        'hover:brightness-95 focus-visible:z-[1] focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gray-900',
        'data-dragging:opacity-40',
        appearance.className,
        edges,
      )}
    >
      {hasText && (
        <>
          <StatusIcon aria-hidden="true" className="size-3 shrink-0" />
          {booking.isRoomFixed && <FixedRoomIcon aria-hidden="true" className="size-3 shrink-0" />}
          <span className="truncate font-semibold">{booking.displayName}</span>
          <span className="truncate font-normal">{booking.code}</span>
        </>
      )}
    </div>
  );
}

type TPlanRowProps = {
  row: TPlanRow;
  index: number;
  dayWidth: number;
  dayCount: number;
  formats: TPlanFormats;
  canEditLocks: boolean;
};

/** One room (or one lane of unassigned bookings): its sticky header and its bars, placed absolutely. */
export const PlanRow = memo(function PlanRow({
  row,
  index,
  dayWidth,
  dayCount,
  formats,
  canEditLocks,
}: TPlanRowProps) {
  const { room } = row;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="absolute left-0 flex border-b border-gray-100"
      style={{ top: index * rowHeight, height: rowHeight, width: roomColumnWidth + dayCount * dayWidth }}
    >
      {room ? (
        <div
          role="rowheader"
          aria-label={room.number}
          title={`${row.roomTypeName} · ${formats.housekeeping[room.housekeepingStatus]}`}
          className="sticky left-0 z-10 flex h-full shrink-0 items-center gap-2 border-r border-gray-200 bg-white px-3"
          style={{ width: roomColumnWidth }}
        >
          <span
            aria-hidden="true"
            className={clsx('size-2 shrink-0 rounded-full', housekeepingDots[room.housekeepingStatus])}
          />
          <span className="text-sm font-semibold text-gray-900 tabular-nums">{room.number}</span>
          <span className="truncate text-xs text-gray-500">{row.roomTypeName}</span>
        </div>
      ) : (
        <div
          role="rowheader"
          aria-label={formats.unassignedRow(row.roomTypeName)}
          className="sticky left-0 z-10 flex h-full shrink-0 flex-col justify-center border-r border-gray-200 bg-amber-50 px-3 leading-tight"
          style={{ width: roomColumnWidth }}
        >
          <span className="text-xs font-semibold text-amber-900">{formats.unassigned}</span>
          <span className="truncate text-xs text-amber-800">{row.roomTypeName}</span>
        </div>
      )}
      <div
        role="cell"
        aria-colspan={dayCount}
        data-track={index}
        className={clsx('relative h-full', !room && 'bg-amber-50/40')}
        style={{ width: dayCount * dayWidth }}
      >
        {row.items.map((item) => {
          const box = barBox(item.start, item.end, dayWidth, dayCount);
          if (!box) return null;
          const key = item.kind === 'lock' ? `lock:${item.lock.id}` : item.booking.id;
          return <PlanItem key={key} item={item} box={box} formats={formats} canEditLocks={canEditLocks} />;
        })}
      </div>
    </div>
  );
});
