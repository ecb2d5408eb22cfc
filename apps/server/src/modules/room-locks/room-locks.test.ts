import { describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addDays,
  todayIn,
  ZBooking,
  ZDashboard,
  ZHousekeepingRoom,
  ZPaged,
  ZRoomLock,
  ZCreatedRooms,
  ZRate,
  ZRoomType,
} from '@pms/contract';
import { z } from 'zod';
import { rooms } from '../../db/schema/index.ts';
import { demo, expectProblem, login, loginAt, parsed, type TTestApp } from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { recurringJobs } from '../../jobs/job-types.ts';

/** The answer of GET /api/housekeeping. */
const ZHousekeepingRooms = z.object({ data: z.array(ZHousekeepingRoom) });

const day = (today: string, offset: number) => addDays(today, offset);

const test = apiTest.extend('locked', { scope: 'file', auto: true }, async ({ demoApp }) => {
  const { t, client: admin } = demoApp;
  // A set date: the locks' days and the scheduled job's runs follow this clock, not the machine's.
  t.clock.set('2027-02-10T08:00:00Z');
  const today = todayIn('Europe/Vienna', t.clock.now());
  const roomType = await admin.post('/api/room_types', {
    name: 'Sperrzimmer',
    code: 'SZ',
    capacity: 2,
    maxOccupancy: 2,
  });
  const roomTypeId = parsed(roomType, ZRoomType).id;
  const created = await admin.post('/api/rooms', { number: '951-954', roomTypeId });
  const rates = parsed(await admin.get('/api/rates'), ZPaged(ZRate)).data;
  const standard = rates.find((rate) => rate.isStandard)!;
  for (const occupancy of [1, 2]) {
    const price = await admin.post(`/api/rates/${standard.id}/prices`, {
      roomTypeId,
      occupancy,
      amount: 9000,
    });
    expect(price.statusCode, price.body).toBe(201);
  }
  const roomIds = Object.fromEntries(
    parsed(created, ZCreatedRooms).data.map((room) => [room.number, room.id]),
  );
  return { today, roomIds };
});

async function housekeepingStatus(t: TTestApp, roomId: string) {
  const [room] = await t.db.select().from(rooms).where(eq(rooms.id, roomId));
  return room!.housekeepingStatus;
}

describe('room locks', () => {
  test('creates, lists, changes and cancels a lock', async ({
    demoApp: { client: admin },
    locked: { today, roomIds },
  }) => {
    const created = await admin.post('/api/room_locks', {
      roomId: roomIds['951'],
      startDate: day(today, 20),
      endDate: day(today, 22),
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
      endDate: day(today, 25),
      reason: 'Teppich und Wände',
    });
    expect(parsed(changed, ZRoomLock)).toMatchObject({
      endDate: day(today, 25),
      reason: 'Teppich und Wände',
    });
    const canceled = await admin.post(`/api/room_locks/${lock.id}/actions/cancel`);
    expect(parsed(canceled, ZRoomLock).status).toBe('canceled');
    expect(
      (
        await admin.post('/api/room_locks', {
          roomId: roomIds['951'],
          startDate: day(today, 21),
          endDate: day(today, 21),
          reason: 'Frei',
        })
      ).statusCode,
    ).toBe(201);
  });

  test('refuses a lock over a booking or another lock, and an end before the start', async ({
    demoApp: { client: admin },
    locked: { today, roomIds },
  }) => {
    const booking = await admin.post('/api/bookings', {
      roomId: roomIds['952'],
      occupancy: 1,
      checkIn: day(today, 30),
      checkOut: day(today, 33),
    });
    expect(booking.statusCode, booking.body).toBe(201);
    expectProblem(
      await admin.post('/api/room_locks', {
        roomId: roomIds['952'],
        startDate: day(today, 32),
        endDate: day(today, 34),
        reason: 'x',
      }),
      409,
      'room_lock/overlap_detected',
    );
    await admin.post('/api/room_locks', {
      roomId: roomIds['952'],
      startDate: day(today, 33),
      endDate: day(today, 34),
      reason: 'after departure',
    });
    expectProblem(
      await admin.post('/api/room_locks', {
        roomId: roomIds['952'],
        startDate: day(today, 34),
        endDate: day(today, 36),
        reason: 'x',
      }),
      409,
      'room_lock/overlap_detected',
    );
    expectProblem(
      await admin.post('/api/room_locks', {
        roomId: roomIds['952'],
        startDate: day(today, 40),
        endDate: day(today, 39),
        reason: 'x',
      }),
      400,
      'room_lock/invalid_dates',
    );
  });

  test('sets the room status at the start and at the end, through the scheduled job', async ({
    demoApp: { t, client: admin },
    locked: { today, roomIds },
  }) => {
    await t.db.update(rooms).set({ housekeepingStatus: 'clean' }).where(eq(rooms.id, roomIds['953']!));
    const created = await admin.post('/api/room_locks', {
      roomId: roomIds['953'],
      startDate: today,
      endDate: day(today, 1),
      reason: 'Wasserschaden',
    });
    expect(parsed(created, ZRoomLock).status).toBe('active');
    expect(await housekeepingStatus(t, roomIds['953']!)).toBe('out_of_service');
    const housekeeping = parsed(
      await admin.get('/api/housekeeping', { query: { filter: 'locked' } }),
      ZHousekeepingRooms,
    );
    expect(housekeeping.data.find((room) => room.id === roomIds['953'])).toMatchObject({
      isLocked: true,
      lockReason: 'Wasserschaden',
    });
    t.clock.advance(3 * 86_400_000);
    await t.app.jobRunner.scheduleRecurring();
    // Each recurring job runs once (the room locks' among them).
    expect(await t.app.jobRunner.runDue()).toBe(recurringJobs.length);
    expect(await housekeepingStatus(t, roomIds['953']!)).toBe('dirty');
    expect(
      parsed(await admin.get(`/api/room_locks/${parsed(created, ZRoomLock).id}`), ZRoomLock).status,
    ).toBe('ended');
    // The next run is due a minute later, not before.
    expect(await t.app.jobRunner.runDue()).toBe(0);
    t.clock.advance(60_000);
    expect(await t.app.jobRunner.runDue()).toBe(recurringJobs.length);
    t.clock.set('2027-02-10T08:00:00Z');
  });

  test('keeps roles and properties apart', async ({
    demoApp: { t, client: admin, ids },
    locked: { today, roomIds },
  }) => {
    const cleaning = await login(t.app, demo.users.cleaning);
    expectProblem(await cleaning.get('/api/room_locks'), 403, 'auth/forbidden');
    const lock = parsed(
      await admin.post('/api/room_locks', {
        roomId: roomIds['954'],
        startDate: day(today, 50),
        endDate: day(today, 51),
        reason: 'x',
      }),
      ZRoomLock,
    );
    const other = await loginAt(t.app, demo.users.manager, ids[demo.germany]!);
    expectProblem(await other.get(`/api/room_locks/${lock.id}`), 404, 'not_found');
    expectProblem(
      await other.post('/api/room_locks', {
        roomId: roomIds['954'],
        startDate: day(today, 60),
        endDate: day(today, 61),
        reason: 'x',
      }),
      404,
      'not_found',
    );
  });
});

