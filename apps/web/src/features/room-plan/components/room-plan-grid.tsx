import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, nightsBetween } from '@pms/contract/dates';
import {
  buildPlanRows,
  planDays,
  type TPlanBooking,
  type TPlanRow,
  type TPlanRoom,
  type TPlanView,
} from '../plan-layout.ts';
import { PlanBackground, PlanHeader } from './plan-header.tsx';
import { usePlanPointer, type TBookingPlace } from './plan-interaction.ts';
import { PlanOverlay } from './plan-overlay.tsx';
import { PlanRow } from './plan-row.tsx';
import { fitDayWidth, headerHeight, roomColumnWidth, rowHeight } from './plan-geometry.ts';
import { usePlanFormats } from './use-plan-formats.ts';
import { keepPlanViewport, knownPlanViewport, PlanViewportContext } from './plan-viewport.ts';

/** Rows drawn above and below the visible ones, so a quick scroll does not show blank rows. */
const overscanRows = 8;
/** The drawn rows change in steps of this many, so scrolling re-renders every few rows, not every row. */
const rowStep = 4;

type TRowWindow = { first: number; last: number };

/**
 * The rows drawn for a scroll area `height` high scrolled to `top`, in steps, with `margin` rows
 * above and below. Without a margin at the top, they are the server's picture of the plan.
 */
function rowWindowAt(top: number, height: number, rowCount: number, margin: number): TRowWindow {
  return {
    first: Math.max(0, Math.floor((top / rowHeight - margin) / rowStep) * rowStep),
    last: Math.min(rowCount, Math.ceil(((top + height) / rowHeight + margin) / rowStep) * rowStep),
  };
}

/** A plan's rows and its bookings' places, by the plan they come from (see `planRowsOf`). */
type TPlanRows = { rows: TPlanRow[]; bookings: Map<string, TBookingPlace> };
const plannedRows = new WeakMap<TPlanView, TPlanRows>();

/**
 * The rows of a plan, laid out once for each plan: the plan drawn again with the data it had (a return
 * to it, kept by the query cache) draws without laying out its thousands of stays again.
 */
function planRowsOf(plan: TPlanView): TPlanRows {
  let planned = plannedRows.get(plan);
  if (!planned) {
    const rows = buildPlanRows(plan);
    const bookings = new Map<string, TBookingPlace>();
    for (const row of rows) {
      for (const item of row.items) {
        if (item.kind === 'booking')
          bookings.set(item.booking.id, { booking: item.booking, start: item.start, end: item.end });
      }
    }
    planned = { rows, bookings };
    plannedRows.set(plan, planned);
  }
  return planned;
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
  const writtenViewport = useContext(PlanViewportContext);
  const [viewport, setViewport] = useState(() => writtenViewport ?? knownPlanViewport());

  const dayCount = nightsBetween(plan.from, plan.to) + 1;
  const days = useMemo(() => planDays(plan.from, dayCount), [plan.from, dayCount]);
  const { rows, bookings } = planRowsOf(plan);
  // The rows in view at the size the plan had: the layout effect below measures before the first paint.
  const [rowWindow, setRowWindow] = useState(() => rowWindowAt(0, viewport.height, rows.length, 0));
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

  const updateRowWindow = useCallback(
    (margin = overscanRows) => {
      const container = scrollRef.current;
      if (!container) return;
      const { first, last } = rowWindowAt(container.scrollTop, container.clientHeight, rows.length, margin);
      setRowWindow((current) =>
        current.first === first && current.last === last ? current : { first, last },
      );
    },
    [rows.length],
  );

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

  // The first frame draws the rows in view; the margin comes after it, ready for a scroll.
  useLayoutEffect(() => updateRowWindow(0), [updateRowWindow, viewport.height]);
  useEffect(() => updateRowWindow(), [updateRowWindow, viewport.height]);

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
