import { and, asc, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { TGroup } from '@pms/contract';
import { ZBooking, ZGroup } from '@pms/contract';
import { events } from '../../db/schema/index.ts';
import {
  demo,
  expectProblem,
  loginAt,
  parsed,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { insertBooking, insertRoom } from '../../../test/front-office-factories.ts';

const test = apiTest
  .override('user', demo.users.staff)
  .extend('properties', { scope: 'file' }, ({ demoApp: { ids } }) => {
    const austriaId = ids[demo.austria]!;
    const germanyId = ids[demo.germany]!;
    return { austriaId, germanyId };
  });

async function createGroup(client: ApiClient, name: string): Promise<TGroup> {
  const response = await client.post('/api/groups', { name });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZGroup);
}

async function aBooking(t: TTestApp, propertyId: string, checkIn = '2030-10-01', checkOut = '2030-10-03') {
  return insertBooking(t.db, { propertyId, room: await insertRoom(t.db, propertyId), checkIn, checkOut });
}

async function eventsOf(t: TTestApp, objectType: 'group' | 'booking', objectId: string) {
  return t.db
    .select({ type: events.type, data: events.data })
    .from(events)
    .where(and(eq(events.objectType, objectType), eq(events.objectId, objectId)))
    .orderBy(asc(events.createdAt));
}

describe('group membership', () => {
  test('adds a booking to a group and removes it, from the group', async ({
    demoApp: { t, client: staff },
    properties: { austriaId },
  }) => {
    const group = await createGroup(staff, 'Chorreise');
    const booking = await aBooking(t, austriaId);

    const added = await staff.post(`/api/groups/${group.id}/bookings`, { bookingId: booking.id });
    expect(added.statusCode, added.body).toBe(200);
    expect(parsed(added, ZGroup)).toMatchObject({ bookingCount: 1, nights: 2 });
    expect(parsed(added, ZGroup).bookings?.map((entry) => entry.id)).toEqual([booking.id]);
    const read = await staff.get(`/api/bookings/${booking.id}`, { query: { expand: 'group' } });
    expect(parsed(read, ZBooking).group).toEqual({ id: group.id, name: 'Chorreise' });

    // Adding it again changes nothing.
    const again = await staff.post(`/api/groups/${group.id}/bookings`, { bookingId: booking.id });
    expect(parsed(again, ZGroup).bookingCount).toBe(1);

    const removed = await staff.delete(`/api/groups/${group.id}/bookings/${booking.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(parsed(removed, ZGroup)).toMatchObject({ bookingCount: 0, bookings: [] });
    expect(parsed(await staff.get(`/api/bookings/${booking.id}`), ZBooking).groupId).toBeNull();

    expect(await eventsOf(t, 'group', group.id)).toEqual([
      { type: 'created', data: {} },
      { type: 'booking_added', data: { bookingId: booking.id } },
      { type: 'booking_removed', data: { bookingId: booking.id } },
    ]);
    expect(await eventsOf(t, 'booking', booking.id)).toEqual([
      { type: 'updated', data: { changed: ['groupId'] } },
      { type: 'updated', data: { changed: ['groupId'] } },
    ]);
  });

  test('moves a booking from another group', async ({
    demoApp: { t, client: staff },
    properties: { austriaId },
  }) => {
    const [first, second] = [await createGroup(staff, 'Erste'), await createGroup(staff, 'Zweite')];
    const booking = await aBooking(t, austriaId);
    await staff.post(`/api/groups/${first.id}/bookings`, { bookingId: booking.id });
    const moved = await staff.post(`/api/groups/${second.id}/bookings`, { bookingId: booking.id });
    expect(parsed(moved, ZGroup).bookingCount).toBe(1);
    expect(parsed(await staff.get(`/api/groups/${first.id}`), ZGroup).bookingCount).toBe(0);
    expect((await eventsOf(t, 'group', first.id)).map((event) => event.type)).toEqual([
      'created',
      'booking_added',
      'booking_removed',
    ]);
  });

  test('adds and removes a booking from the booking too', async ({
    demoApp: { t, client: staff },
    properties: { austriaId },
  }) => {
    const group = await createGroup(staff, 'Über die Buchung');
    const booking = await aBooking(t, austriaId);
    const updated = await staff.put(`/api/bookings/${booking.id}`, { groupId: group.id });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(parsed(await staff.get(`/api/groups/${group.id}`), ZGroup).bookingCount).toBe(1);
    expect((await staff.put(`/api/bookings/${booking.id}`, { groupId: null })).statusCode).toBe(200);
    expect(parsed(await staff.get(`/api/groups/${group.id}`), ZGroup).bookingCount).toBe(0);
  });

  test('answers 404 for a booking that is not in the group, and for an unknown or deleted booking', async ({
    demoApp: { t, client: staff },
    properties: { austriaId },
  }) => {
    const group = await createGroup(staff, 'Leer');
    const booking = await aBooking(t, austriaId);
    expectProblem(await staff.delete(`/api/groups/${group.id}/bookings/${booking.id}`), 404, 'not_found');
    const unknown = crypto.randomUUID();
    expectProblem(
      await staff.post(`/api/groups/${group.id}/bookings`, { bookingId: unknown }),
      404,
      'not_found',
    );
    expect((await staff.delete(`/api/bookings/${booking.id}`)).statusCode).toBe(204);
    expectProblem(
      await staff.post(`/api/groups/${group.id}/bookings`, { bookingId: booking.id }),
      404,
      'not_found',
    );
    expectProblem(
      await staff.post(`/api/groups/${group.id}/bookings`, { bookingId: 'x' }),
      400,
      'validation',
    );
  });

  test("answers 404 for another property's booking or group and changes nothing", async ({
    demoApp: { t, client: staff },
    properties: { austriaId, germanyId },
  }) => {
    const group = await createGroup(staff, 'Salzburg');
    const own = await aBooking(t, austriaId);
    const foreignBooking = await aBooking(t, germanyId);
    const german = await loginAt(t.app, demo.users.manager, germanyId);
    const foreignGroup = await createGroup(german, 'Berlin');

    expectProblem(
      await staff.post(`/api/groups/${group.id}/bookings`, { bookingId: foreignBooking.id }),
      404,
      'not_found',
    );
    expectProblem(
      await staff.post(`/api/groups/${foreignGroup.id}/bookings`, { bookingId: own.id }),
      404,
      'not_found',
    );
    expectProblem(await german.delete(`/api/groups/${foreignGroup.id}/bookings/${own.id}`), 404, 'not_found');
    expectProblem(await staff.put(`/api/bookings/${own.id}`, { groupId: foreignGroup.id }), 404, 'not_found');
    expect(parsed(await german.get(`/api/groups/${foreignGroup.id}`), ZGroup).bookingCount).toBe(0);
    expect(parsed(await staff.get(`/api/bookings/${own.id}`), ZBooking).groupId).toBeNull();
  });

  test('is refused to cleaning and catering', async ({
    demoApp: { t, client: staff },
    properties: { austriaId },
  }) => {
    const group = await createGroup(staff, 'Verboten');
    const booking = await aBooking(t, austriaId);
    await staff.post(`/api/groups/${group.id}/bookings`, { bookingId: booking.id });
    for (const email of [demo.users.cleaning, demo.users.catering]) {
      const caller = await loginAt(t.app, email, austriaId);
      expectProblem(
        await caller.post(`/api/groups/${group.id}/bookings`, { bookingId: booking.id }),
        403,
        'auth/forbidden',
      );
      expectProblem(
        await caller.delete(`/api/groups/${group.id}/bookings/${booking.id}`),
        403,
        'auth/forbidden',
      );
    }
    expect(parsed(await staff.get(`/api/groups/${group.id}`), ZGroup).bookingCount).toBe(1);
  });
});
