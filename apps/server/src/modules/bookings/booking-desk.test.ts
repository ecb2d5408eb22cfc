import { describe, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addDays,
  todayIn,
  ZBooking,
  ZBookingQuote,
  type TBooking,
  ZCharge,
  ZContact,
  ZCreatedRooms,
  ZEvent,
  ZFreeRoom,
  ZRoomType,
  type TFreeRoom,
} from '@pms/contract';
import { z } from 'zod';
import { bookings, folios, rooms } from '../../db/schema/index.ts';
import {
  createStayFixture,
  demo,
  expectProblem,
  login,
  loginAt,
  parsed,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

// What the front desk needs around creating and ending a stay: free rooms, the price before saving,
// conflicts that name what they meet, clean rooms first for today's arrivals, and an early check-out.

/** The answers of GET /api/bookings/free_rooms, /api/bookings/:id/charges and /api/bookings/:id/events. */
const ZFreeRooms = z.object({ data: z.array(ZFreeRoom) });
const ZCharges = z.object({ data: z.array(ZCharge) });
const ZEvents = z.object({ data: z.array(ZEvent) });

const day = (today: string, offset: number) => addDays(today, offset);

const test = apiTest
  .extend('desk', { scope: 'file', auto: true }, async ({ demoApp }) => {
    const { t, client: admin } = demoApp;
    const today = todayIn('Europe/Vienna', t.clock.now());
    const { roomTypeId, roomIds, rateId } = await createStayFixture(admin, {
      roomType: { name: 'Empfangszimmer', code: 'XEZ' },
      rooms: '801-808',
      rate: { name: 'Empfangsrate', code: 'XER' },
      prices: [9000, 12000],
    });
    return { today, roomTypeId, roomIds, rateId };
  })
  /** A guest in house since two days ago, booked until three days ahead, with the rate's charges. */
  .extend(
    'guestInHouse',
    ({ demoApp: { t, client: admin }, desk: { today, roomTypeId, roomIds, rateId } }) =>
      async (roomNumber: string, body: Record<string, unknown> = {}): Promise<TBooking> => {
        const booking = await bookOk(admin, rateId, {
          roomTypeId,
          occupancy: 1,
          checkIn: day(today, 300),
          checkOut: day(today, 305),
          ...body,
        });
        await t.db
          .update(bookings)
          .set({
            checkIn: day(today, -2),
            checkOut: day(today, 3),
            status: 'checked_in',
            roomId: roomIds[roomNumber],
          })
          .where(eq(bookings.id, booking.id));
        const repriced = await admin.put(`/api/bookings/${booking.id}`, { occupancy: 1, rateId: null });
        expect(repriced.statusCode, repriced.body).toBe(200);
        const priced = await admin.put(`/api/bookings/${booking.id}`, { rateId });
        expect(priced.statusCode, priced.body).toBe(200);
        expect(parsed(priced, ZBooking).grossAmount).toBe(5 * 9000);
        return parsed(priced, ZBooking);
      },
  );

async function bookOk(admin: ApiClient, rateId: string, body: Record<string, unknown>): Promise<TBooking> {
  const response = await admin.post('/api/bookings', { occupancy: 2, rateId, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZBooking);
}

async function freeRooms(
  admin: ApiClient,
  roomTypeId: string,
  query: Record<string, string>,
): Promise<TFreeRoom[]> {
  const response = await admin.get('/api/bookings/free_rooms', { query });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZFreeRooms).data.filter((room) => room.roomTypeId === roomTypeId);
}

/** The numbers of the first four test rooms among free rooms (the others serve the check-out tests). */
const numbersOf = (free: TFreeRoom[]) => free.map((room) => room.number).filter((number) => number <= '804');

async function setHousekeeping(
  t: TTestApp,
  roomIds: Record<string, string>,
  number: string,
  status: 'clean' | 'dirty',
) {
  await t.db.update(rooms).set({ housekeepingStatus: status }).where(eq(rooms.id, roomIds[number]!));
}

describe('free rooms', () => {
  test('leaves out rooms held by a booking or a lock, but not by a pending or canceled booking', async ({
    demoApp: { client: admin },
    desk: { today, roomTypeId, roomIds, rateId },
  }) => {
    await bookOk(admin, rateId, {
      roomId: roomIds['801'],
      checkIn: day(today, 200),
      checkOut: day(today, 203),
    });
    const lock = await admin.post('/api/room_locks', {
      roomId: roomIds['802'],
      startDate: day(today, 202),
      endDate: day(today, 202),
      reason: 'Maler',
    });
    expect(lock.statusCode).toBe(201);
    await bookOk(admin, rateId, {
      roomId: roomIds['803'],
      checkIn: day(today, 200),
      checkOut: day(today, 203),
      status: 'pending',
    });
    const canceled = await bookOk(admin, rateId, {
      roomId: roomIds['804'],
      checkIn: day(today, 200),
      checkOut: day(today, 203),
    });
    expect((await admin.post(`/api/bookings/${canceled.id}/actions/cancel`)).statusCode).toBe(200);

    const free = await freeRooms(admin, roomTypeId, { checkIn: day(today, 201), checkOut: day(today, 203) });
    expect(numbersOf(free)).toEqual(['803', '804']);
    // A same-day turnover is free: the stay before ends on the day this one begins.
    const after = await freeRooms(admin, roomTypeId, { checkIn: day(today, 203), checkOut: day(today, 204) });
    expect(numbersOf(after)).toEqual(['801', '802', '803', '804']);
  });

  test("counts the booking's own stay as free when it is named", async ({
    demoApp: { client: admin },
    desk: { today, roomTypeId, roomIds, rateId },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['801'],
      checkIn: day(today, 210),
      checkOut: day(today, 212),
    });
    const without = await freeRooms(admin, roomTypeId, {
      checkIn: day(today, 210),
      checkOut: day(today, 212),
    });
    expect(without.map((room) => room.number)).not.toContain('801');
    const own = await freeRooms(admin, roomTypeId, {
      checkIn: day(today, 211),
      checkOut: day(today, 213),
      bookingId: booking.id,
    });
    expect(own.map((room) => room.number)).toContain('801');
  });

  test('marks dirty rooms only for an arrival today', async ({
    demoApp: { t, client: admin },
    desk: { today, roomTypeId, roomIds },
  }) => {
    await setHousekeeping(t, roomIds, '803', 'dirty');
    const arrivingToday = await freeRooms(admin, roomTypeId, { checkIn: today, checkOut: day(today, 1) });
    expect(arrivingToday.find((room) => room.number === '803')).toMatchObject({ needsCleaning: true });
    expect(arrivingToday.find((room) => room.number === '804')).toMatchObject({ needsCleaning: false });
    const later = await freeRooms(admin, roomTypeId, { checkIn: day(today, 1), checkOut: day(today, 2) });
    expect(later.find((room) => room.number === '803')).toMatchObject({ needsCleaning: false });
    await setHousekeeping(t, roomIds, '803', 'clean');
  });

  test('refuses a stay of no nights and answers 404 for another property’s booking', async ({
    demoApp: { t, client: admin, ids },
    desk: { today, roomTypeId, rateId },
  }) => {
    expectProblem(
      await admin.get('/api/bookings/free_rooms', {
        query: { checkIn: day(today, 5), checkOut: day(today, 5) },
      }),
      400,
      'booking/invalid_dates',
    );
    expectProblem(
      await admin.get('/api/bookings/free_rooms', { query: { checkIn: day(today, 5) } }),
      400,
      'validation',
    );
    const german = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    const booking = await bookOk(admin, rateId, {
      roomTypeId,
      checkIn: day(today, 220),
      checkOut: day(today, 221),
    });
    expectProblem(
      await german.get('/api/bookings/free_rooms', {
        query: { checkIn: day(today, 220), checkOut: day(today, 221), bookingId: booking.id },
      }),
      404,
      'not_found',
    );
  });
});

