import { describe, expect } from 'vitest';
import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import {
  addDays,
  isBookingEventType,
  roomHoldingStatuses,
  todayIn,
  ZBooking,
  ZCharge,
  ZContact,
  ZCreatedRooms,
  ZDashboard,
  ZEvent,
  ZHousekeepingRoom,
  ZInvoiceSummary,
  ZPaged,
  ZPortalBooking,
  ZRoom,
  ZRoomPlan,
  ZRoomType,
  ZSearchResult,
  type TBooking,
} from '@pms/contract';
import { rowsOf } from '../../db/client.ts';
import { charges, events, folios, invoices, rooms } from '../../db/schema/index.ts';
import {
  ApiClient,
  createStayFixture,
  demo,
  expectProblem,
  login,
  loginAt,
  parsed,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

/** Rooms of a type and rate of their own, and today in Vienna. */
const test = apiTest.extend('stay', { scope: 'file' }, async ({ demoApp: { t, client: admin } }) => {
  const today = todayIn('Europe/Vienna', t.clock.now());
  const { roomTypeId, roomIds, rateId } = await createStayFixture(admin, {
    roomType: { name: 'Testzimmer', code: 'TZ' },
    rooms: '901-905',
    rate: { name: 'Testrate', code: 'TR' },
    prices: [10000, 13000],
  });
  /** A stay far enough ahead that the demo bookings never meet it. */
  const day = (offset: number) => addDays(today, offset);
  return { today, roomTypeId, roomIds, rateId, day };
});

async function book(client: ApiClient, rateId: string, body: Record<string, unknown>) {
  return client.post('/api/bookings', {
    occupancy: 2,
    rateId,
    customer: { name: 'Eva Beispiel', email: `eva.${Math.random()}@example.com` },
    ...body,
  });
}

async function bookOk(admin: ApiClient, rateId: string, body: Record<string, unknown>): Promise<TBooking> {
  const response = await book(admin, rateId, body);
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZBooking);
}

async function chargesOf(t: TTestApp, bookingId: string) {
  return t.db
    .select({
      grossAmount: charges.grossAmount,
      netAmount: charges.netAmount,
      taxAmount: charges.taxAmount,
      bookedOn: charges.bookedOn,
      isDefault: charges.isDefault,
    })
    .from(charges)
    .innerJoin(folios, eq(folios.id, charges.folioId))
    .where(eq(folios.bookingId, bookingId));
}

