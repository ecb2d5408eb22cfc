import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn, ZBooking, ZRoomPlan, type TBooking, type TRoomPlan } from '@pms/contract';
import { expectProblem, parsed, startDemoApp, type ApiClient, type TTestApp } from '../../../test/helpers.ts';

let t: TTestApp;
let admin: ApiClient;
let today: string;
let roomTypeId: string;
let roomIds: Record<string, string>;

/** Far enough ahead that the demo bookings never meet these stays. */
const day = (offset: number) => addDays(today, 700 + offset);

async function bookOk(body: Record<string, unknown>): Promise<TBooking> {
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

async function planOf(from: string, to: string): Promise<TRoomPlan> {
  const response = await admin.get('/api/room_plan', { query: { from, to } });
  expect(response.statusCode, response.body).toBe(200);
  return readPlan(response);
}

beforeAll(async () => {
  ({ t, client: admin } = await startDemoApp());
  today = todayIn('Europe/Vienna', t.clock.now());
  const roomType = await admin.post('/api/room_types', {
    name: 'Planzimmer',
    code: 'PZ',
    capacity: 2,
    minOccupancy: 1,
    maxOccupancy: 2,
  });
  expect(roomType.statusCode).toBe(201);
  roomTypeId = roomType.json<{ id: string }>().id;
  const rates = (await admin.get('/api/rates')).json<{ data: { id: string; isStandard: boolean }[] }>();
  const standard = rates.data.find((rate) => rate.isStandard)!;
  const price = await admin.post(`/api/rates/${standard.id}/prices`, {
    roomTypeId,
    occupancy: 1,
    amount: 9000,
  });
  expect(price.statusCode).toBe(201);
  // Created out of order: the plan must still list them 2, 10, 101.
  roomIds = {};
  for (const number of ['P101', 'P10', 'P2']) {
    const created = await admin.post('/api/rooms', { number, roomTypeId });
    expect(created.statusCode).toBe(201);
    roomIds[number] = created.json<{ data: { id: string }[] }>().data[0]!.id;
  }
});
afterAll(async () => {
  await t.close();
});

describe('the room plan', () => {
  it('lists stays under their room by check-in, and bookings without a room under their room type', async () => {
    const later = await bookOk({ roomId: roomIds.P2, checkIn: day(5), checkOut: day(7) });
    const earlier = await bookOk({ roomId: roomIds.P2, checkIn: day(1), checkOut: day(3) });
    const unassigned = await bookOk({ roomTypeId, checkIn: day(2), checkOut: day(4) });
    const unassign = await admin.put(`/api/bookings/${unassigned.id}`, { roomId: null });
    expect(unassign.statusCode, unassign.body).toBe(200);
    const plan = await planOf(day(0), day(10));

    const ours = plan.rooms.filter((room) => room.roomTypeId === roomTypeId);
    expect(ours.map((room) => room.number)).toEqual(['P2', 'P10', 'P101']);
    expect(ours[0]!.bookings.map((b) => b.id)).toEqual([earlier.id, later.id]);
    expect(ours[0]!.bookings[0]).toEqual({
      id: earlier.id,
      code: earlier.code,
      status: 'confirmed',
      checkIn: day(1),
      checkOut: day(3),
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

  it('takes a stay that touches the window and leaves out one that ends on its first day', async () => {
    const before = await bookOk({ roomId: roomIds.P10, checkIn: day(20), checkOut: day(22) });
    const across = await bookOk({ roomId: roomIds.P10, checkIn: day(22), checkOut: day(25) });
    const lastDay = await bookOk({ roomId: roomIds.P10, checkIn: day(26), checkOut: day(28) });
    const after = await bookOk({ roomId: roomIds.P10, checkIn: day(28), checkOut: day(29) });
    const plan = await planOf(day(22), day(26));
    const ids = plan.rooms.find((room) => room.id === roomIds.P10)!.bookings.map((b) => b.id);
    expect(ids).toEqual([across.id, lastDay.id]);
    expect(ids).not.toContain(before.id);
    expect(ids).not.toContain(after.id);
  });

  it('lists a lock under its room', async () => {
    const created = await admin.post('/api/room_locks', {
      roomId: roomIds.P101,
      startDate: day(40),
      endDate: day(41),
      reason: 'Maler',
    });
    expect(created.statusCode).toBe(201);
    const lock = created.json<{ id: string }>();
    const room = (await planOf(day(39), day(45))).rooms.find((r) => r.id === roomIds.P101)!;
    expect(room.locks).toEqual([{ id: lock.id, startDate: day(40), endDate: day(41), reason: 'Maler' }]);
    expect(room.bookings).toEqual([]);
  });

  it('answers the same bytes twice: the order never depends on the query plan', async () => {
    const first = await admin.get('/api/room_plan', { query: { from: day(0), to: day(45) } });
    const second = await admin.get('/api/room_plan', { query: { from: day(0), to: day(45) } });
    expect(second.body).toBe(first.body);
  });

  it('follows every change to its stays after a read, as a fresh instance reads them', async () => {
    const window = { from: day(60), to: day(70) };
    const staysOf = (plan: TRoomPlan) =>
      [...plan.rooms, ...plan.unassigned].flatMap((place) =>
        place.bookings.map((b) => ['number' in place ? place.number : 'unassigned', b.code, b.displayName]),
      );
    const moved = await bookOk({ roomId: roomIds.P2, checkIn: day(61), checkOut: day(63) });
    const canceled = await bookOk({ roomId: roomIds.P10, checkIn: day(62), checkOut: day(64) });
    const leaving = await bookOk({ roomId: roomIds.P101, checkIn: day(64), checkOut: day(66) });
    const renamed = await bookOk({ roomId: roomIds.P101, checkIn: day(60), checkOut: day(61) });
    expect(staysOf(await planOf(window.from, window.to))).toHaveLength(4);

    const added = await bookOk({ roomId: roomIds.P10, checkIn: day(65), checkOut: day(67) });
    const cancel = await admin.post(`/api/bookings/${canceled.id}/actions/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const move = await admin.put(`/api/bookings/${moved.id}`, { roomId: roomIds.P10 });
    expect(move.statusCode, move.body).toBe(200);
    const away = await admin.put(`/api/bookings/${leaving.id}`, { checkIn: day(80), checkOut: day(82) });
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

  it('answers in gzip where the client takes it: the same JSON, after a change in one room too', async () => {
    const window = { query: { from: day(90), to: day(100) } };
    await bookOk({
      roomId: roomIds.P2,
      checkIn: day(91),
      checkOut: day(93),
      customer: { name: 'Jürgen Größe' },
    });
    await bookOk({ roomId: roomIds.P10, checkIn: day(92), checkOut: day(95) });
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

  it('follows changes to rooms, locks and room types after a read, as a fresh instance reads them', async () => {
    const window = { from: day(110), to: day(120) };
    const stay = await bookOk({ roomId: roomIds.P2, checkIn: day(111), checkOut: day(113) });
    expect(
      (await planOf(window.from, window.to)).rooms.find((room) => room.id === roomIds.P2)?.bookings,
    ).toEqual([expect.objectContaining({ id: stay.id })]);

    // No stay changes: a room is added, a lock set, a room dirtied and a room type added.
    const room = await admin.post('/api/rooms', { number: 'P3', roomTypeId });
    expect(room.statusCode, room.body).toBe(201);
    const lock = await admin.post('/api/room_locks', {
      roomId: roomIds.P10,
      startDate: day(114),
      endDate: day(115),
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
      { id: lock.json<{ id: string }>().id, startDate: day(114), endDate: day(115), reason: 'Teppich' },
    ]);
    expect(ours[3]!.housekeepingStatus).toBe('dirty');
    expect(plan.roomTypes).toContainEqual({
      id: type.json<{ id: string }>().id,
      name: 'Nebenzimmer',
      maxOccupancy: 1,
    });
    // An instance that has kept nothing reads the whole window: the same bytes.
    const fresh = admin.clone(await t.startInstance());
    const read = await fresh.get('/api/room_plan', { query: window });
    expect(read.body).toBe(kept.body);
  });

  it('refuses a period longer than 120 days or one that ends before it starts', async () => {
    expectProblem(
      await admin.get('/api/room_plan', { query: { from: day(0), to: day(121) } }),
      400,
      'validation',
    );
    expectProblem(
      await admin.get('/api/room_plan', { query: { from: day(5), to: day(4) } }),
      400,
      'validation',
    );
  });
});