describe('housekeeping', () => {
  test('lists rooms by status and lets cleaning staff mark a room clean', async ({
    demoApp: { t, ids },
    locked: { roomIds },
  }) => {
    await t.db.update(rooms).set({ housekeepingStatus: 'dirty' }).where(eq(rooms.id, roomIds['954']!));
    const cleaning = await loginAt(t.app, demo.users.cleaning, ids[demo.austria]!);
    const dirty = parsed(
      await cleaning.get('/api/housekeeping', { query: { filter: 'dirty' } }),
      ZHousekeepingRooms,
    );
    expect(dirty.data.every((room) => room.housekeepingStatus === 'dirty')).toBe(true);
    expect(dirty.data.map((room) => room.id)).toContain(roomIds['954']);
    const cleaned = await cleaning.patch(`/api/housekeeping/rooms/${roomIds['954']}`, {
      housekeepingStatus: 'clean',
    });
    expect(parsed(cleaned, ZHousekeepingRoom).housekeepingStatus).toBe('clean');
    const one = await cleaning.get(`/api/housekeeping/rooms/${roomIds['954']}`);
    expect(parsed(one, ZHousekeepingRoom)).toMatchObject({ number: '954', housekeepingStatus: 'clean' });
    const clean = parsed(
      await cleaning.get('/api/housekeeping', { query: { filter: 'clean' } }),
      ZHousekeepingRooms,
    );
    expect(clean.data.map((room) => room.id)).toContain(roomIds['954']);
    expectProblem(
      await cleaning.patch(`/api/housekeeping/rooms/${roomIds['954']}`, { housekeepingStatus: 'sparkling' }),
      400,
      'validation',
    );
    const catering = await login(t.app, demo.users.catering);
    expectProblem(await catering.get('/api/housekeeping'), 403, 'auth/forbidden');
  });

  test("answers 404 for another property's room", async ({ demoApp: { t, ids }, locked: { roomIds } }) => {
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
  test.beforeAll(({ demoApp: { t }, locked }) => {
    t.clock.reset();
    locked.today = todayIn('Europe/Vienna', t.clock.now());
  });

  test("counts today's arrivals, departures, in-house guests, occupancy, rooms to clean and open balances", async ({
    demoApp: { t, client: admin },
    locked: { today, roomIds },
  }) => {
    const before = parsed(await admin.get('/api/dashboard'), ZDashboard);
    expect(before.date).toBe(today);
    expect(before.occupancy.totalRooms).toBe(44);
    expect(before.inHouse.length).toBeGreaterThan(0);
    const booking = parsed(
      await admin.post('/api/bookings', {
        roomId: roomIds['951'],
        occupancy: 2,
        checkIn: today,
        checkOut: day(today, 2),
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
    const dirtyCount = parsed(
      await admin.get('/api/housekeeping', { query: { filter: 'dirty' } }),
      ZHousekeepingRooms,
    ).data.length;
    expect(inHouse.roomsToClean).toBe(dirtyCount);
    const cleaning = await login(t.app, demo.users.cleaning);
    expectProblem(await cleaning.get('/api/dashboard'), 403, 'auth/forbidden');
  });
});