describe('creating a booking', () => {
  test('gives it a code with the property prefix, a portal link, its customer as guest and the rate charges', async ({
    demoApp: { t, client: admin },
    stay: { roomTypeId, roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['901'],
      checkIn: day(100),
      checkOut: day(103),
    });
    expect(booking.code).toMatch(/^AH-\d{5}$/);
    expect(booking).toMatchObject({
      status: 'confirmed',
      source: 'internal',
      numberOfNights: 3,
      roomId: roomIds['901'],
      roomTypeId,
      occupancy: 2,
    });
    expect(booking.link!.id.length).toBeGreaterThanOrEqual(32);
    expect(booking.link!.url).toBe(`http://localhost:3000/portal/${booking.link!.id}`);
    expect(booking.guests).toHaveLength(1);
    expect(booking.customer!.name).toBe('Eva Beispiel');
    expect(booking.grossAmount).toBe(39000);
    expect(booking.dueAmount).toBe(39000);
    const posted = await chargesOf(t, booking.id);
    expect(posted).toHaveLength(3);
    expect(
      posted.every((c) => c.grossAmount === 13000 && c.netAmount + c.taxAmount === 13000 && c.isDefault),
    ).toBe(true);
  });

  test('links differ and are unguessable', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const a = await bookOk(admin, rateId, {
      roomId: roomIds['902'],
      checkIn: day(100),
      checkOut: day(101),
      source: 'walk_in',
    });
    const b = await bookOk(admin, rateId, { roomId: roomIds['902'], checkIn: day(101), checkOut: day(102) });
    expect(a.source).toBe('walk_in');
    expect(a.link!.id).not.toBe(b.link!.id);
    expect(a.link!.id).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  test('assigns a free room of the room type when none is given, and refuses when none is left', async ({
    demoApp: { client: admin },
    stay: { roomTypeId, roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, { roomTypeId, checkIn: day(120), checkOut: day(122) });
    expect(booking.roomId).toBe(roomIds['901']);
    const second = await bookOk(admin, rateId, { roomTypeId, checkIn: day(120), checkOut: day(122) });
    expect(second.roomId).toBe(roomIds['902']);
    // The type's five rooms taken one by one for other days: the sixth booking finds none.
    for (let i = 0; i < 5; i++)
      await bookOk(admin, rateId, { roomTypeId, checkIn: day(730), checkOut: day(732) });
    expectProblem(
      await book(admin, rateId, { roomTypeId, checkIn: day(731), checkOut: day(733) }),
      409,
      'booking/no_free_room',
    );
    // A pending booking holds no room: it waits without one.
    expect(
      (await bookOk(admin, rateId, { roomTypeId, checkIn: day(731), checkOut: day(733), status: 'pending' }))
        .roomId,
    ).toBeNull();
  });

  test('refuses dates in the past and a check-out not after check-in', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    expectProblem(
      await book(admin, rateId, { roomId: roomIds['903'], checkIn: day(-1), checkOut: day(2) }),
      400,
      'booking/invalid_dates',
    );
    expectProblem(
      await book(admin, rateId, { roomId: roomIds['903'], checkIn: day(5), checkOut: day(5) }),
      400,
      'booking/invalid_dates',
    );
  });

  test('refuses an overlapping stay in the same room, while a same-day turnover is fine', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    await bookOk(admin, rateId, { roomId: roomIds['903'], checkIn: day(130), checkOut: day(133) });
    expectProblem(
      await book(admin, rateId, { roomId: roomIds['903'], checkIn: day(132), checkOut: day(134) }),
      409,
      'booking/overlap_detected',
    );
    expectProblem(
      await book(admin, rateId, { roomId: roomIds['903'], checkIn: day(129), checkOut: day(131) }),
      409,
      'booking/overlap_detected',
    );
    await bookOk(admin, rateId, { roomId: roomIds['903'], checkIn: day(133), checkOut: day(135) });
    await bookOk(admin, rateId, { roomId: roomIds['903'], checkIn: day(128), checkOut: day(130) });
  });

  test('refuses a stay that meets a room lock', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const lock = await admin.post('/api/room_locks', {
      roomId: roomIds['904'],
      startDate: day(140),
      endDate: day(142),
      reason: 'Maler',
    });
    expect(lock.statusCode).toBe(201);
    expectProblem(
      await book(admin, rateId, { roomId: roomIds['904'], checkIn: day(142), checkOut: day(143) }),
      409,
      'booking/overlap_detected',
    );
    await bookOk(admin, rateId, { roomId: roomIds['904'], checkIn: day(143), checkOut: day(144) });
  });

  test('refuses a rate without a price for the occupancy', async ({
    demoApp: { client: admin },
    stay: { rateId, day },
  }) => {
    const roomType = await admin.post('/api/room_types', {
      name: 'Ohne Preis',
      code: 'OP',
      capacity: 3,
      maxOccupancy: 3,
    });
    const id = parsed(roomType, ZRoomType).id;
    expectProblem(
      await book(admin, rateId, {
        roomTypeId: id,
        occupancy: 3,
        checkIn: day(150),
        checkOut: day(151),
        status: 'pending',
      }),
      400,
      'rate/no_matching_price',
    );
  });

  test('refuses more persons than the room takes, naming room, maximum and occupancy', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const problem = expectProblem(
      await book(admin, rateId, {
        roomId: roomIds['905'],
        occupancy: 3,
        checkIn: day(150),
        checkOut: day(151),
      }),
      400,
      'booking/occupancy_exceeds_room',
    );
    expect(problem.params).toEqual({ roomNumber: '905', maxOccupancy: 2, occupancy: 3 });
  });

  test('refuses more persons than the room type takes when no room is given, naming the room type', async ({
    demoApp: { client: admin },
    stay: { roomTypeId, rateId, day },
  }) => {
    const problem = expectProblem(
      await book(admin, rateId, { roomTypeId, occupancy: 3, checkIn: day(150), checkOut: day(151) }),
      400,
      'booking/occupancy_exceeds_room_type',
    );
    expect(problem.params).toEqual({ roomType: 'Testzimmer', maxOccupancy: 2, occupancy: 3 });
  });

  test('validates the body', async ({ demoApp: { client: admin } }) => {
    expectProblem(
      await admin.post('/api/bookings', { checkIn: 'tomorrow', occupancy: 0 }),
      400,
      'validation',
    );
  });
});

describe('changing and moving a booking', () => {
  test('moves to a free room, reprices a new stay and records the change', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['901'],
      checkIn: day(200),
      checkOut: day(202),
    });
    const moved = await admin.put(`/api/bookings/${booking.id}`, {
      roomId: roomIds['902'],
      checkOut: day(204),
      occupancy: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(parsed(moved, ZBooking)).toMatchObject({
      roomId: roomIds['902'],
      numberOfNights: 4,
      grossAmount: 40000,
    });
    const events = parsed(
      await admin.get(`/api/bookings/${booking.id}/events`),
      z.object({ data: z.array(ZEvent) }),
    ).data;
    expect(events.map((e) => e.type)).toEqual(['updated', 'created']);
  });

  test('refuses a move onto another stay', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    await bookOk(admin, rateId, { roomId: roomIds['901'], checkIn: day(210), checkOut: day(215) });
    const other = await bookOk(admin, rateId, {
      roomId: roomIds['902'],
      checkIn: day(211),
      checkOut: day(212),
    });
    expectProblem(
      await admin.put(`/api/bookings/${other.id}`, { roomId: roomIds['901'] }),
      409,
      'booking/overlap_detected',
    );
  });

  test('refuses to move a booking fixed to its room', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['903'],
      checkIn: day(220),
      checkOut: day(221),
      isRoomFixed: true,
    });
    expectProblem(
      await admin.put(`/api/bookings/${booking.id}`, { roomId: roomIds['904'] }),
      409,
      'booking/room_fixed',
    );
  });

  test('refuses a move to a room too small for the occupancy', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const suites = parsed(await admin.get('/api/rooms', { query: { pageSize: '100' } }), ZPaged(ZRoom)).data;
    const family = suites.find((room) => room.number === '307')!;
    const booking = await bookOk(admin, rateId, {
      roomId: family.id,
      occupancy: 3,
      rateId: null,
      checkIn: day(230),
      checkOut: day(231),
    });
    const problem = expectProblem(
      await admin.put(`/api/bookings/${booking.id}`, { roomId: roomIds['905'] }),
      400,
      'booking/occupancy_exceeds_room',
    );
    expect(problem.params).toEqual({ roomNumber: '905', maxOccupancy: 2, occupancy: 3 });
  });

  test('refuses more persons than the room type takes when no room is given, naming the room type', async ({
    demoApp: { client: admin },
    stay: { roomTypeId, rateId, day },
  }) => {
    const problem = expectProblem(
      await book(admin, rateId, { roomTypeId, occupancy: 3, checkIn: day(150), checkOut: day(151) }),
      400,
      'booking/occupancy_exceeds_room_type',
    );
    expect(problem.params).toEqual({ roomType: 'Testzimmer', maxOccupancy: 2, occupancy: 3 });
  });

  test('is read-only once an invoice exists', async ({
    demoApp: { t, client: admin, ids },
    stay: { roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['904'],
      checkIn: day(240),
      checkOut: day(241),
    });
    const [folio] = await t.db.select().from(folios).where(eq(folios.bookingId, booking.id));
    await t.db.insert(invoices).values({
      propertyId: ids[demo.austria]!,
      folioId: folio!.id,
      bookingId: booking.id,
      status: 'open',
      number: 'AH-T1',
    });
    expectProblem(
      await admin.put(`/api/bookings/${booking.id}`, { comment: 'Spät' }),
      409,
      'booking/read_only',
    );
    expectProblem(await admin.delete(`/api/bookings/${booking.id}`), 409, 'booking/read_only');
    expect(parsed(await admin.get(`/api/bookings/${booking.id}`), ZBooking).isReadOnly).toBe(true);
  });
});

