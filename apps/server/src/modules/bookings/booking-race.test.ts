import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn, ZCreatedApiKey, ZRoomPlan } from '@pms/contract';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import {
  bearer,
  createStayFixture,
  expectProblem,
  parsed,
  startDemoApp,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';

// Many requests for one room at once, split over two instances of the application on one database:
// the database lets exactly one of them hold the room, and every other gets a clean 409, never a 500
// (a deadlock) or an answer that never comes.

const requestsPerRace = 200;

let t: TTestApp;
let admin: ApiClient;
let instances: ApiClient[];
let raceRoomTypeId: string;
let roomId: string;
let rateId: string;
let today: string;

beforeAll(async () => {
  const started = await startDemoApp();
  t = started.t;
  admin = started.client;
  today = todayIn('Europe/Vienna', t.clock.now());
  const roomType = await admin.post('/api/room_types', {
    name: 'Wettlauf',
    code: 'WL',
    capacity: 2,
    minOccupancy: 1,
    maxOccupancy: 2,
  });
  const roomTypeId = roomType.json<{ id: string }>().id;
  raceRoomTypeId = roomTypeId;
  const rooms = await admin.post('/api/rooms', { number: 'R1', roomTypeId });
  const rate = await admin.post('/api/rates', {
    name: 'Wettlauf',
    code: 'WL',
    active: true,
    isStandard: false,
  });
  rateId = rate.json<{ id: string }>().id;
  await admin.post(`/api/rates/${rateId}/prices`, { roomTypeId, occupancy: 1, amount: 9000 });
  expect(rooms.statusCode, rooms.body).toBe(201);
  roomId = rooms.json<{ data: { id: string }[] }>().data[0]!.id;
  const key = await admin.post('/api/api_keys', { name: 'Race', roleId: 'staff' });
  const secret = parsed(key, ZCreatedApiKey).secret;
  instances = [bearer(t.app, secret), bearer(await t.startInstance(), secret)];
});
afterAll(async () => {
  await t.close();
});

const day = (offset: number) => addDays(today, offset);

function bookRoom(client: ApiClient, offset: number): Promise<LightMyRequestResponse> {
  return client.post('/api/bookings', {
    roomId,
    checkIn: day(offset),
    checkOut: day(offset + 3),
    occupancy: 1,
    rateId,
    customer: { name: 'Wettlauf Gast' },
  });
}

function lockRoom(client: ApiClient, offset: number): Promise<LightMyRequestResponse> {
  return client.post('/api/room_locks', {
    roomId,
    startDate: day(offset),
    endDate: day(offset + 2),
    reason: 'Wasserschaden',
  });
}

async function holdersOfRoom(from: number, to: number) {
  const plan = parsed(
    await instances[0]!.get('/api/room_plan', { query: { from: day(from), to: day(to) } }),
    ZRoomPlan,
  );
  const room = plan.rooms.find((candidate) => candidate.id === roomId)!;
  return { bookings: room.bookings.length, locks: room.locks.length };
}

describe('a race for one room over two instances', () => {
  it(`lets exactly one of ${requestsPerRace} overlapping bookings win; the rest are refused with 409`, async () => {
    const responses = await Promise.all(
      Array.from({ length: requestsPerRace }, (_, i) => bookRoom(instances[i % 2]!, 100 + (i % 3))),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expectProblem(response, 409, 'booking/overlap_detected');
    }
    expect(await holdersOfRoom(100, 106)).toEqual({ bookings: 1, locks: 0 });
  }, 120_000);

  it('lets exactly one of bookings and room locks racing for the same days hold the room', async () => {
    const responses = await Promise.all(
      Array.from({ length: requestsPerRace }, (_, i) =>
        i % 4 < 2 ? bookRoom(instances[i % 2]!, 200 + (i % 2)) : lockRoom(instances[i % 2]!, 200 + (i % 2)),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      const type = response.json<{ type: string }>().type;
      expect(response.statusCode, response.body).toBe(409);
      expect(['booking/overlap_detected', 'room_lock/overlap_detected']).toContain(type);
    }
    const holders = await holdersOfRoom(200, 205);
    expect(holders.bookings + holders.locks).toBe(1);
  }, 120_000);
});

describe('bookings by room type racing for free rooms over two instances', () => {
  it('places every booking while a room of the type is free, and refuses only the ones beyond', async () => {
    const { roomTypeId: typeId, rateId: typeRateId } = await createStayFixture(admin, {
      roomType: { name: 'Ansturm', code: 'ANS' },
      rooms: 'A1-A8',
      rate: { name: 'Ansturm', code: 'ANS' },
      prices: [9000, 12000],
    });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        instances[i % 2]!.post('/api/bookings', {
          roomTypeId: typeId,
          checkIn: day(300),
          checkOut: day(302),
          occupancy: 1,
          rateId: typeRateId,
          customer: { name: `Ansturm ${i}` },
        }),
      ),
    );
    const placed = responses.filter((response) => response.statusCode === 201);
    expect(placed).toHaveLength(8);
    expect(new Set(placed.map((response) => response.json<{ roomId: string }>().roomId)).size).toBe(8);
    for (const response of responses.filter((r) => r.statusCode !== 201))
      expectProblem(response, 409, 'booking/no_free_room');
  }, 120_000);
});

describe('a group deleted while bookings join it, over two instances', () => {
  it('has no bookings left in any interleaving, and a booking for it afterwards is refused', async () => {
    for (let round = 0; round < 8; round++) {
      const group = await admin.post('/api/groups', { name: `Reisegruppe ${round}` });
      expect(group.statusCode, group.body).toBe(201);
      const groupId = group.json<{ id: string }>().id;
      // Pending bookings hold no room: the only thing they race for is the group.
      const joinGroup = (client: ApiClient, name: string) =>
        client.post('/api/bookings', {
          roomTypeId: raceRoomTypeId,
          status: 'pending',
          checkIn: day(400 + round),
          checkOut: day(401 + round),
          occupancy: 1,
          rateId,
          groupId,
          customer: { name },
        });
      const joining = Array.from({ length: 6 }, (_, i) =>
        joinGroup(instances[i % 2]!, `Gruppengast ${round}.${i}`),
      );
      const [deleted, ...answers] = await Promise.all([
        instances[round % 2]!.delete(`/api/groups/${groupId}`),
        ...joining,
      ]);
      expect(deleted.statusCode, deleted.body).toBe(204);
      for (const answer of answers) {
        if (answer.statusCode !== 201) expectProblem(answer, 404, 'not_found');
      }
      const left = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.groupId, groupId));
      expect(left).toEqual([]);
      expectProblem(await joinGroup(admin, 'Zu spät'), 404, 'not_found');
    }
  }, 120_000);
});
