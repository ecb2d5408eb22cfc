import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import {
  addDays,
  todayIn,
  ZBooking,
  ZCreatedApiKey,
  ZCreatedRooms,
  ZGroup,
  ZProblem,
  ZRate,
  ZRoomPlan,
  ZRoomType,
} from '@pms/contract';
import { eq } from 'drizzle-orm';
import { bookings } from '../../db/schema/index.ts';
import { bearer, createStayFixture, expectProblem, parsed, type ApiClient } from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

// Many requests for one room at once, split over two instances of the application on one database:
// the database lets exactly one of them hold the room, and every other gets a clean 409, never a 500
// (a deadlock) or an answer that never comes.

const requestsPerRace = 200;

const test = apiTest.extend('race', { scope: 'file', auto: true }, async ({ demoApp }) => {
  const { t, client: admin } = demoApp;
  const today = todayIn('Europe/Vienna', t.clock.now());
  const roomType = await admin.post('/api/room_types', {
    name: 'Wettlauf',
    code: 'WL',
    capacity: 2,
    minOccupancy: 1,
    maxOccupancy: 2,
  });
  const roomTypeId = parsed(roomType, ZRoomType).id;
  const raceRoomTypeId = roomTypeId;
  const rooms = await admin.post('/api/rooms', { number: 'R1', roomTypeId });
  const rate = await admin.post('/api/rates', {
    name: 'Wettlauf',
    code: 'WL',
    active: true,
    isStandard: false,
  });
  const rateId = parsed(rate, ZRate).id;
  await admin.post(`/api/rates/${rateId}/prices`, { roomTypeId, occupancy: 1, amount: 9000 });
  expect(rooms.statusCode, rooms.body).toBe(201);
  const roomId = parsed(rooms, ZCreatedRooms).data[0]!.id;
  const key = await admin.post('/api/api_keys', { name: 'Race', roleId: 'staff' });
  const secret = parsed(key, ZCreatedApiKey).secret;
  const instances = [bearer(t.app, secret), bearer(await t.startInstance(), secret)];
  return { instances, raceRoomTypeId, roomId, rateId, today };
});

const day = (today: string, offset: number) => addDays(today, offset);

function bookRoom(
  roomId: string,
  rateId: string,
  today: string,
  client: ApiClient,
  offset: number,
): Promise<LightMyRequestResponse> {
  return client.post('/api/bookings', {
    roomId,
    checkIn: day(today, offset),
    checkOut: day(today, offset + 3),
    occupancy: 1,
    rateId,
    customer: { name: 'Wettlauf Gast' },
  });
}

function lockRoom(
  roomId: string,
  today: string,
  client: ApiClient,
  offset: number,
): Promise<LightMyRequestResponse> {
  return client.post('/api/room_locks', {
    roomId,
    startDate: day(today, offset),
    endDate: day(today, offset + 2),
    reason: 'Wasserschaden',
  });
}

async function holdersOfRoom(
  instances: ApiClient[],
  roomId: string,
  today: string,
  from: number,
  to: number,
) {
  const plan = parsed(
    await instances[0]!.get('/api/room_plan', { query: { from: day(today, from), to: day(today, to) } }),
    ZRoomPlan,
  );
  const room = plan.rooms.find((candidate) => candidate.id === roomId)!;
  return { bookings: room.bookings.length, locks: room.locks.length };
}

describe('a race for one room over two instances', () => {
  test(`lets exactly one of ${requestsPerRace} overlapping bookings win; the rest are refused with 409`, async ({
    race: { instances, roomId, rateId, today },
  }) => {
    const responses = await Promise.all(
      Array.from({ length: requestsPerRace }, (_, i) =>
        bookRoom(roomId, rateId, today, instances[i % 2]!, 100 + (i % 3)),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expectProblem(response, 409, 'booking/overlap_detected');
    }
    expect(await holdersOfRoom(instances, roomId, today, 100, 106)).toEqual({ bookings: 1, locks: 0 });
  }, 120_000);

  test('lets exactly one of bookings and room locks racing for the same days hold the room', async ({
    race: { instances, roomId, rateId, today },
  }) => {
    const responses = await Promise.all(
      Array.from({ length: requestsPerRace }, (_, i) =>
        i % 4 < 2
          ? bookRoom(roomId, rateId, today, instances[i % 2]!, 200 + (i % 2))
          : lockRoom(roomId, today, instances[i % 2]!, 200 + (i % 2)),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      const type = parsed(response, ZProblem).type;
      expect(response.statusCode, response.body).toBe(409);
      expect(['booking/overlap_detected', 'room_lock/overlap_detected']).toContain(type);
    }
    const holders = await holdersOfRoom(instances, roomId, today, 200, 205);
    expect(holders.bookings + holders.locks).toBe(1);
  }, 120_000);
});

describe('bookings by room type racing for free rooms over two instances', () => {
  test('places every booking while a room of the type is free, and refuses only the ones beyond', async ({
    demoApp: { client: admin },
    race: { instances, today },
  }) => {
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
          checkIn: day(today, 300),
          checkOut: day(today, 302),
          occupancy: 1,
          rateId: typeRateId,
          customer: { name: `Ansturm ${i}` },
        }),
      ),
    );
    const placed = responses.filter((response) => response.statusCode === 201);
    expect(placed).toHaveLength(8);
    expect(new Set(placed.map((response) => parsed(response, ZBooking).roomId)).size).toBe(8);
    for (const response of responses.filter((r) => r.statusCode !== 201))
      expectProblem(response, 409, 'booking/no_free_room');
  }, 120_000);
});

describe('a group deleted while bookings join it, over two instances', () => {
  test('has no bookings left in any interleaving, and a booking for it afterwards is refused', async ({
    demoApp: { t, client: admin },
    race: { instances, raceRoomTypeId, rateId, today },
  }) => {
    for (let round = 0; round < 8; round++) {
      const group = await admin.post('/api/groups', { name: `Reisegruppe ${round}` });
      expect(group.statusCode, group.body).toBe(201);
      const groupId = parsed(group, ZGroup).id;
      // Pending bookings hold no room: the only thing they race for is the group.
      const joinGroup = (client: ApiClient, name: string) =>
        client.post('/api/bookings', {
          roomTypeId: raceRoomTypeId,
          status: 'pending',
          checkIn: day(today, 400 + round),
          checkOut: day(today, 401 + round),
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