describe('status actions', () => {
  test('checks in and out; the room turns dirty at check-out', async ({
    demoApp: { t, client: admin },
    stay: { today, roomIds, rateId, day },
  }) => {
    // A debtor checks in with the room charge due; leaving with it due needs the confirmation.
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['905'],
      checkIn: today,
      checkOut: day(1),
      isDebtor: true,
    });
    await t.db.update(rooms).set({ housekeepingStatus: 'clean' }).where(eq(rooms.id, roomIds['905']!));
    const checkedIn = await admin.post(`/api/bookings/${booking.id}/actions/check_in`);
    expect(parsed(checkedIn, ZBooking)).toMatchObject({ status: 'checked_in' });
    expect(parsed(checkedIn, ZBooking).checkedInAt).not.toBeNull();
    expectProblem(
      await admin.post(`/api/bookings/${booking.id}/actions/cancel`),
      409,
      'booking/invalid_transition',
    );
    const checkedOut = await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
      query: { confirmDueAmount: 'true' },
    });
    expect(parsed(checkedOut, ZBooking).status).toBe('checked_out');
    const [room] = await t.db.select().from(rooms).where(eq(rooms.id, roomIds['905']!));
    expect(room!.housekeepingStatus).toBe('dirty');
    const events = parsed(
      await admin.get(`/api/bookings/${booking.id}/events`),
      z.object({ data: z.array(ZEvent) }),
    ).data;
    // The key's own events (issued, revoked) come in the same transactions.
    expect(events.map((e) => e.type).filter((type) => !type.startsWith('access_token'))).toEqual([
      'checked_out',
      'checked_in',
      'created',
    ]);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['access_token_issued', 'access_token_revoked']),
    );
  });

  test('cancels (freeing the room and the charges) and refuses to undo onto a taken room', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['901'],
      checkIn: day(300),
      checkOut: day(302),
    });
    const canceled = await admin.post(`/api/bookings/${booking.id}/actions/cancel`);
    expect(parsed(canceled, ZBooking)).toMatchObject({ status: 'canceled', grossAmount: 0 });
    await bookOk(admin, rateId, { roomId: roomIds['901'], checkIn: day(301), checkOut: day(303) });
    expectProblem(
      await admin.post(`/api/bookings/${booking.id}/actions/undo_cancel`),
      409,
      'booking/overlap_detected',
    );
  });

  test('checks in only into an assigned room and not before the arrival day', async ({
    demoApp: { client: admin },
    stay: { today, roomTypeId, roomIds, rateId, day },
  }) => {
    const early = await bookOk(admin, rateId, {
      roomId: roomIds['904'],
      checkIn: day(305),
      checkOut: day(306),
    });
    const beforeArrival = expectProblem(
      await admin.post(`/api/bookings/${early.id}/actions/check_in`),
      409,
      'booking/before_arrival',
    );
    expect(beforeArrival.params).toEqual({ checkIn: day(305) });
    expect(parsed(await admin.get(`/api/bookings/${early.id}`), ZBooking).status).toBe('confirmed');
    const unassigned = await bookOk(admin, rateId, {
      roomTypeId,
      checkIn: today,
      checkOut: day(1),
      status: 'pending',
    });
    expect(unassigned.roomId).toBeNull();
    expectProblem(
      await admin.post(`/api/bookings/${unassigned.id}/actions/check_in`),
      409,
      'booking/room_required',
    );
    const unassignedLater = await bookOk(admin, rateId, {
      roomTypeId,
      checkIn: day(306),
      checkOut: day(307),
      status: 'pending',
    });
    expectProblem(
      await admin.post(`/api/bookings/${unassignedLater.id}/actions/check_in`),
      409,
      'booking/room_required',
    );
  });

  test("marks a no-show from the arrival day on, in the property's time zone, and undoes it", async ({
    demoApp: { t, client: admin },
    stay: { roomIds, rateId },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['902'],
      checkIn: '2031-06-10',
      checkOut: '2031-06-11',
    });
    try {
      // 23:30 in Vienna the evening before: not yet the arrival day.
      t.clock.set('2031-06-09T21:30:00Z');
      expectProblem(
        await admin.post(`/api/bookings/${booking.id}/actions/no_show`),
        409,
        'booking/before_arrival',
      );
      expect(parsed(await admin.get(`/api/bookings/${booking.id}`), ZBooking).status).toBe('confirmed');
      // 00:30 in Vienna: the arrival day has begun, though it is still the 9th in UTC.
      t.clock.set('2031-06-09T22:30:00Z');
      expect(parsed(await admin.post(`/api/bookings/${booking.id}/actions/no_show`), ZBooking).status).toBe(
        'no_show',
      );
      expect(
        parsed(await admin.post(`/api/bookings/${booking.id}/actions/undo_no_show`), ZBooking).status,
      ).toBe('confirmed');
    } finally {
      t.clock.reset();
    }
  });

  test('checks in on the arrival day, not the evening before', async ({
    demoApp: { t, client: admin },
    stay: { roomIds, rateId },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['904'],
      checkIn: '2031-07-01',
      checkOut: '2031-07-03',
      isDebtor: true,
    });
    try {
      t.clock.set('2031-06-30T21:59:00Z');
      expectProblem(
        await admin.post(`/api/bookings/${booking.id}/actions/check_in`),
        409,
        'booking/before_arrival',
      );
      t.clock.set('2031-06-30T22:00:00Z');
      expect(parsed(await admin.post(`/api/bookings/${booking.id}/actions/check_in`), ZBooking).status).toBe(
        'checked_in',
      );
    } finally {
      t.clock.reset();
    }
  });

  test('refuses an unknown action', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['902'],
      checkIn: day(320),
      checkOut: day(321),
    });
    expectProblem(await admin.post(`/api/bookings/${booking.id}/actions/teleport`), 400, 'validation');
  });

  test('confirms pending bookings together, or none when one would overlap', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const a = await bookOk(admin, rateId, {
      roomId: roomIds['903'],
      checkIn: day(330),
      checkOut: day(332),
      status: 'pending',
    });
    const b = await bookOk(admin, rateId, {
      roomId: roomIds['903'],
      checkIn: day(331),
      checkOut: day(333),
      status: 'pending',
    });
    expect(a.roomId).toBe(roomIds['903']);
    expectProblem(
      await admin.post('/api/bookings/confirm', { ids: [a.id, b.id] }),
      409,
      'booking/overlaps_detected',
    );
    expect(parsed(await admin.get(`/api/bookings/${a.id}`), ZBooking).status).toBe('pending');
    const confirmed = await admin.post('/api/bookings/confirm', { ids: [a.id] });
    expect(parsed(confirmed, z.object({ data: z.array(ZBooking) })).data[0]!.status).toBe('confirmed');
  });
});