describe('the price of a stay before booking it', () => {
  test('is the sum of the charges the booking then gets', async ({
    demoApp: { client: admin },
    desk: { today, roomTypeId, rateId },
  }) => {
    const stay = { checkIn: day(today, 230), checkOut: day(today, 233), occupancy: 2, roomTypeId };
    const response = await admin.post('/api/bookings/quote', { ...stay, rateId });
    expect(response.statusCode, response.body).toBe(200);
    expect(parsed(response, ZBookingQuote)).toEqual({ rateId, numberOfNights: 3, grossAmount: 36_000 });
    const booking = await bookOk(admin, rateId, { ...stay, rateId });
    expect(booking.grossAmount).toBe(36_000);
  });

  test('refuses a rate without a price, bad dates and another property’s rate', async ({
    demoApp: { t, client: admin, ids },
    desk: { today, roomTypeId, rateId },
  }) => {
    const stay = { checkIn: day(today, 240), checkOut: day(today, 241), roomTypeId, rateId };
    expectProblem(await admin.post('/api/bookings/quote', { ...stay, occupancy: 0 }), 400, 'validation');
    const tooMany = await admin.post('/api/bookings/quote', { ...stay, occupancy: 3 });
    expectProblem(tooMany, 400, 'rate/no_matching_price');
    const otherType = await admin.post('/api/room_types', {
      name: 'Ohne Preis',
      code: 'XOP',
      capacity: 1,
      minOccupancy: 1,
      maxOccupancy: 1,
    });
    expectProblem(
      await admin.post('/api/bookings/quote', {
        ...stay,
        occupancy: 1,
        roomTypeId: parsed(otherType, ZRoomType).id,
      }),
      400,
      'rate/no_matching_price',
    );
    expectProblem(
      await admin.post('/api/bookings/quote', { ...stay, occupancy: 1, checkOut: day(today, 240) }),
      400,
      'booking/invalid_dates',
    );
    const german = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expectProblem(await german.post('/api/bookings/quote', { ...stay, occupancy: 1 }), 404, 'not_found');
  });

  test('is refused to catering and cleaning', async ({ demoApp: { t }, desk: { today, roomTypeId } }) => {
    for (const email of [demo.users.catering, demo.users.cleaning]) {
      const caller = await login(t.app, email);
      const body = { checkIn: day(today, 240), checkOut: day(today, 241), roomTypeId, occupancy: 1 };
      expectProblem(await caller.post('/api/bookings/quote', body), 403, 'auth/forbidden');
      expectProblem(
        await caller.get('/api/bookings/free_rooms', {
          query: { checkIn: day(today, 240), checkOut: day(today, 241) },
        }),
        403,
        'auth/forbidden',
      );
    }
  });
});

