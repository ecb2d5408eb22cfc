import { describe, expect, it } from 'vitest';
import type { TRoomPlan } from '@pms/contract/room-plan';
import {
  buildPlanRows,
  freeNights,
  moveRefusal,
  planDays,
  toPlanView,
  type TPlanBooking,
  type TPlanLock,
} from './plan-layout.ts';

const single = '00000000-0000-4000-8000-000000000001';
const double = '00000000-0000-4000-8000-000000000002';
const room101 = '00000000-0000-4000-8000-000000000101';
const room201 = '00000000-0000-4000-8000-000000000201';

function booking(id: string, overrides: Partial<TPlanBooking>): TPlanBooking {
  return {
    id,
    code: `AH-${id.slice(-5)}`,
    status: 'confirmed',
    roomId: room101,
    roomTypeId: single,
    checkIn: '2025-05-01',
    checkOut: '2025-05-03',
    occupancy: 1,
    color: null,
    displayName: 'Guest',
    isRoomFixed: false,
    ...overrides,
  };
}

/** The plan as the server sends it, from flat bookings and locks, unfolded as the screen reads it. */
function plan(bookings: TPlanBooking[], locks: TPlanLock[] = []) {
  const wireRoom = (
    id: string,
    number: string,
    roomTypeId: string,
    housekeepingStatus: 'clean' | 'dirty',
  ) => ({
    id,
    number,
    roomTypeId,
    housekeepingStatus,
    bookings: bookings
      .filter((b) => b.roomId === id)
      .map(({ roomId: _roomId, roomTypeId: _roomTypeId, ...rest }) => rest),
    locks: locks.filter((l) => l.roomId === id).map(({ roomId: _roomId, ...rest }) => rest),
  });
  const wire: TRoomPlan = {
    from: '2025-05-01',
    to: '2025-05-14',
    today: '2025-05-02',
    roomTypes: [
      { id: single, name: 'Single', maxOccupancy: 1 },
      { id: double, name: 'Double', maxOccupancy: 2 },
    ],
    rooms: [wireRoom(room101, '101', single, 'clean'), wireRoom(room201, '201', double, 'dirty')],
    unassigned: [single, double].map((roomTypeId) => ({
      roomTypeId,
      bookings: bookings
        .filter((b) => !b.roomId && b.roomTypeId === roomTypeId)
        .map(({ roomId: _roomId, roomTypeId: _roomTypeId, ...rest }) => rest),
    })),
  };
  return toPlanView(wire);
}

describe('toPlanView', () => {
  it('lists every stay and lock beside its room, with the room type read from the room types', () => {
    const view = plan(
      [booking('1', {}), booking('2', { roomId: null, roomTypeId: double })],
      [{ id: 'l', roomId: room201, startDate: '2025-05-03', endDate: '2025-05-04', reason: 'Paint' }],
    );
    expect(view.rooms.map((room) => [room.number, room.roomTypeName, room.maxOccupancy])).toEqual([
      ['101', 'Single', 1],
      ['201', 'Double', 2],
    ]);
    expect(view.bookings.map((b) => [b.id, b.roomId, b.roomTypeId])).toEqual([
      ['2', null, double],
      ['1', room101, single],
    ]);
    expect(view.locks).toEqual([
      { id: 'l', roomId: room201, startDate: '2025-05-03', endDate: '2025-05-04', reason: 'Paint' },
    ]);
  });
});

describe('planDays', () => {
  it('lists the days from the first one', () => {
    expect(planDays('2025-12-30', 3)).toEqual(['2025-12-30', '2025-12-31', '2026-01-01']);
  });
});

describe('buildPlanRows', () => {
  it('places stays from check-in to check-out and locks up to the day after their last day', () => {
    const rows = buildPlanRows(
      plan(
        [booking('1', { checkIn: '2025-05-02', checkOut: '2025-05-05' })],
        [{ id: 'l', roomId: room201, startDate: '2025-05-03', endDate: '2025-05-04', reason: 'Paint' }],
      ),
    );
    expect(rows.map((row) => row.room?.number)).toEqual(['101', '201']);
    expect(rows[0]?.items).toMatchObject([{ kind: 'booking', start: 1, end: 4, lane: 0, laneCount: 1 }]);
    expect(rows[1]?.items).toMatchObject([{ kind: 'lock', start: 2, end: 4, lane: 0, laneCount: 1 }]);
  });

  it('keeps a same-day turnover in one lane and puts overlapping bars into lanes', () => {
    const rows = buildPlanRows(
      plan([
        booking('1', { checkIn: '2025-05-01', checkOut: '2025-05-03' }),
        booking('2', { checkIn: '2025-05-03', checkOut: '2025-05-04' }),
        booking('3', { checkIn: '2025-05-02', checkOut: '2025-05-04', status: 'pending' }),
        booking('4', { checkIn: '2025-05-06', checkOut: '2025-05-08' }),
      ]),
    );
    expect(rows[0]?.items.map((item) => [item.lane, item.laneCount])).toEqual([
      [0, 2],
      [1, 2],
      [0, 2],
      [0, 1],
    ]);
  });

  it('puts unassigned bookings on top, one row per lane of their room type', () => {
    const rows = buildPlanRows(
      plan([
        booking('1', { roomId: null, roomTypeId: double }),
        booking('2', { roomId: null, roomTypeId: double }),
        booking('3', { roomId: null, roomTypeId: single, checkIn: '2025-05-06', checkOut: '2025-05-07' }),
      ]),
    );
    expect(rows.map((row) => [row.room?.number ?? null, row.roomTypeName, row.items.length])).toEqual([
      [null, 'Single', 1],
      [null, 'Double', 1],
      [null, 'Double', 1],
      ['101', 'Single', 0],
      ['201', 'Double', 0],
    ]);
  });
});

describe('freeNights', () => {
  const [row] = buildPlanRows(plan([booking('1', { checkIn: '2025-05-04', checkOut: '2025-05-06' })]));

  it('reaches from the anchor towards the pointer and stops before a taken night', () => {
    expect(freeNights(row!, 1, 6)).toEqual({ first: 1, last: 2 });
    expect(freeNights(row!, 8, 5)).toEqual({ first: 5, last: 8 });
  });

  it('refuses a taken anchor night', () => {
    expect(freeNights(row!, 3, 3)).toBeNull();
  });
});

describe('moveRefusal', () => {
  const [room101Row, room201Row] = buildPlanRows(plan([]));

  it('refuses to move a booking fixed to its room', () => {
    expect(moveRefusal(booking('1', { isRoomFixed: true }), room201Row!.room!)?.type).toBe(
      'booking/room_fixed',
    );
  });

  it('names room, maximum and occupancy when the room is too small', () => {
    expect(moveRefusal(booking('1', { roomId: room201, occupancy: 2 }), room101Row!.room!)).toMatchObject({
      type: 'booking/occupancy_exceeds_room',
      params: { roomNumber: '101', maxOccupancy: 1, occupancy: 2 },
    });
  });

  it('lets a booking change dates in its own room', () => {
    expect(moveRefusal(booking('1', { isRoomFixed: true, occupancy: 3 }), room101Row!.room!)).toBeNull();
  });
});
