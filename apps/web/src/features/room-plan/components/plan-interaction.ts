import {
  useEffect,
  useLayoutEffect,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import type { TProblem } from '@pms/contract/common';
import { createStore, type TStore } from '../../../lib/store.ts';
import { freeNights, moveRefusal, type TPlanBooking, type TPlanRoom, type TPlanRow } from '../plan-layout.ts';
import { clamp, headerHeight, roomColumnWidth, rowHeight } from './plan-geometry.ts';

/** What the overlay draws while the pointer selects free days or drags a booking. */
export type TPlanInteraction =
  | { kind: 'select'; rowIndex: number; first: number; last: number }
  | {
      kind: 'drag';
      booking: TPlanBooking;
      /** The booking's nights on the plan before the move. */
      start: number;
      end: number;
      rowIndex: number;
      /** Days the stay moves by. */
      delta: number;
      /** The room under the pointer; null over an unassigned row. */
      room: TPlanRoom | null;
      refusal: TProblem | null;
    };

/** Pointer moves change only this store, so only the overlay renders while dragging, never the rows. */
export type TInteractionStore = TStore<TPlanInteraction | null>;

export type TBookingPlace = { booking: TPlanBooking; start: number; end: number };

type TGesture =
  | { kind: 'press'; pointerId: number; bar: HTMLElement; bookingId: string; originX: number }
  | { kind: 'drag'; pointerId: number; bar: HTMLElement; bookingId: string; originX: number }
  | { kind: 'select'; pointerId: number; rowIndex: number; anchor: number };

export type TPlanPointerOptions = {
  scrollRef: RefObject<HTMLDivElement | null>;
  contentRef: RefObject<HTMLDivElement | null>;
  rows: readonly TPlanRow[];
  bookings: ReadonlyMap<string, TBookingPlace>;
  dayWidth: number;
  dayCount: number;
  canMove: boolean;
  canCreate: boolean;
  onOpen: (bookingId: string) => void;
  onOpenLock?: (lockId: string) => void;
  onSelect: (room: TPlanRoom, first: number, last: number) => void;
  onMove: (booking: TPlanBooking, room: TPlanRoom, delta: number) => void;
};

const dragThreshold = 4;
const edgeSize = 48;
const maxScrollStep = 24;

/** Scroll speed near an edge: faster the closer the pointer is to it. */
function edgeStep(position: number, start: number, end: number): number {
  if (position < start + edgeSize)
    return -Math.ceil(maxScrollStep * Math.min(1, (start + edgeSize - position) / edgeSize));
  if (position > end - edgeSize)
    return Math.ceil(maxScrollStep * Math.min(1, (position - end + edgeSize) / edgeSize));
  return 0;
}

/**
 * The plan's mouse handling, delegated to the scroll container so the rows need no handlers:
 * pressing a bar and moving drags it (snapped to days, auto-scrolling at the edges), pressing free
 * cells and moving selects days in that row, a click or Enter on a bar opens the booking. Escape
 * stops a drag or selection. Touch only scrolls and taps. Made once; update gives it the latest options.
 */
function createPlanPointer(initial: TPlanPointerOptions) {
  let options = initial;
  const latest = () => options;
  const store: TInteractionStore = createStore<TPlanInteraction | null>(null);
  let gesture: TGesture | null = null;
  let pointer = { clientX: 0, clientY: 0 };
  let isClickSuppressed = false;
  let frame = 0;

  const toContent = (clientX: number, clientY: number) => {
    const rect = latest().contentRef.current?.getBoundingClientRect();
    return { x: clientX - (rect?.left ?? 0) - roomColumnWidth, y: clientY - (rect?.top ?? 0) - headerHeight };
  };

  const track = () => {
    if (!gesture || gesture.kind === 'press') return;
    const { rows, bookings, dayWidth, dayCount } = latest();
    const { x, y } = toContent(pointer.clientX, pointer.clientY);
    if (gesture.kind === 'select') {
      const row = rows[gesture.rowIndex];
      const focus = clamp(Math.floor(x / dayWidth), 0, dayCount - 1);
      const range = row ? freeNights(row, gesture.anchor, focus) : null;
      if (range) store.set({ kind: 'select', rowIndex: gesture.rowIndex, ...range });
      return;
    }
    const place = bookings.get(gesture.bookingId);
    if (!place) return;
    const rowIndex = clamp(Math.floor(y / rowHeight), 0, rows.length - 1);
    const room = rows[rowIndex]?.room ?? null;
    store.set({
      kind: 'drag',
      ...place,
      rowIndex,
      delta: Math.round((x - gesture.originX) / dayWidth),
      room,
      refusal: room && moveRefusal(place.booking, room),
    });
  };

  const autoScroll = () => {
    const container = latest().scrollRef.current;
    if (!container || !gesture || gesture.kind === 'press') {
      frame = 0;
      return;
    }
    const rect = container.getBoundingClientRect();
    const dx = edgeStep(pointer.clientX, rect.left + roomColumnWidth, rect.right);
    const dy = gesture.kind === 'drag' ? edgeStep(pointer.clientY, rect.top + headerHeight, rect.bottom) : 0;
    if (dx !== 0 || dy !== 0) container.scrollBy(dx, dy);
    frame = requestAnimationFrame(autoScroll);
  };

  const suppressNextClick = () => {
    isClickSuppressed = true;
    // The click that may follow this pointerup comes in the same task; later clicks count again.
    setTimeout(() => (isClickSuppressed = false), 0);
  };

  const finish = () => {
    const ended = gesture;
    gesture = null;
    if (ended && ended.kind !== 'select') delete ended.bar.dataset.dragging;
    const container = latest().scrollRef.current;
    if (ended && container?.hasPointerCapture(ended.pointerId))
      container.releasePointerCapture(ended.pointerId);
    if (container) container.style.cursor = '';
    cancelAnimationFrame(frame);
    frame = 0;
    window.removeEventListener('keydown', cancelOnEscape);
    if (store.get()) store.set(null);
  };

  const cancelOnEscape = (event: globalThis.KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (gesture?.kind === 'drag') suppressNextClick();
    finish();
  };

  const activate = (pointerId: number, cursor: string) => {
    const container = latest().scrollRef.current;
    container?.setPointerCapture(pointerId);
    if (container) container.style.cursor = cursor;
    window.addEventListener('keydown', cancelOnEscape);
    frame ||= requestAnimationFrame(autoScroll);
  };

  const bookingIdAt = (target: EventTarget) =>
    (target as Element).closest<HTMLElement>('[data-booking-id]')?.dataset.bookingId;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.pointerType === 'touch' || gesture) return;
    const { rows, dayWidth, canMove, canCreate } = latest();
    const target = event.target as Element;
    pointer = { clientX: event.clientX, clientY: event.clientY };
    const { x } = toContent(event.clientX, event.clientY);
    const bar = target.closest<HTMLElement>('[data-booking-id]');
    if (bar) {
      const bookingId = bar.dataset.bookingId;
      if (canMove && bookingId)
        gesture = { kind: 'press', pointerId: event.pointerId, bar, bookingId, originX: x };
      return;
    }
    const rowIndex = Number(target.closest<HTMLElement>('[data-track]')?.dataset.track);
    const row = rows[rowIndex];
    if (!canCreate || !row?.room) return;
    const anchor = Math.floor(x / dayWidth);
    const range = freeNights(row, anchor, anchor);
    if (!range) return;
    event.preventDefault();
    gesture = { kind: 'select', pointerId: event.pointerId, rowIndex, anchor };
    activate(event.pointerId, 'col-resize');
    store.set({ kind: 'select', rowIndex, ...range });
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!gesture || gesture.pointerId !== event.pointerId) return;
    const { clientX, clientY } = event;
    if (gesture.kind === 'press') {
      if (Math.hypot(clientX - pointer.clientX, clientY - pointer.clientY) < dragThreshold) return;
      gesture = { ...gesture, kind: 'drag' };
      gesture.bar.dataset.dragging = 'true';
      activate(event.pointerId, 'grabbing');
    }
    pointer = { clientX, clientY };
    track();
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!gesture || gesture.pointerId !== event.pointerId) return;
    const result = store.get();
    if (gesture.kind === 'drag') suppressNextClick();
    finish();
    if (result?.kind === 'select') {
      const room = latest().rows[result.rowIndex]?.room;
      if (room) latest().onSelect(room, result.first, result.last);
    } else if (result?.kind === 'drag' && result.room) {
      latest().onMove(result.booking, result.room, result.delta);
    }
  };

  const lockIdAt = (target: EventTarget) =>
    (target as Element).closest<HTMLElement>('[data-lock-id]')?.dataset.lockId;

  /** Opens the booking or lock whose bar is the target; whether one was. */
  const openAt = (target: EventTarget) => {
    const bookingId = bookingIdAt(target);
    if (bookingId) latest().onOpen(bookingId);
    const lockId = lockIdAt(target);
    if (lockId) latest().onOpenLock?.(lockId);
    return Boolean(bookingId ?? lockId);
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!isClickSuppressed) openAt(event.target);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    if (openAt(event.target)) event.preventDefault();
  };

  return {
    store,
    finish,
    /** Keeps the dragged bar or the selection under the pointer while the plan scrolls. */
    onScroll: track,
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel: finish, onClick, onKeyDown },
    /** Takes the options of the latest render. */
    update: (next: TPlanPointerOptions) => {
      options = next;
    },
  };
}

export function usePlanPointer(options: TPlanPointerOptions) {
  const [planPointer] = useState(() => createPlanPointer(options));
  useLayoutEffect(() => planPointer.update(options));
  useEffect(() => planPointer.finish, [planPointer]);
  return planPointer;
}