describe('conflicts', () => {
  test('name the booking code and the room number a stay meets', async ({
    demoApp: { client: admin },
    desk: { today, roomIds, rateId },
  }) => {
    const first = await bookOk(admin, rateId, {
      roomId: roomIds['802'],
      checkIn: day(today, 250),
      checkOut: day(today, 253),
    });
    const problem = expectProblem(
      await admin.post('/api/bookings', {
        roomId: roomIds['802'],
        checkIn: day(today, 251),
        checkOut: day(today, 252),
        occupancy: 1,
      }),
      409,
      'booking/overlap_detected',
    );
    expect(problem.params).toEqual({ conflict: 'booking', roomNumber: '802', bookingCode: first.code });

    const other = await bookOk(admin, rateId, {
      roomId: roomIds['803'],
      checkIn: day(today, 250),
      checkOut: day(today, 251),
    });
    const moved = expectProblem(
      await admin.put(`/api/bookings/${other.id}`, { roomId: roomIds['802'] }),
      409,
      'booking/overlap_detected',
    );
    expect(moved.params).toMatchObject({ bookingCode: first.code, roomNumber: '802' });
  });

  test('name the lock a booking meets, and the booking a lock meets', async ({
    demoApp: { client: admin },
    desk: { today, roomIds, rateId },
  }) => {
    const lock = await admin.post('/api/room_locks', {
      roomId: roomIds['804'],
      startDate: day(today, 260),
      endDate: day(today, 261),
      reason: 'Boden',
    });
    expect(lock.statusCode).toBe(201);
    const problem = expectProblem(
      await admin.post('/api/bookings', {
        roomId: roomIds['804'],
        checkIn: day(today, 261),
        checkOut: day(today, 262),
        occupancy: 1,
      }),
      409,
      'booking/overlap_detected',
    );
    expect(problem.params).toEqual({
      conflict: 'room_lock',
      roomNumber: '804',
      startDate: day(today, 260),
      endDate: day(today, 261),
    });

    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['804'],
      checkIn: day(today, 265),
      checkOut: day(today, 267),
    });
    const refused = expectProblem(
      await admin.post('/api/room_locks', {
        roomId: roomIds['804'],
        startDate: day(today, 266),
        endDate: day(today, 266),
        reason: 'Boden',
      }),
      409,
      'room_lock/overlap_detected',
    );
    expect(refused.params).toEqual({ conflict: 'booking', roomNumber: '804', bookingCode: booking.code });
  });
});

describe('automatic room assignment', () => {
  test('prefers a clean room for an arrival today, and keeps the room order otherwise', async ({
    demoApp: { t, client: admin },
    desk: { today, rateId },
  }) => {
    const type = await admin.post('/api/room_types', {
      name: 'Zuteilung',
      code: 'XZT',
      capacity: 1,
      minOccupancy: 1,
      maxOccupancy: 1,
    });
    const typeId = parsed(type, ZRoomType).id;
    const created = await admin.post('/api/rooms', { number: '851-853', roomTypeId: typeId });
    const numbers = new Map(parsed(created, ZCreatedRooms).data.map((room) => [room.id, room.number]));
    const byNumber = new Map([...numbers].map(([id, number]) => [number, id]));
    await t.db
      .update(rooms)
      .set({ housekeepingStatus: 'dirty' })
      .where(eq(rooms.id, byNumber.get('851')!));
    await t.db
      .update(rooms)
      .set({ housekeepingStatus: 'dirty' })
      .where(eq(rooms.id, byNumber.get('852')!));
    for (const occupancy of [1]) {
      const price = await admin.post(`/api/rates/${rateId}/prices`, {
        roomTypeId: typeId,
        occupancy,
        amount: 5000,
      });
      expect(price.statusCode).toBe(201);
    }

    const tonight = await bookOk(admin, rateId, {
      roomTypeId: typeId,
      occupancy: 1,
      checkIn: today,
      checkOut: day(today, 1),
    });
    expect(numbers.get(tonight.roomId!)).toBe('853');
    const later = await bookOk(admin, rateId, {
      roomTypeId: typeId,
      occupancy: 1,
      checkIn: day(today, 3),
      checkOut: day(today, 4),
    });
    expect(numbers.get(later.roomId!)).toBe('851');
  });
});