describe('guests', () => {
  test('assigns and unassigns guests up to the occupancy', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['904'],
      checkIn: day(400),
      checkOut: day(401),
    });
    const added = await admin.post(`/api/bookings/${booking.id}/guests`, { name: 'Max Mitreisend' });
    expect(added.statusCode).toBe(200);
    const guest = parsed(added, ZBooking).guests!.find((g) => g.name === 'Max Mitreisend')!;
    expectProblem(
      await admin.post(`/api/bookings/${booking.id}/guests`, { name: 'Dritte Person' }),
      400,
      'booking/failed_assignment',
    );
    const removed = await admin.delete(`/api/bookings/${booking.id}/guests/${guest.id}`);
    expect(parsed(removed, ZBooking).guests).toHaveLength(1);
    expectProblem(await admin.delete(`/api/bookings/${booking.id}/guests/${guest.id}`), 404, 'not_found');
    expectProblem(
      await admin.post(`/api/bookings/${booking.id}/guests`, {
        contactId: '00000000-0000-4000-8000-000000000000',
      }),
      404,
      'not_found',
    );
  });
});

describe('family members', () => {
  test('are marked by staff on the booking, never the primary guest, and the portal asks them less', async ({
    demoApp: { t, client: admin, ids },
    stay: { roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['904'],
      checkIn: day(410),
      checkOut: day(411),
    });
    const added = await admin.post(`/api/bookings/${booking.id}/guests`, { name: 'Kind Mitreisend' });
    const guests = parsed(added, ZBooking).guests!;
    const child = guests.find((g) => g.name === 'Kind Mitreisend')!;
    const primary = guests.find((g) => g.isPrimary)!;
    expect(child.isFamilyMember).toBe(false);
    const guestUrl = `/api/bookings/${booking.id}/guests/${child.id}`;

    const marked = await admin.patch(guestUrl, { isFamilyMember: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(parsed(marked, ZBooking).guests!.find((g) => g.id === child.id)!.isFamilyMember).toBe(true);
    const fetched = parsed(
      await admin.get(`/api/bookings/${booking.id}`, { query: { expand: 'guests' } }),
      ZBooking,
    );
    expect(fetched.guests!.find((g) => g.id === child.id)!.isFamilyMember).toBe(true);
    const changes = await t.db
      .select({ type: events.type, data: events.data })
      .from(events)
      .where(
        and(eq(events.objectType, 'contact'), eq(events.objectId, child.id), eq(events.type, 'updated')),
      );
    expect(changes).toEqual([
      { type: 'updated', data: { changed: ['isFamilyMember'], bookingId: booking.id } },
    ]);
    // The same value again changes nothing and records nothing.
    expect((await admin.patch(guestUrl, { isFamilyMember: true })).statusCode).toBe(200);

    // The portal now asks only name and date of birth of that guest.
    const withLink = parsed(
      await admin.get(`/api/bookings/${booking.id}`, { query: { expand: 'link' } }),
      ZBooking,
    );
    const portalGuests = parsed(
      await new ApiClient(t.app).get('/api/portal/booking', { headers: { 'link-id': withLink.link!.id } }),
      ZPortalBooking,
    ).guests;
    const portalChild = portalGuests.find((g) => g.id === child.id)!;
    expect(portalChild.isFamilyMember).toBe(true);
    expect(portalChild.missingFields).toEqual(['dateOfBirth']);

    expectProblem(
      await admin.patch(`/api/bookings/${booking.id}/guests/${primary.id}`, { isFamilyMember: true }),
      400,
      'validation',
    );
    for (const body of [{}, { isFamilyMember: 'yes' }, { isFamilyMember: true, name: 'x' }])
      expectProblem(await admin.patch(guestUrl, body), 400, 'validation');
    expectProblem(
      await admin.patch(`/api/bookings/${booking.id}/guests/00000000-0000-4000-8000-000000000000`, {
        isFamilyMember: true,
      }),
      404,
      'not_found',
    );
    // A booking of the other property is not found.
    const other = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expectProblem(await other.patch(guestUrl, { isFamilyMember: false }), 404, 'not_found');
  });
});

describe('contacts made by bookings', () => {
  const contactEvents = (t: TTestApp, contactId: string) =>
    t.db
      .select({ type: events.type, actorName: events.actorName })
      .from(events)
      .where(and(eq(events.objectType, 'contact'), eq(events.objectId, contactId)));

  test('record the created event, for a new customer and a new guest', async ({
    demoApp: { t, client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['905'],
      checkIn: day(405),
      checkOut: day(406),
      customer: { name: 'Clara Neukundin', phone: '+43 1 234' },
    });
    const customer = parsed(await admin.get(`/api/contacts/${booking.customerId}`), ZContact);
    expect(customer).toMatchObject({ name: 'Clara Neukundin', phone: '+43 1 234', email: null });
    const customerEvents = await contactEvents(t, booking.customerId!);
    expect(customerEvents.map((event) => event.type)).toEqual(['created']);
    expect(customerEvents[0]?.actorName).toEqual(expect.any(String));
    const withGuest = await admin.post(`/api/bookings/${booking.id}/guests`, {
      name: 'Gustav Neugast',
      email: 'gustav.neugast@example.com',
    });
    expect(withGuest.statusCode, withGuest.body).toBe(200);
    const guest = parsed(withGuest, ZBooking).guests!.find((g) => g.name === 'Gustav Neugast')!;
    expect(guest.email).toBe('gustav.neugast@example.com');
    expect((await contactEvents(t, guest.id)).map((event) => event.type)).toEqual(['created']);
  });

  test('leave no contact and no event behind when the booking is refused', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const full = await bookOk(admin, rateId, {
      roomId: roomIds['905'],
      checkIn: day(407),
      checkOut: day(408),
      occupancy: 1,
    });
    expectProblem(
      await admin.post(`/api/bookings/${full.id}/guests`, { name: 'Zuviel Gast' }),
      400,
      'booking/failed_assignment',
    );
    const found = parsed(
      await admin.get('/api/contacts', { query: { query: 'Zuviel Gast' } }),
      ZPaged(ZContact),
    );
    expect(found.count).toBe(0);
  });
});

describe('lists, filters and search', () => {
  test("filters today's arrivals and finds a booking by code and by search", async ({
    demoApp: { client: admin },
    stay: { today, roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['901'],
      checkIn: today,
      checkOut: day(1),
      customer: { name: 'Zacharias Suchbar' },
    });
    const arrivals = parsed(
      await admin.get('/api/bookings', { query: { filter: 'check_in_today', pageSize: '100' } }),
      ZPaged(ZBooking),
    );
    expect(arrivals.data.map((b) => b.id)).toContain(booking.id);
    expect(arrivals.data.every((b) => b.checkIn === today)).toBe(true);
    const departures = parsed(
      await admin.get('/api/bookings', { query: { filter: 'check_out_tomorrow', pageSize: '100' } }),
      ZPaged(ZBooking),
    );
    expect(departures.data.map((b) => b.id)).toContain(booking.id);
    const byText = parsed(
      await admin.get('/api/bookings', { query: { query: 'Zacharias' } }),
      ZPaged(ZBooking),
    );
    expect(byText.data.map((b) => b.id)).toEqual([booking.id]);
    const found = parsed(
      await admin.get('/api/search', { query: { query: booking.code } }),
      ZPaged(ZSearchResult),
    );
    expect(found.data).toContainEqual(expect.objectContaining({ objectType: 'booking', id: booking.id }));
    const byName = parsed(
      await admin.get('/api/search', { query: { query: 'zacharias' } }),
      ZPaged(ZSearchResult),
    );
    expect(byName.data.map((r) => r.objectType).sort()).toEqual(['booking', 'contact']);
  });

  test('counts every result of the search on each page, also past the last one', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    for (const offset of [450, 452, 454]) {
      await bookOk(admin, rateId, {
        roomId: roomIds['904'],
        checkIn: day(offset),
        checkOut: day(offset + 1),
        customer: { name: `Quirin Seitenzahl ${offset}` },
      });
    }
    const page = async (pageNumber: number) =>
      parsed(
        await admin.get('/api/search', {
          query: { query: 'Seitenzahl', pageSize: '2', pageNumber: String(pageNumber) },
        }),
        ZPaged(ZSearchResult),
      );
    // Three bookings and their three contacts.
    expect((await page(1)).count).toBe(6);
    expect((await page(1)).data).toHaveLength(2);
    expect((await page(3)).count).toBe(6);
    expect((await page(3)).data).toHaveLength(2);
    expect((await page(4)).count).toBe(6);
    expect((await page(4)).data).toEqual([]);
  });

  test('answers a status action and a new booking with the relations asked for, as the booking reads them', async ({
    demoApp: { t, client: admin },
    stay: { roomIds, rateId, today, day },
  }) => {
    const expand = 'room,roomType,rate,customer,group,guests,link';
    const created = await admin.post(
      '/api/bookings',
      {
        occupancy: 2,
        rateId,
        roomId: roomIds['903'],
        checkIn: today,
        checkOut: day(1),
        customer: { name: 'Rita Antwort' },
        isDebtor: true,
      },
      { query: { expand } },
    );
    expect(created.statusCode, created.body).toBe(201);
    const booking = parsed(created, ZBooking);
    const read = async () =>
      parsed(await admin.get(`/api/bookings/${booking.id}`, { query: { expand } }), ZBooking);
    expect(booking).toEqual(await read());
    expect(booking.room?.number).toBe('903');
    await t.db.update(rooms).set({ housekeepingStatus: 'clean' }).where(eq(rooms.id, roomIds['903']!));
    const checkedIn = parsed(
      await admin.post(`/api/bookings/${booking.id}/actions/check_in`, undefined, { query: { expand } }),
      ZBooking,
    );
    expect(checkedIn.status).toBe('checked_in');
    expect(checkedIn).toEqual(await read());
    const checkedOut = await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
      query: { confirmDueAmount: 'true', expand: 'guests' },
    });
    expect(parsed(checkedOut, ZBooking)).toEqual({
      ...(await read()),
      customer: undefined,
      group: undefined,
      link: undefined,
      rate: undefined,
      room: undefined,
      roomType: undefined,
    });
  });

  test('searches for % and _ literally, in the list and in the search', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const percent = await bookOk(admin, rateId, {
      roomId: roomIds['902'],
      checkIn: day(440),
      checkOut: day(441),
      customer: { name: 'Rabatt 100% Huber' },
    });
    const underscore = await bookOk(admin, rateId, {
      roomId: roomIds['903'],
      checkIn: day(440),
      checkOut: day(441),
      customer: { name: 'Firma_Unterstrich' },
    });
    const listed = async (text: string) =>
      parsed(
        await admin.get('/api/bookings', { query: { query: text, pageSize: '100' } }),
        ZPaged(ZBooking),
      ).data.map((b) => b.id);
    expect(await listed('%')).toEqual([percent.id]);
    expect(await listed('_')).toEqual([underscore.id]);
    expect(await listed('0%')).toEqual([percent.id]);
    const searched = async (text: string) =>
      parsed(
        await admin.get('/api/search', { query: { query: text, pageSize: '100' } }),
        ZPaged(ZSearchResult),
      )
        .data.filter((r) => r.objectType === 'booking')
        .map((r) => r.id);
    expect(await searched('%')).toEqual([percent.id]);
    expect(await searched('_')).toEqual([underscore.id]);
  });

  test('pages the list and limits it to a period', async ({
    demoApp: { client: admin },
    stay: { today, day },
  }) => {
    const page = parsed(
      await admin.get('/api/bookings', {
        query: { from: today, to: day(7), pageSize: '10', expand: 'room,customer' },
      }),
      ZPaged(ZBooking),
    );
    expect(page.pageSize).toBe(10);
    expect(page.count).toBeGreaterThan(10);
    expect(page.data.every((b) => b.checkOut > today && b.checkIn <= day(7))).toBe(true);
    expect(page.data[0]!.customer).toBeDefined();
  });

  test('answers the room plan with rooms, bookings and locks of the period', async ({
    demoApp: { client: admin },
    stay: { today, roomIds, day },
  }) => {
    const plan = parsed(
      await admin.get('/api/room_plan', { query: { from: day(139), to: day(145) } }),
      ZRoomPlan,
    );
    expect(plan.rooms.length).toBe(45);
    const room904 = plan.rooms.find((room) => room.id === roomIds['904'])!;
    expect(room904.locks).toContainEqual(expect.objectContaining({ reason: 'Maler' }));
    expect(room904.bookings.some((b) => b.checkIn === day(143))).toBe(true);
    expectProblem(
      await admin.get('/api/room_plan', { query: { from: today, to: day(400) } }),
      400,
      'validation',
    );
  });
});

