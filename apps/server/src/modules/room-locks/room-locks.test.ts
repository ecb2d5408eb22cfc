import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addDays,
  todayIn,
  ZBooking,
  ZDashboard,
  ZHousekeepingRoom,
  ZPaged,
  ZRoomLock,
  type THousekeepingRoom,
  type TPaged,
  type TRoomLock,
} from '@pms/contract';
import { rooms } from '../../db/schema/index.ts';
import {
  demo,
  expectProblem,
  login,
  loginAt,
  parsed,
  startDemoApp,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';

let t: TTestApp;
let admin: ApiClient;
let ids: Record<string, string>;
let today: string;
let roomIds: Record<string, string>;
const day = (offset: number) => addDays(today, offset);

beforeAll(async () => {
  ({ t, client: admin, ids } = await startDemoApp());
  // A set date: the locks' days and the scheduled job's runs follow this clock, not the machine's.
  t.clock.set('2027-02-10T08:00:00Z');
  today = todayIn('Europe/Vienna', t.clock.now());
  const roomType = await admin.post('/api/room_types', {
    name: 'Sperrzimmer',
    code: 'SZ',
    capacity: 2,
    maxOccupancy: 2,
  });
  const roomTypeId = roomType.json<{ id: string }>().id;
  const created = await admin.post('/api/rooms', { number: '951-954', roomTypeId });
  const rates = (await admin.get('/api/rates')).json<TPaged<{ id: string; isStandard: boolean }>>().data;
  const standard = rates.find((rate) => rate.isStandard)!;
  for (const occupancy of [1, 2]) {
    const price = await admin.post(`/api/rates/${standard.id}/prices`, {
      roomTypeId,
      occupancy,
      amount: 9000,
    });
    expect(price.statusCode, price.body).toBe(201);
  }
  roomIds = Object.fromEntries(
    created.json<{ data: { id: string; number: string }[] }>().data.map((room) => [room.number, room.id]),
  );
});
afterAll(async () => {
  await t.close();
});

async function housekeepingStatus(roomId: string) {
  const [room] = await t.db.select().from(rooms).where(eq(rooms.id, roomId));
  return room!.housekeepingStatus;
}

describe('room locks', () => {
  it('creates, lists, changes and cancels a lock', async () => {
    const created = await admin.post('/api/room_locks', {
      roomId: roomIds['951'],
      startDate: day(20),
      endDate: day(22),
      reason: 'Teppich',
    });
    expect(created.statusCode).toBe(201);
    const lock = parsed(created, ZRoomLock);
    expect(lock).toMatchObject({
      status: 'scheduled',
      statusAfterStart: 'out_of_service',
      statusAfterEnd: 'dirty',
    });
    const list = parsed(
      await admin.get('/api/room_locks', { query: { roomId: roomIds['951']! } }),
      ZPaged(ZRoomLock),
    );
    expect(list.data.map((l) => l.id)).toEqual([lock.id]);
    const changed = await admin.put(`/api/room_locks/${lock.id}`, {
      endDate: day(25),
      reason: 'Teppich und Wände',
    });
    expect(parsed(changed, ZRoomLock)).toMatchObject({ endDate: day(25), reason: 'Teppich und Wände' });
    const canceled = await admin.post(`/api/room_locks/${lock.id}/actions/cancel`);
    expect(parsed(canceled, ZRoomLock).status).toBe('canceled');
    expect(
      (
        await admin.post('/api/room_locks', {
          roomId: roomIds['951'],
          startDate: day(21),
          endDate: day(21),
          reason: 'Frei',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('refuses a lock over a booking or another lock, and an end before the start', async () => {
    const booking = await admin.post('/api/bookings', {
      roomId: roomIds['952'],
      occupancy: 1,
      checkIn: day(30),
      checkOut: day(33),
    });
    expect(booking.statusCode, booking.body).toBe(201);
    expectProblem(
      await admin.post('/api/room_locks', {
        roomId: roomIds['952'],
        startDate: day(32),
        endDate: day(34),
        reason: 'x',
      }),
      409,
      'room_lock/overlap_detected',
    );
    await admin.post('/api/room_locks', {
      roomId: roomIds['952'],
      startDate: day(33),
      endDate: day(34),
      reason: 'after departure',
    });
    expectProblem(
      await admin.post('/api/room_locks', {
        roomId: roomIds['952'],
        startDate: day(34),
        endDate: day(36),
        reason: 'x',
      }),
      409,
      'room_lock/overlap_detected',
    );
    expectProblem(
      await admin.post('/api/room_locks', {
        roomId: roomIds['952'],
        startDate: day(40),
        endDate: day(39),
        reason: 'x',
      }),
      400,
      'room_lock/invalid_dates',
    );
  });

  it('sets the room status at the start and at the end, through the scheduled job', async () => {
    await t.db.update(rooms).set({ housekeepingStatus: 'clean' }).where(eq(rooms.id, roomIds['953']!));
    const created = await admin.post('/api/room_locks', {
      roomId: roomIds['953'],
      startDate: today,
      endDate: day(1),
      reason: 'Wasserschaden',
    });
    expect(parsed(created, ZRoomLock).status).toBe('active');
    expect(await housekeepingStatus(roomIds['953']!)).toBe('out_of_service');
    const housekeeping = (await admin.get('/api/housekeeping', { query: { filter: 'locked' } })).json<{
      data: THousekeepingRoom[];
    }>();
    expect(housekeeping.data.find((room) => room.id === roomIds['953'])).toMatchObject({
      isLocked: true,
      lockReason: 'Wasserschaden',
    });
    t.clock.advance(3 * 86_400_000);
    await t.app.jobRunner.scheduleRecurring();
    expect(await t.app.jobRunner.runDue()).toBe(1);
    expect(await housekeepingStatus(roomIds['953']!)).toBe('dirty');
    expect(
      (await admin.get(`/api/room_locks/${parsed(created, ZRoomLock).id}`)).json<TRoomLock>().status,
    ).toBe('ended');
    // The next run is due a minute later, not before.
    expect(await t.app.jobRunner.runDue()).toBe(0);
    t.clock.advance(60_000);
    expect(await t.app.jobRunner.runDue()).toBe(1);
    t.clock.set('2027-02-10T08:00:00Z');
  });

  it('keeps roles and properties apart', async () => {
    const cleaning = await login(t.app, demo.users.cleaning);
    expectProblem(await cleaning.get('/api/room_locks'), 403, 'auth/forbidden');
    const lock = parsed(
      await admin.post('/api/room_locks', {
        roomId: roomIds['954'],
        startDate: day(50),
        endDate: day(51),
        reason: 'x',
      }),
      ZRoomLock,
    );
    const other = await loginAt(t.app, demo.users.manager, ids[demo.germany]!);
    expectProblem(await other.get(`/api/room_locks/${lock.id}`), 404, 'not_found');
    expectProblem(
      await other.post('/api/room_locks', {
        roomId: roomIds['954'],
        startDate: day(60),
        endDate: day(61),
        reason: 'x',
      }),
      404,
      'not_found',
    );
  });
});

describe('housekeeping', () => {
  it('lists rooms by status and lets cleaning staff mark a room clean', async () => {
    await t.db.update(rooms).set({ housekeepingStatus: 'dirty' }).where(eq(rooms.id, roomIds['954']!));
    const cleaning = await loginAt(t.app, demo.users.cleaning, ids[demo.austria]!);
    const dirty = (await cleaning.get('/api/housekeeping', { query: { filter: 'dirty' } })).json<{
      data: THousekeepingRoom[];
    }>();
    expect(dirty.data.every((room) => room.housekeepingStatus === 'dirty')).toBe(true);
    expect(dirty.data.map((room) => room.id)).toContain(roomIds['954']);
    const cleaned = await cleaning.patch(`/api/housekeeping/rooms/${roomIds['954']}`, {
      housekeepingStatus: 'clean',
    });
    expect(parsed(cleaned, ZHousekeepingRoom).housekeepingStatus).toBe('clean');
    const one = await cleaning.get(`/api/housekeeping/rooms/${roomIds['954']}`);
    expect(parsed(one, ZHousekeepingRoom)).toMatchObject({ number: '954', housekeepingStatus: 'clean' });
    const clean = (await cleaning.get('/api/housekeeping', { query: { filter: 'clean' } })).json<{
      data: THousekeepingRoom[];
    }>();
    expect(clean.data.map((room) => room.id)).toContain(roomIds['954']);
    expectProblem(
      await cleaning.patch(`/api/housekeeping/rooms/${roomIds['954']}`, { housekeepingStatus: 'sparkling' }),
      400,
      'validation',
    );
    const catering = await login(t.app, demo.users.catering);
    expectProblem(await catering.get('/api/housekeeping'), 403, 'auth/forbidden');
  });

  it("answers 404 for another property's room", async () => {
    const other = await loginAt(t.app, demo.users.cleaning, ids[demo.germany]!);
    expectProblem(await other.get(`/api/housekeeping/rooms/${roomIds['954']}`), 404, 'not_found');
    expectProblem(
      await other.patch(`/api/housekeeping/rooms/${roomIds['954']}`, { housekeepingStatus: 'clean' }),
      404,
      'not_found',
    );
  });
});

describe('dashboard', () => {
  // The demo's bookings lie around the machine's today.
  beforeAll(() => {
    t.clock.reset();
    today = todayIn('Europe/Vienna', t.clock.now());
  });

  it("counts today's arrivals, departures, in-house guests, occupancy, rooms to clean and open balances", async () => {
    const before = parsed(await admin.get('/api/dashboard'), ZDashboard);
    expect(before.date).toBe(today);
    expect(before.occupancy.totalRooms).toBe(44);
    expect(before.inHouse.length).toBeGreaterThan(0);
    const booking = parsed(
      await admin.post('/api/bookings', {
        roomId: roomIds['951'],
        occupancy: 2,
        checkIn: today,
        checkOut: day(2),
        customer: { name: 'Dora Dashboard' },
        isDebtor: true,
      }),
      ZBooking,
    );
    const arrived = parsed(await admin.get('/api/dashboard'), ZDashboard);
    expect(arrived.arrivals.map((a) => a.id)).toContain(booking.id);
    expect(arrived.occupancy.occupiedRooms).toBe(before.occupancy.occupiedRooms + 1);
    await admin.post(`/api/bookings/${booking.id}/actions/check_in`);
    const inHouse = parsed(await admin.get('/api/dashboard'), ZDashboard);
    expect(inHouse.inHouse.map((a) => a.id)).toContain(booking.id);
    expect(inHouse.guestsInHouse).toBe(arrived.guestsInHouse + 2);
    expect(inHouse.openBalances.count).toBeGreaterThanOrEqual(arrived.openBalances.count);
    const dirtyCount = (await admin.get('/api/housekeeping', { query: { filter: 'dirty' } })).json<{
      data: unknown[];
    }>().data.length;
    expect(inHouse.roomsToClean).toBe(dirtyCount);
    const cleaning = await login(t.app, demo.users.cleaning);
    expectProblem(await cleaning.get('/api/dashboard'), 403, 'auth/forbidden');
  });
});