describe('an early check-out', () => {
  test('shortens the stay to today when asked, and reposts the charges', async ({
    demoApp: { client: admin },
    desk: { today, roomTypeId },
    guestInHouse,
  }) => {
    const booking = await guestInHouse('805');
    const response = await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
      query: { shortenStay: 'true', confirmDueAmount: 'true' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(parsed(response, ZBooking)).toMatchObject({
      status: 'checked_out',
      checkOut: today,
      numberOfNights: 2,
      grossAmount: 2 * 9000,
    });
    const charges = parsed(await admin.get(`/api/bookings/${booking.id}/charges`), ZCharges).data;
    expect(charges.map((charge) => charge.bookedOn)).toEqual([day(today, -2), day(today, -1)]);
    const events = parsed(await admin.get(`/api/bookings/${booking.id}/events`), ZEvents).data;
    expect(events[0]).toMatchObject({
      type: 'checked_out',
      data: { from: 'checked_in', to: 'checked_out', checkOut: { from: day(today, 3), to: today } },
    });
    // The room is free again from today.
    const free = await freeRooms(admin, roomTypeId, { checkIn: today, checkOut: day(today, 3) });
    expect(free.map((room) => room.number)).toContain('805');
  });

  test('keeps the booked stay without being asked', async ({
    demoApp: { client: admin },
    desk: { today },
    guestInHouse,
  }) => {
    const booking = await guestInHouse('806');
    const response = await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
      query: { shortenStay: 'false', confirmDueAmount: 'true' },
    });
    expect(parsed(response, ZBooking)).toMatchObject({
      status: 'checked_out',
      checkOut: day(today, 3),
      grossAmount: 45_000,
    });
  });

  test('refuses to shorten an invoiced stay, whose bill could not follow, and checks it out as booked', async ({
    demoApp: { t, client: admin },
    desk: { today },
    guestInHouse,
  }) => {
    const address = { line1: 'Ring 2', postalCode: '1010', city: 'Wien', country: 'at' };
    const customer = await admin.post('/api/contacts', { name: 'Rita Rechnung', address });
    expect(customer.statusCode, customer.body).toBe(201);
    const booking = await guestInHouse('807', { customerId: parsed(customer, ZContact).id });
    const [folio] = await t.db.select().from(folios).where(eq(folios.bookingId, booking.id));
    const invoiced = await admin.post('/api/invoices', { folioId: folio!.id, closeWithDueAmount: true });
    expect(invoiced.statusCode, invoiced.body).toBe(201);
    expectProblem(
      await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
        query: { shortenStay: 'true', confirmDueAmount: 'true' },
      }),
      409,
      'booking/read_only',
    );
    // Nothing of the refused check-out stays behind: the guest is still in the house, booked as before.
    expect(parsed(await admin.get(`/api/bookings/${booking.id}`), ZBooking)).toMatchObject({
      status: 'checked_in',
      checkOut: day(today, 3),
      grossAmount: 45_000,
    });
    const asBooked = await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
      query: { shortenStay: 'false', confirmDueAmount: 'true' },
    });
    expect(asBooked.statusCode, asBooked.body).toBe(200);
    expect(parsed(asBooked, ZBooking)).toMatchObject({
      status: 'checked_out',
      checkOut: day(today, 3),
      grossAmount: 45_000,
    });
  });

  test('keeps one night for a guest leaving on the arrival day', async ({
    demoApp: { client: admin },
    desk: { today, roomIds, rateId },
  }) => {
    const booking = await bookOk(admin, rateId, {
      roomId: roomIds['804'],
      occupancy: 1,
      checkIn: today,
      checkOut: day(today, 4),
      isDebtor: true,
    });
    expect((await admin.post(`/api/bookings/${booking.id}/actions/check_in`)).statusCode).toBe(200);
    const response = await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
      query: { shortenStay: 'true', confirmDueAmount: 'true' },
    });
    expect(parsed(response, ZBooking)).toMatchObject({
      checkOut: day(today, 1),
      numberOfNights: 1,
      grossAmount: 9000,
    });
  });

  test('validates the option', async ({ demoApp: { client: admin }, guestInHouse }) => {
    const booking = await guestInHouse('808');
    expectProblem(
      await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
        query: { shortenStay: 'yes' },
      }),
      400,
      'validation',
    );
  });
});