describe('roles and properties', () => {
  test('lets catering read but not write, and keeps cleaning out', async ({
    demoApp: { t, ids },
    stay: { today, roomIds, rateId, day },
  }) => {
    const catering = await loginAt(t.app, demo.users.catering, ids[demo.austria]!);
    expect((await catering.get('/api/bookings')).statusCode).toBe(200);
    expectProblem(
      await book(catering, rateId, { roomId: roomIds['905'], checkIn: day(500), checkOut: day(501) }),
      403,
      'auth/forbidden',
    );
    const cleaning = await login(t.app, demo.users.cleaning);
    expectProblem(await cleaning.get('/api/bookings'), 403, 'auth/forbidden');
    expectProblem(
      await cleaning.get('/api/room_plan', { query: { from: today, to: day(3) } }),
      403,
      'auth/forbidden',
    );
  });

  test("answers 404 for another property's booking and room", async ({
    demoApp: { t, client: admin, ids },
    stay: { roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['905'],
      checkIn: day(510),
      checkOut: day(511),
    });
    const other = await loginAt(t.app, demo.users.manager, ids[demo.germany]!);
    expectProblem(await other.get(`/api/bookings/${booking.id}`), 404, 'not_found');
    expectProblem(await other.put(`/api/bookings/${booking.id}`, { comment: 'x' }), 404, 'not_found');
    expectProblem(await other.post(`/api/bookings/${booking.id}/actions/cancel`), 404, 'not_found');
    expectProblem(
      await book(other, rateId, { roomId: roomIds['905'], checkIn: day(520), checkOut: day(521) }),
      404,
      'not_found',
    );
  });

  test('needs the XSRF header for a cookie session', async ({
    demoApp: { client: admin },
    stay: { roomIds, day },
  }) => {
    const body = { roomId: roomIds['905'], occupancy: 1, checkIn: day(530), checkOut: day(531) };
    expectProblem(await admin.post('/api/bookings', body, { xsrf: false }), 403, 'auth/xsrf_invalid');
  });
});

