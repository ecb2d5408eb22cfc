import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, nightsBetween } from '@pms/contract/dates';
import {
  buildPlanRows,
  planDays,
  type TPlanBooking,
  type TPlanRoom,
  type TPlanView,
} from '../plan-layout.ts';
import { PlanBackground, PlanHeader } from './plan-header.tsx';
import { usePlanPointer, type TBookingPlace } from './plan-interaction.ts';
import { PlanOverlay } from './plan-overlay.tsx';
import { PlanRow } from './plan-row.tsx';
import { fitDayWidth, headerHeight, roomColumnWidth, rowHeight } from './plan-geometry.ts';
import { usePlanFormats } from './use-plan-formats.ts';
import { keepPlanViewport, PlanViewportContext } from './plan-viewport.ts';

/** Rows drawn above and below the visible ones, so a quick scroll does not show blank rows. */
const overscanRows = 8;
/** The drawn rows change in steps of this many, so scrolling re-renders every few rows, not every row. */
const rowStep = 4;

type TRowWindow = { first: number; last: number };

/** The rows drawn for a scroll area `height` high scrolled to `top`, in steps, with the margin. */
function rowWindowAt(top: number, height: number, rowCount: number): TRowWindow {
  return {
    first: Math.max(0, Math.floor((top / rowHeight - overscanRows) / rowStep) * rowStep),
    last: Math.min(rowCount, Math.ceil(((top + height) / rowHeight + overscanRows) / rowStep) * rowStep),
  };
}

/** The rows of a scroll area `height` high at its top, without a margin: the server's picture of the plan. */
function rowsInView(height: number, rowCount: number): TRowWindow {
  return { first: 0, last: Math.min(rowCount, Math.max(0, Math.ceil((height - headerHeight) / rowHeight))) };
}

type TRoomPlanGridProps = {
  plan: TPlanView;
  canMove: boolean;
  canCreate: boolean;
  onOpen: (bookingId: string) => void;
  /** Opens a room lock for editing; without it locks are drawn only. */
  onOpenLock?: (lockId: string) => void;
  onSelect: (room: TPlanRoom, checkIn: string, checkOut: string) => void;
  onMove: (booking: TPlanBooking, room: TPlanRoom, delta: number) => void;
};

/**
 * The tape chart: one scroll container with a sticky day header and a sticky room column. Only the
 * rows in view (plus a margin) are rendered; rows are memoised and pointer moves touch the overlay only.
 */
export function RoomPlanGrid({
  plan,
  canMove,
  canCreate,
  onOpen,
  onOpenLock,
  onSelect,
  onMove,
}: TRoomPlanGridProps) {
  const { t } = useTranslation();
  const formats = usePlanFormats();
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const initialViewport = useContext(PlanViewportContext);
  const [viewport, setViewport] = useState(initialViewport);

  const dayCount = nightsBetween(plan.from, plan.to) + 1;
  const days = useMemo(() => planDays(plan.from, dayCount), [plan.from, dayCount]);
  const rows = useMemo(() => buildPlanRows(plan), [plan]);
  // Unmeasured (in the browser), no rows yet: the layout effect below measures before the first paint.
  const [rowWindow, setRowWindow] = useState(() => rowsInView(initialViewport.height, rows.length));
  const bookings = useMemo(() => {
    const places = new Map<string, TBookingPlace>();
    for (const row of rows) {
      for (const item of row.items) {
        if (item.kind === 'booking')
          places.set(item.booking.id, { booking: item.booking, start: item.start, end: item.end });
      }
    }
    return places;
  }, [rows]);
  const dayWidth = fitDayWidth(viewport.width, dayCount);

  const selectNights = useCallback(
    (room: TPlanRoom, first: number, last: number) =>
      onSelect(room, addDays(plan.from, first), addDays(plan.from, last + 1)),
    [onSelect, plan.from],
  );
  const planPointer = usePlanPointer({
    scrollRef,
    contentRef,
    rows,
    bookings,
    dayWidth,
    dayCount,
    canMove,
    canCreate,
    onOpen,
    onOpenLock,
    onSelect: selectNights,
    onMove,
  });

  const updateRowWindow = useCallback(() => {
    const container = scrollRef.current;
    if (!container) return;
    const { first, last } = rowWindowAt(container.scrollTop, container.clientHeight, rows.length);
    setRowWindow((current) => (current.first === first && current.last === last ? current : { first, last }));
  }, [rows.length]);

  useLayoutEffect(() => {
    const container = scrollRef.current;
    if (!container) return;
    // Measured now, before the first paint, so that the rows render once at their width; the observer
    // then follows resizes (its first call, with the same size, changes nothing).
    const measure = () => {
      const size = { width: container.clientWidth, height: container.clientHeight };
      setViewport((current) =>
        current.width === size.width && current.height === size.height ? current : size,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(updateRowWindow, [updateRowWindow, viewport.height]);

  useEffect(() => keepPlanViewport(viewport), [viewport]);

  // Another period starts at its first day.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollLeft = 0;
  }, [plan.from]);

  const onScroll = () => {
    updateRowWindow();
    planPointer.onScroll();
  };

  const totalWidth = roomColumnWidth + dayCount * dayWidth;
  const visibleRows = rows.slice(rowWindow.first, rowWindow.last);

  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label={t('roomPlan.label')}
      aria-rowcount={rows.length + 1}
      aria-colcount={dayCount + 1}
      onScroll={onScroll}
      className="relative h-full touch-manipulation overflow-auto overscroll-contain select-none"
      {...planPointer.handlers}
    >
      <div
        ref={contentRef}
        className="relative"
        style={{ width: totalWidth, height: headerHeight + rows.length * rowHeight }}
      >
        <PlanHeader days={days} today={plan.today} dayWidth={dayWidth} formats={formats} />
        <div role="rowgroup" className="relative" style={{ height: rows.length * rowHeight }}>
          <PlanBackground days={days} today={plan.today} dayWidth={dayWidth} rowCount={rows.length} />
          {visibleRows.map((row, offset) => (
            <PlanRow
              key={row.key}
              row={row}
              index={rowWindow.first + offset}
              dayWidth={dayWidth}
              dayCount={dayCount}
              formats={formats}
              canEditLocks={Boolean(onOpenLock)}
            />
          ))}
          <PlanOverlay
            store={planPointer.store}
            from={plan.from}
            dayWidth={dayWidth}
            dayCount={dayCount}
            formats={formats}
          />
        </div>
      </div>
    </div>
  );
}
