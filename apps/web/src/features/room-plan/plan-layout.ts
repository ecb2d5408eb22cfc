import { isWeekend as isSaturdayOrSunday, parseISO } from 'date-fns';
import type { TProblem } from '@pms/contract/common';
import { addDays, nightsBetween } from '@pms/contract/dates';
import { errorStatus } from '@pms/contract/errors';
import type { TRoomPlan, TRoomPlanBooking } from '@pms/contract/room-plan';

type TWireRoom = TRoomPlan['rooms'][number];
export type TPlanRoomType = TRoomPlan['roomTypes'][number];
export type TPlanRoom = Omit<TWireRoom, 'bookings' | 'locks'> & {
  roomTypeName: string;
  maxOccupancy: number;
};
export type TPlanBooking = TRoomPlanBooking & { roomId: string | null; roomTypeId: string };
export type TPlanLock = TWireRoom['locks'][number] & { roomId: string };

/** The plan as the screen works with it: every stay and lock beside the room it is in. */
export type TPlanView = Pick<TRoomPlan, 'from' | 'to' | 'today' | 'roomTypes'> & {
  rooms: TPlanRoom[];
  bookings: TPlanBooking[];
  locks: TPlanLock[];
};

/** Unfolds the plan as the server sends it (stays listed under their room) into flat lists. */
export function toPlanView({ rooms, unassigned, ...plan }: TRoomPlan): TPlanView {
  const types = new Map(plan.roomTypes.map((type) => [type.id, type]));
  return {
    ...plan,
    rooms: rooms.map(({ bookings: _bookings, locks: _locks, ...room }) => ({
      ...room,
      roomTypeName: types.get(room.roomTypeId)?.name ?? '',
      maxOccupancy: types.get(room.roomTypeId)?.maxOccupancy ?? 0,
    })),
    bookings: [
      ...unassigned.flatMap(({ roomTypeId, bookings }) =>
        bookings.map((booking) => ({ ...booking, roomId: null, roomTypeId })),
      ),
      ...rooms.flatMap((room) =>
        room.bookings.map((booking) => ({ ...booking, roomId: room.id, roomTypeId: room.roomTypeId })),
      ),
    ],
    locks: rooms.flatMap((room) => room.locks.map((lock) => ({ ...lock, roomId: room.id }))),
  };
}

/**
 * A bar on a row, in nights counted from the plan's first day: `start` is the first night, `end`
 * the night after the last (a booking's check-out, the day after a lock's last day). Bars that
 * overlap on one row (a pending request over a confirmed stay) share its height: `lane` of
 * `laneCount` lanes of their overlapping group.
 */
export type TPlanItem =
  | { kind: 'booking'; booking: TPlanBooking; start: number; end: number; lane: number; laneCount: number }
  | { kind: 'lock'; lock: TPlanLock; start: number; end: number; lane: number; laneCount: number };

export type TPlanRow = {
  key: string;
  /** Null for a row of unassigned bookings. */
  room: TPlanRoom | null;
  roomTypeName: string;
  items: TPlanItem[];
};

/** The plan's days, `count` of them from `from`. */
export function planDays(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(from, index));
}

export function isWeekend(date: string): boolean {
  return isSaturdayOrSunday(parseISO(date));
}

type TWithoutLane<T> = T extends unknown ? Omit<T, 'lane' | 'laneCount'> : never;
type TUnplacedItem = TWithoutLane<TPlanItem>;

/**
 * Puts each item into the first lane free from its start (stays are half-open, so a same-day
 * turnover shares a lane). Lanes are counted per group of overlapping items, so a bar that
 * overlaps nothing keeps the full row height.
 */
function packLanes(items: TUnplacedItem[]): TPlanItem[] {
  const placed: TPlanItem[] = [];
  let group: TPlanItem[] = [];
  let groupEnd = -Infinity;
  let laneEnds: number[] = [];
  const closeGroup = () => {
    for (const item of group) item.laneCount = laneEnds.length;
    placed.push(...group);
    group = [];
    laneEnds = [];
  };
  for (const item of [...items].sort((a, b) => a.start - b.start || a.end - b.end)) {
    if (item.start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) lane = laneEnds.push(item.end) - 1;
    else laneEnds[lane] = item.end;
    groupEnd = Math.max(groupEnd, item.end);
    group.push({ ...item, lane, laneCount: 1 });
  }
  closeGroup();
  return placed;
}

