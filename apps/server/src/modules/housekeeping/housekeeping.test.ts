import { describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, ZHousekeepingRoom } from '@pms/contract';
import { z } from 'zod';
import { rooms } from '../../db/schema/index.ts';
import { demo, expectProblem, login, parsed, propertyIds } from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { insertBooking, insertRoom } from '../../../test/front-office-factories.ts';

const ZHousekeepingRooms = z.object({ data: z.array(ZHousekeepingRoom) });

// Half past midnight in Vienna is still the day before in UTC: the day is the property's.
const now = '2027-03-09T23:30:00Z';
const today = '2027-03-10';

const test = apiTest.extend('stays', { scope: 'file', auto: true }, async ({ demoApp }) => {
  const { t, client: admin } = demoApp;
  t.clock.set(now);
  const ids = await propertyIds(admin);
  const propertyId = ids[demo.austria]!;
  const turnover = await insertRoom(t.db, propertyId);
  const leaving = await insertBooking(t.db, {
    propertyId,
    room: turnover,
    checkIn: addDays(today, -2),
    checkOut: today,
    status: 'checked_in',
  });
  const arriving = await insertBooking(t.db, {
    propertyId,
    room: turnover,
    checkIn: today,
    checkOut: addDays(today, 2),
  });
  const locked = await insertRoom(t.db, propertyId);
  const lock = await admin.post('/api/room_locks', {
    roomId: locked.id,
    startDate: today,
    endDate: addDays(today, 1),
    reason: 'Wasserschaden',
  });
  expect(lock.statusCode, lock.body).toBe(201);
  const foreign = await insertRoom(t.db, ids[demo.germany]!);
  return { propertyId, turnover, leaving, arriving, locked, foreign };
});

describe('housekeeping', () => {
  test('answers a change with the room as the list shows it on the property’s today', async ({
    demoApp,
    stays: { turnover, leaving, arriving },
  }) => {
    const cleaning = await login(demoApp.t.app, demo.users.cleaning);
    for (const status of ['dirty', 'clean'] as const) {
      const room = parsed(
        await cleaning.patch(`/api/housekeeping/rooms/${turnover.id}`, { housekeepingStatus: status }),
        ZHousekeepingRoom,
      );
      expect(room).toMatchObject({
        id: turnover.id,
        number: turnover.number,
        housekeepingStatus: status,
        isLocked: false,
        lockReason: null,
        isDepartureToday: true,
        isArrivalToday: true,
        occupant: { bookingId: arriving.id, checkOut: arriving.checkOut, status: 'confirmed' },
      });
      expect(room.occupant?.bookingId).not.toBe(leaving.id);
      const list = parsed(await cleaning.get('/api/housekeeping'), ZHousekeepingRooms);
      expect(list.data.find((listed) => listed.id === turnover.id)).toEqual(room);
      expect(parsed(await cleaning.get(`/api/housekeeping/rooms/${turnover.id}`), ZHousekeepingRoom)).toEqual(
        room,
      );
    }
  });

  test('shows a lock of today on the changed room', async ({ demoApp, stays: { locked } }) => {
    const room = parsed(
      await demoApp.client.patch(`/api/housekeeping/rooms/${locked.id}`, { housekeepingStatus: 'dirty' }),
      ZHousekeepingRoom,
    );
    expect(room).toMatchObject({
      housekeepingStatus: 'dirty',
      isLocked: true,
      lockReason: 'Wasserschaden',
      occupant: null,
      isArrivalToday: false,
      isDepartureToday: false,
    });
  });

  test('refuses a room of another property and a deleted room, and changes neither', async ({
    demoApp: { t, client: admin },
    stays: { propertyId, foreign },
  }) => {
    const deleted = await insertRoom(t.db, propertyId);
    await t.db.update(rooms).set({ deletedAt: new Date() }).where(eq(rooms.id, deleted.id));
    for (const room of [foreign, deleted]) {
      expectProblem(
        await admin.patch(`/api/housekeeping/rooms/${room.id}`, { housekeepingStatus: 'out_of_service' }),
        404,
        'not_found',
      );
      const [row] = await t.db.select().from(rooms).where(eq(rooms.id, room.id));
      expect(row!.housekeepingStatus).toBe(room.housekeepingStatus);
    }
  });
});