describe('the statuses that hold a room', () => {
  test('are the same in the occupancy trigger as in the contract', async ({ demoApp: { t } }) => {
    const [fn] = rowsOf<{ prosrc: string }>(
      await t.db.execute(sql`select prosrc from pg_proc where proname = 'sync_booking_occupancy'`),
    );
    const list = /NEW\.status IN \(([^)]*)\)/i.exec(fn!.prosrc)?.[1];
    expect(list, fn!.prosrc).toBeDefined();
    const triggerStatuses = list!.split(',').map((item) => item.trim().replace(/^'(.*)'$/, '$1'));
    expect(triggerStatuses.toSorted()).toEqual([...roomHoldingStatuses].sort());
  });
});

describe('no double booking under concurrency', () => {
  test('lets exactly one of 50 simultaneous requests for the same room win', async ({
    demoApp: { client: admin },
    stay: { roomIds, rateId, day },
  }) => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        book(admin, rateId, { roomId: roomIds['905'], checkIn: day(600 + (i % 3)), checkOut: day(603) }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 201))
      expectProblem(response, 409, 'booking/overlap_detected');
    const plan = parsed(
      await admin.get('/api/room_plan', { query: { from: day(600), to: day(603) } }),
      ZRoomPlan,
    );
    expect(plan.rooms.find((room) => room.id === roomIds['905'])!.bookings).toHaveLength(1);
  });
});

