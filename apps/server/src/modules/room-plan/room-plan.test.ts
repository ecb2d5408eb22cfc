import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import {
  addDays,
  todayIn,
  ZBooking,
  ZCreatedRooms,
  ZPaged,
  ZRate,
  ZRoomLock,
  ZRoomPlan,
  ZRoomType,
  type TBooking,
  type TRoomPlan,
} from '@pms/contract';
import { expectProblem, parsed, type ApiClient } from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

/** Far enough ahead that the demo bookings never meet these stays. */
const day = (today: string, offset: number) => addDays(today, 700 + offset);

async function bookOk(admin: ApiClient, body: Record<string, unknown>): Promise<TBooking> {
  const response = await admin.post('/api/bookings', {
    occupancy: 1,
    customer: { name: 'Plan Gast' },
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZBooking);
}

/** The room plan's answer, built by hand for speed, read with the contract's schema: its shape is checked. */
function readPlan(response: { json: () => unknown }): TRoomPlan {
  return ZRoomPlan.parse(response.json());
}

async function planOf(admin: ApiClient, from: string, to: string): Promise<TRoomPlan> {
  const response = await admin.get('/api/room_plan', { query: { from, to } });
  expect(response.statusCode, response.body).toBe(200);
  return readPlan(response);
}

const test = apiTest.extend('planned', { scope: 'file', auto: true }, async ({ demoApp }) => {
  const { t, client: admin } = demoApp;
  const today = todayIn('Europe/Vienna', t.clock.now());
  const roomType = await admin.post('/api/room_types', {
    name: 'Planzimmer',
    code: 'PZ',
    capacity: 2,
    minOccupancy: 1,
    maxOccupancy: 2,
  });
  expect(roomType.statusCode).toBe(201);
  const roomTypeId = parsed(roomType, ZRoomType).id;
  const rates = parsed(await admin.get('/api/rates'), ZPaged(ZRate));
  const standard = rates.data.find((rate) => rate.isStandard)!;
  const price = await admin.post(`/api/rates/${standard.id}/prices`, {
    roomTypeId,
    occupancy: 1,
    amount: 9000,
  });
  expect(price.statusCode).toBe(201);
  // Created out of order: the plan must still list them 2, 10, 101.
  const roomIds: Record<string, string> = {};
  for (const number of ['P101', 'P10', 'P2']) {
    const created = await admin.post('/api/rooms', { number, roomTypeId });
    expect(created.statusCode).toBe(201);
    roomIds[number] = parsed(created, ZCreatedRooms).data[0]!.id;
  }
  return { today, roomTypeId, roomIds };
});

describe('the room plan', () => {
  test('lists stays under their room by check-in, and bookings without a room under their room type', async ({
    demoApp: { client: admin },
    planned: { today, roomTypeId, roomIds },
  }) => {
    const later = await bookOk(admin, {
      roomId: roomIds.P2,
      checkIn: day(today, 5),
      checkOut: day(today, 7),
    });
    const earlier = await bookOk(admin, {
      roomId: roomIds.P2,
      checkIn: day(today, 1),
      checkOut: day(today, 3),
    });
    const unassigned = await bookOk(admin, { roomTypeId, checkIn: day(today, 2), checkOut: day(today, 4) });
    const unassign = await admin.put(`/api/bookings/${unassigned.id}`, { roomId: null });
    expect(unassign.statusCode, unassign.body).toBe(200);
    const plan = await planOf(admin, day(today, 0), day(today, 10));

    const ours = plan.rooms.filter((room) => room.roomTypeId === roomTypeId);
    expect(ours.map((room) => room.number)).toEqual(['P2', 'P10', 'P101']);
    expect(ours[0]!.bookings.map((b) => b.id)).toEqual([earlier.id, later.id]);
    expect(ours[0]!.bookings[0]).toEqual({
      id: earlier.id,
      code: earlier.code,
      status: 'confirmed',
      checkIn: day(today, 1),
      checkOut: day(today, 3),
      occupancy: 1,
      color: null,
      displayName: 'Plan Gast',
      isRoomFixed: false,
    });
    expect(plan.unassigned).toEqual([
      { roomTypeId, bookings: [expect.objectContaining({ id: unassigned.id })] },
    ]);
    expect(plan.roomTypes).toContainEqual({ id: roomTypeId, name: 'Planzimmer', maxOccupancy: 2 });
  });

  test('takes a stay that touches the window and leaves out one that ends on its first day', async ({
    demoApp: { client: admin },
    planned: { today, roomIds },
  }) => {
    const before = await bookOk(admin, {
      roomId: roomIds.P10,
      checkIn: day(today, 20),
      checkOut: day(today, 22),
    });
    const across = await bookOk(admin, {
      roomId: roomIds.P10,
      checkIn: day(today, 22),
      checkOut: day(today, 25),
    });
    const lastDay = await bookOk(admin, {
      roomId: roomIds.P10,
      checkIn: day(today, 26),
      checkOut: day(today, 28),
    });
    const after = await bookOk(admin, {
      roomId: roomIds.P10,
      checkIn: day(today, 28),
      checkOut: day(today, 29),
    });
    const plan = await planOf(admin, day(today, 22), day(today, 26));
    const ids = plan.rooms.find((room) => room.id === roomIds.P10)!.bookings.map((b) => b.id);
    expect(ids).toEqual([across.id, lastDay.id]);
    expect(ids).not.toContain(before.id);
    expect(ids).not.toContain(after.id);
  });

  test('lists a lock under its room', async ({ demoApp: { client: admin }, planned: { today, roomIds } }) => {
    const created = await admin.post('/api/room_locks', {
      roomId: roomIds.P101,
      startDate: day(today, 40),
      endDate: day(today, 41),
      reason: 'Maler',
    });
    expect(created.statusCode).toBe(201);
    const lock = parsed(created, ZRoomLock);
    const room = (await planOf(admin, day(today, 39), day(today, 45))).rooms.find(
      (r) => r.id === roomIds.P101,
    )!;
    expect(room.locks).toEqual([
      { id: lock.id, startDate: day(today, 40), endDate: day(today, 41), reason: 'Maler' },
    ]);
    expect(room.bookings).toEqual([]);
  });

  test('answers the same bytes twice: the order never depends on the query plan', async ({
    demoApp: { client: admin },
    planned: { today },
  }) => {
    const first = await admin.get('/api/room_plan', { query: { from: day(today, 0), to: day(today, 45) } });
    const second = await admin.get('/api/room_plan', { query: { from: day(today, 0), to: day(today, 45) } });
    expect(second.body).toBe(first.body);
  });

  test('follows every change to its stays after a read, as a fresh instance reads them', async ({
    demoApp: { t, client: admin },
    planned: { today, roomIds },
  }) => {
    const window = { from: day(today, 60), to: day(today, 70) };
    const staysOf = (plan: TRoomPlan) =>
      [...plan.rooms, ...plan.unassigned].flatMap((place) =>
        place.bookings.map((b) => ['number' in place ? place.number : 'unassigned', b.code, b.displayName]),
      );
    const moved = await bookOk(admin, {
      roomId: roomIds.P2,
      checkIn: day(today, 61),
      checkOut: day(today, 63),
    });
    const canceled = await bookOk(admin, {
      roomId: roomIds.P10,
      checkIn: day(today, 62),
      checkOut: day(today, 64),
    });
    const leaving = await bookOk(admin, {
      roomId: roomIds.P101,
      checkIn: day(today, 64),
      checkOut: day(today, 66),
    });
    const renamed = await bookOk(admin, {
      roomId: roomIds.P101,
      checkIn: day(today, 60),
      checkOut: day(today, 61),
    });
    expect(staysOf(await planOf(admin, window.from, window.to))).toHaveLength(4);

    const added = await bookOk(admin, {
      roomId: roomIds.P10,
      checkIn: day(today, 65),
      checkOut: day(today, 67),
    });
    const cancel = await admin.post(`/api/bookings/${canceled.id}/actions/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const move = await admin.put(`/api/bookings/${moved.id}`, { roomId: roomIds.P10 });
    expect(move.statusCode, move.body).toBe(200);
    const away = await admin.put(`/api/bookings/${leaving.id}`, {
      checkIn: day(today, 80),
      checkOut: day(today, 82),
    });
    expect(away.statusCode, away.body).toBe(200);
    const rename = await admin.patch(`/api/contacts/${renamed.customerId}`, { name: 'Neuer Name' });
    expect(rename.statusCode, rename.body).toBe(200);
    const unassign = await admin.put(`/api/bookings/${added.id}`, { roomId: null });
    expect(unassign.statusCode, unassign.body).toBe(200);

    const kept = await admin.get('/api/room_plan', { query: window });
    expect(staysOf(readPlan(kept))).toEqual([
      ['P10', moved.code, 'Plan Gast'],
      ['P101', renamed.code, 'Neuer Name'],
      ['unassigned', added.code, 'Plan Gast'],
    ]);
    // An instance that has kept nothing reads the whole window: the same bytes.
    const fresh = admin.clone(await t.startInstance());
    const read = await fresh.get('/api/room_plan', { query: window });
    expect(read.body).toBe(kept.body);
  });

  test('answers in gzip where the client takes it: the same JSON, after a change in one room too', async ({
    demoApp: { client: admin },
    planned: { today, roomIds },
  }) => {
    const window = { query: { from: day(today, 90), to: day(today, 100) } };
    await bookOk(admin, {
      roomId: roomIds.P2,
      checkIn: day(today, 91),
      checkOut: day(today, 93),
      customer: { name: 'Jürgen Größe' },
    });
    await bookOk(admin, { roomId: roomIds.P10, checkIn: day(today, 92), checkOut: day(today, 95) });
    const gzipOf = async () => {
      const zipped = await admin.get('/api/room_plan', {
        ...window,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(zipped.statusCode, zipped.body).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      const plain = await admin.get('/api/room_plan', window);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
      return readPlan(plain);
    };
    expect((await gzipOf()).rooms.find((room) => room.id === roomIds.P2)?.bookings[0]?.displayName).toBe(
      'Jürgen Größe',
    );
    const dirty = await admin.patch(`/api/housekeeping/rooms/${roomIds.P10}`, {
      housekeepingStatus: 'dirty',
    });
    expect(dirty.statusCode, dirty.body).toBe(200);
    expect((await gzipOf()).rooms.find((room) => room.id === roomIds.P10)?.housekeepingStatus).toBe('dirty');
    // A client that takes only brotli gets brotli, of the same JSON.
    const brotli = await admin.get('/api/room_plan', { ...window, headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(
      (await admin.get('/api/room_plan', window)).body,
    );
  });

  test('follows changes to rooms, locks and room types after a read, as a fresh instance reads them', async ({
    demoApp: { t, client: admin },
    planned: { today, roomTypeId, roomIds },
  }) => {
    const window = { from: day(today, 110), to: day(today, 120) };
    const stay = await bookOk(admin, {
      roomId: roomIds.P2,
      checkIn: day(today, 111),
      checkOut: day(today, 113),
    });
    expect(
      (await planOf(admin, window.from, window.to)).rooms.find((room) => room.id === roomIds.P2)?.bookings,
    ).toEqual([expect.objectContaining({ id: stay.id })]);

    // No stay changes: a room is added, a lock set, a room dirtied and a room type added.
    const room = await admin.post('/api/rooms', { number: 'P3', roomTypeId });
    expect(room.statusCode, room.body).toBe(201);
    const lock = await admin.post('/api/room_locks', {
      roomId: roomIds.P10,
      startDate: day(today, 114),
      endDate: day(today, 115),
      reason: 'Teppich',
    });
    expect(lock.statusCode, lock.body).toBe(201);
    const dirty = await admin.patch(`/api/housekeeping/rooms/${roomIds.P101}`, {
      housekeepingStatus: 'dirty',
    });
    expect(dirty.statusCode, dirty.body).toBe(200);
    const type = await admin.post('/api/room_types', {
      name: 'Nebenzimmer',
      code: 'NZ',
      capacity: 1,
      minOccupancy: 1,
      maxOccupancy: 1,
    });
    expect(type.statusCode, type.body).toBe(201);

    const kept = await admin.get('/api/room_plan', { query: window });
    expect(kept.statusCode, kept.body).toBe(200);
    const plan = readPlan(kept);
    const ours = plan.rooms.filter((r) => r.roomTypeId === roomTypeId);
    expect(ours.map((r) => r.number)).toEqual(['P2', 'P3', 'P10', 'P101']);
    expect(ours[0]!.bookings.map((b) => b.id)).toEqual([stay.id]);
    expect(ours[2]!.locks).toEqual([
      {
        id: parsed(lock, ZRoomLock).id,
        startDate: day(today, 114),
        endDate: day(today, 115),
        reason: 'Teppich',
      },
    ]);
    expect(ours[3]!.housekeepingStatus).toBe('dirty');
    expect(plan.roomTypes).toContainEqual({
      id: parsed(type, ZRoomType).id,
      name: 'Nebenzimmer',
      maxOccupancy: 1,
    });
    // An instance that has kept nothing reads the whole window: the same bytes.
    const fresh = admin.clone(await t.startInstance());
    const read = await fresh.get('/api/room_plan', { query: window });
    expect(read.body).toBe(kept.body);
  });

  test('refuses a period longer than 120 days or one that ends before it starts', async ({
    demoApp: { client: admin },
    planned: { today },
  }) => {
    expectProblem(
      await admin.get('/api/room_plan', { query: { from: day(today, 0), to: day(today, 121) } }),
      400,
      'validation',
    );
    expectProblem(
      await admin.get('/api/room_plan', { query: { from: day(today, 5), to: day(today, 4) } }),
      400,
      'validation',
    );
  });
});