/** The night of a date counted from the plan's first day. */
type TNightOf = (date: string) => number;

function bookingItem(nightOf: TNightOf, booking: TPlanBooking): TUnplacedItem {
  return { kind: 'booking', booking, start: nightOf(booking.checkIn), end: nightOf(booking.checkOut) };
}

function lockItem(nightOf: TNightOf, lock: TPlanLock): TUnplacedItem {
  return { kind: 'lock', lock, start: nightOf(lock.startDate), end: nightOf(lock.endDate) + 1 };
}

/**
 * The rows of the tape chart: unassigned bookings first, one row per lane of each room type, then
 * every room in the plan's order with its bookings and locks.
 */
export function buildPlanRows(plan: TPlanView): TPlanRow[] {
  const itemsByRoom = new Map<string, TUnplacedItem[]>();
  const unassignedByType = new Map<string, TUnplacedItem[]>();
  const add = (map: Map<string, TUnplacedItem[]>, key: string, item: TUnplacedItem) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  // Thousands of stays share a few hundred dates: each is counted once.
  const nights = new Map<string, number>();
  const nightOf = (date: string) => {
    let night = nights.get(date);
    if (night === undefined) {
      night = nightsBetween(plan.from, date);
      nights.set(date, night);
    }
    return night;
  };
  for (const booking of plan.bookings) {
    const item = bookingItem(nightOf, booking);
    if (booking.roomId) add(itemsByRoom, booking.roomId, item);
    else add(unassignedByType, booking.roomTypeId, item);
  }
  for (const lock of plan.locks) add(itemsByRoom, lock.roomId, lockItem(nightOf, lock));

  const typeNames = new Map(plan.roomTypes.map((type) => [type.id, type.name]));
  const typeOrder = [...typeNames.keys()];
  const unassignedTypes = [...unassignedByType.keys()].sort(
    (a, b) => rank(typeOrder, a) - rank(typeOrder, b),
  );
  const unassignedRows = unassignedTypes.flatMap((roomTypeId) => {
    const items = packLanes(unassignedByType.get(roomTypeId) ?? []);
    const rowCount = Math.max(...items.map((item) => item.lane)) + 1;
    return Array.from({ length: rowCount }, (_, lane) => ({
      key: `unassigned:${roomTypeId}:${lane}`,
      room: null,
      roomTypeName: typeNames.get(roomTypeId) ?? '',
      items: items.filter((item) => item.lane === lane).map((item) => ({ ...item, lane: 0, laneCount: 1 })),
    }));
  });

  const roomRows = plan.rooms.map((room) => ({
    key: room.id,
    room,
    roomTypeName: room.roomTypeName,
    items: packLanes(itemsByRoom.get(room.id) ?? []),
  }));
  return [...unassignedRows, ...roomRows];
}

function rank(order: string[], id: string): number {
  const index = order.indexOf(id);
  return index === -1 ? order.length : index;
}

/**
 * The free nights of a row from `anchor` towards `focus`, stopping before the first taken night;
 * null when the anchor night itself is taken.
 */
export function freeNights(
  row: TPlanRow,
  anchor: number,
  focus: number,
): { first: number; last: number } | null {
  const isTaken = (night: number) => row.items.some((item) => item.start <= night && night < item.end);
  if (isTaken(anchor)) return null;
  const step = focus >= anchor ? 1 : -1;
  let reached = anchor;
  while (reached !== focus && !isTaken(reached + step)) reached += step;
  return { first: Math.min(anchor, reached), last: Math.max(anchor, reached) };
}

/**
 * Why a booking may not go to a room, as the server would answer: a booking fixed to its room
 * stays there, and a room takes at most its room type's maximum occupancy.
 */
export function moveRefusal(booking: TPlanBooking, room: TPlanRoom): TProblem | null {
  if (room.id === booking.roomId) return null;
  if (booking.isRoomFixed) {
    return { type: 'booking/room_fixed', title: 'Room fixed', status: errorStatus['booking/room_fixed'] };
  }
  if (room.maxOccupancy < booking.occupancy) {
    return {
      type: 'booking/occupancy_exceeds_room',
      title: 'Occupancy exceeds room',
      status: errorStatus['booking/occupancy_exceeds_room'],
      params: { roomNumber: room.number, maxOccupancy: room.maxOccupancy, occupancy: booking.occupancy },
    };
  }
  return null;
}