describe('charges', () => {
  test('are posted per night with tax that adds up, and listed on the booking', async ({
    demoApp: { t, client: admin, ids },
    stay: { roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['902'],
      checkIn: day(700),
      checkOut: day(702),
      occupancy: 1,
    });
    const posted = await chargesOf(t, booking.id);
    expect(posted.map((c) => c.bookedOn).sort()).toEqual([day(700), day(701)]);
    expect(posted.every((c) => c.grossAmount === 10000 && c.netAmount === 9091 && c.taxAmount === 909)).toBe(
      true,
    );
    const listed = parsed(
      await admin.get(`/api/bookings/${booking.id}/charges`),
      z.object({ data: z.array(ZCharge) }),
    ).data;
    expect(listed).toEqual([
      expect.objectContaining({
        bookedOn: day(700),
        grossAmount: 10000,
        taxPercentage: 10,
        default: true,
        quantity: 1,
      }),
      expect.objectContaining({ bookedOn: day(701), grossAmount: 10000 }),
    ]);
    const invoicesOfBooking = parsed(
      await admin.get(`/api/bookings/${booking.id}/invoices`),
      ZPaged(ZInvoiceSummary),
    );
    expect(invoicesOfBooking.count).toBe(0);
    const cleaning = await loginAt(t.app, demo.users.cleaning, ids[demo.austria]!);
    expectProblem(await cleaning.get(`/api/bookings/${booking.id}/charges`), 403, 'auth/forbidden');
  });

  test('lists the invoices of a booking', async ({
    demoApp: { t, client: admin, ids },
    stay: { roomIds, rateId, day },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['903'],
      checkIn: day(710),
      checkOut: day(711),
    });
    const [folio] = await t.db.select().from(folios).where(eq(folios.bookingId, booking.id));
    await t.db.insert(invoices).values({
      propertyId: ids[demo.austria]!,
      folioId: folio!.id,
      bookingId: booking.id,
      status: 'draft',
      totalAmount: 13000,
    });
    const listed = parsed(await admin.get(`/api/bookings/${booking.id}/invoices`), ZPaged(ZInvoiceSummary));
    expect(listed.data).toEqual([expect.objectContaining({ status: 'draft', totalAmount: 13000 })]);
  });
});

describe('booking events', () => {
  test('are all of the types the contract lists, which the events tab translates', async ({
    demoApp: { t },
  }) => {
    const recorded = await t.db
      .selectDistinct({ type: events.type })
      .from(events)
      .where(eq(events.objectType, 'booking'));
    const types = recorded.map((row) => row.type);
    expect(types).toEqual(expect.arrayContaining(['created', 'updated', 'checked_in', 'guest_assigned']));
    expect(types.filter((type) => !isBookingEventType(type))).toEqual([]);
  });
});

describe('the display name', () => {
  test('is the same in the list, the room plan, the dashboard, housekeeping and the search', async ({
    demoApp: { client: admin },
    stay: { today, roomTypeId, rateId, day },
  }) => {
    const created = await admin.post('/api/rooms', { number: '921-923', roomTypeId });
    expect(created.statusCode, created.body).toBe(201);
    const [withCustomer, withGuest, nameless] = parsed(created, ZCreatedRooms).data;
    const stay = { checkIn: today, checkOut: day(1), occupancy: 2 };
    const customerBooking = await bookOk(admin, rateId, {
      ...stay,
      roomId: withCustomer!.id,
      customer: { name: 'Carla Kundin' },
    });
    await admin.post(`/api/bookings/${customerBooking.id}/guests`, { name: 'Gerd Mitgast' });
    const guestBooking = await bookOk(admin, rateId, { ...stay, roomId: withGuest!.id, customer: undefined });
    await admin.post(`/api/bookings/${guestBooking.id}/guests`, { name: 'Greta Gast' });
    const namelessBooking = await bookOk(admin, rateId, {
      ...stay,
      roomId: nameless!.id,
      customer: undefined,
    });
    const expected = {
      [customerBooking.id]: 'Carla Kundin',
      [guestBooking.id]: 'Greta Gast',
      [namelessBooking.id]: namelessBooking.code,
    };
    const bookingIds = Object.keys(expected);

    const read = await Promise.all(
      bookingIds.map(async (id) => parsed(await admin.get(`/api/bookings/${id}`), ZBooking)),
    );
    const plan = parsed(await admin.get('/api/room_plan', { query: { from: today, to: day(1) } }), ZRoomPlan);
    const dashboard = parsed(await admin.get('/api/dashboard'), ZDashboard);
    const housekeeping = parsed(
      await admin.get('/api/housekeeping'),
      z.object({ data: z.array(ZHousekeepingRoom) }),
    ).data;
    const namesOf = (rows: { id: string; displayName: string }[]) =>
      Object.fromEntries(
        rows.filter((row) => bookingIds.includes(row.id)).map((row) => [row.id, row.displayName]),
      );
    expect(namesOf(read)).toEqual(expected);
    const planBookings = [...plan.rooms, ...plan.unassigned].flatMap((row) => row.bookings);
    expect(namesOf(planBookings)).toEqual(expected);
    expect(namesOf(dashboard.arrivals)).toEqual(expected);
    expect(
      namesOf(
        housekeeping.flatMap((room) =>
          room.occupant ? [{ id: room.occupant.bookingId, displayName: room.occupant.name }] : [],
        ),
      ),
    ).toEqual(expected);
    for (const booking of [customerBooking, guestBooking]) {
      const found = parsed(
        await admin.get('/api/search', { query: { query: booking.code } }),
        ZPaged(ZSearchResult),
      );
      const result = found.data.find((r) => r.id === booking.id);
      expect(result?.subtitle).toBe(expected[booking.id]);
    }
  });
});

describe('room order', () => {
  test('is natural in the rooms list, the room plan, housekeeping and the dashboard', async ({
    demoApp: { client: admin },
    stay: { today, rateId, day },
  }) => {
    const type = await admin.post('/api/room_types', {
      name: 'Reihenfolge',
      code: 'RF',
      capacity: 2,
      minOccupancy: 1,
      maxOccupancy: 2,
    });
    const typeId = parsed(type, ZRoomType).id;
    const price = await admin.post(`/api/rates/${rateId}/prices`, {
      roomTypeId: typeId,
      occupancy: 1,
      amount: 5000,
    });
    expect(price.statusCode, price.body).toBe(201);
    for (const number of ['N10', 'N2', 'n3', 'N1', 'M20']) {
      expect((await admin.post('/api/rooms', { number, roomTypeId: typeId })).statusCode).toBe(201);
    }
    const expected = ['M20', 'N1', 'N2', 'n3', 'N10'];
    const listed = parsed(await admin.get('/api/rooms', { query: { roomTypeId: typeId } }), ZPaged(ZRoom));
    expect(listed.data.map((room) => room.number)).toEqual(expected);
    const numberOf = new Map(listed.data.map((room) => [room.id, room.number]));
    const plan = parsed(
      await admin.get('/api/room_plan', { query: { from: day(600), to: day(601) } }),
      ZRoomPlan,
    );
    expect(plan.rooms.filter((room) => room.roomTypeId === typeId).map((room) => room.number)).toEqual(
      expected,
    );
    const housekeeping = parsed(
      await admin.get('/api/housekeeping'),
      z.object({ data: z.array(ZHousekeepingRoom) }),
    ).data;
    expect(housekeeping.filter((room) => numberOf.has(room.id)).map((room) => room.number)).toEqual(expected);
    for (const number of expected.toReversed()) {
      const roomId = [...numberOf].find(([, n]) => n === number)![0];
      await bookOk(admin, rateId, { roomId, checkIn: today, checkOut: day(1), occupancy: 1 });
    }
    const arrivals = parsed(await admin.get('/api/dashboard'), ZDashboard).arrivals;
    expect(
      arrivals.filter((stay) => expected.includes(stay.roomNumber ?? '')).map((s) => s.roomNumber),
    ).toEqual(expected);
  });
});
