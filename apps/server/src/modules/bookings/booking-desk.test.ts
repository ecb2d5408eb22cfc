import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addDays,
  todayIn,
  ZBooking,
  ZBookingQuote,
  type TBooking,
  type TCharge,
  type TEvent,
  type TFreeRoom,
} from '@pms/contract';
import { bookings, folios, rooms } from '../../db/schema/index.ts';
import {
  createStayFixture,
  demo,
  expectProblem,
  login,
  loginAt,
  parsed,
  startDemoApp,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';

// What the front desk needs around creating and ending a stay: free rooms, the price before saving,
// conflicts that name what they meet, clean rooms first for today's arrivals, and an early check-out.

let t: TTestApp;
let admin: ApiClient;
let ids: Record<string, string>;
let today: string;
let roomTypeId: string;
let roomIds: Record<string, string>;
let rateId: string;

const day = (offset: number) => addDays(today, offset);

beforeAll(async () => {
  ({ t, client: admin, ids } = await startDemoApp());
  today = todayIn('Europe/Vienna', t.clock.now());
  ({ roomTypeId, roomIds, rateId } = await createStayFixture(admin, {
    roomType: { name: 'Empfangszimmer', code: 'XEZ' },
    rooms: '801-808',
    rate: { name: 'Empfangsrate', code: 'XER' },
    prices: [9000, 12000],
  }));
});
afterAll(async () => {
  await t.close();
});

async function bookOk(body: Record<string, unknown>): Promise<TBooking> {
  const response = await admin.post('/api/bookings', { occupancy: 2, rateId, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZBooking);
}

async function freeRooms(query: Record<string, string>): Promise<TFreeRoom[]> {
  const response = await admin.get('/api/bookings/free_rooms', { query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TFreeRoom[] }>().data.filter((room) => room.roomTypeId === roomTypeId);
}

/** The numbers of the first four test rooms among free rooms (the others serve the check-out tests). */
const numbersOf = (free: TFreeRoom[]) => free.map((room) => room.number).filter((number) => number <= '804');

async function setHousekeeping(number: string, status: 'clean' | 'dirty') {
  await t.db.update(rooms).set({ housekeepingStatus: status }).where(eq(rooms.id, roomIds[number]!));
}

describe('free rooms', () => {
  it('leaves out rooms held by a booking or a lock, but not by a pending or canceled booking', async () => {
    await bookOk({ roomId: roomIds['801'], checkIn: day(200), checkOut: day(203) });
    const lock = await admin.post('/api/room_locks', {
      roomId: roomIds['802'],
      startDate: day(202),
      endDate: day(202),
      reason: 'Maler',
    });
    expect(lock.statusCode).toBe(201);
    await bookOk({ roomId: roomIds['803'], checkIn: day(200), checkOut: day(203), status: 'pending' });
    const canceled = await bookOk({ roomId: roomIds['804'], checkIn: day(200), checkOut: day(203) });
    expect((await admin.post(`/api/bookings/${canceled.id}/actions/cancel`)).statusCode).toBe(200);

    const free = await freeRooms({ checkIn: day(201), checkOut: day(203) });
    expect(numbersOf(free)).toEqual(['803', '804']);
    // A same-day turnover is free: the stay before ends on the day this one begins.
    const after = await freeRooms({ checkIn: day(203), checkOut: day(204) });
    expect(numbersOf(after)).toEqual(['801', '802', '803', '804']);
  });

  it("counts the booking's own stay as free when it is named", async () => {
    const booking = await bookOk({ roomId: roomIds['801'], checkIn: day(210), checkOut: day(212) });
    const without = await freeRooms({ checkIn: day(210), checkOut: day(212) });
    expect(without.map((room) => room.number)).not.toContain('801');
    const own = await freeRooms({ checkIn: day(211), checkOut: day(213), bookingId: booking.id });
    expect(own.map((room) => room.number)).toContain('801');
  });

  it('marks dirty rooms only for an arrival today', async () => {
    await setHousekeeping('803', 'dirty');
    const arrivingToday = await freeRooms({ checkIn: today, checkOut: day(1) });
    expect(arrivingToday.find((room) => room.number === '803')).toMatchObject({ needsCleaning: true });
    expect(arrivingToday.find((room) => room.number === '804')).toMatchObject({ needsCleaning: false });
    const later = await freeRooms({ checkIn: day(1), checkOut: day(2) });
    expect(later.find((room) => room.number === '803')).toMatchObject({ needsCleaning: false });
    await setHousekeeping('803', 'clean');
  });

  it('refuses a stay of no nights and answers 404 for another property’s booking', async () => {
    expectProblem(
      await admin.get('/api/bookings/free_rooms', { query: { checkIn: day(5), checkOut: day(5) } }),
      400,
      'booking/invalid_dates',
    );
    expectProblem(
      await admin.get('/api/bookings/free_rooms', { query: { checkIn: day(5) } }),
      400,
      'validation',
    );
    const german = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    const booking = await bookOk({ roomTypeId, checkIn: day(220), checkOut: day(221) });
    expectProblem(
      await german.get('/api/bookings/free_rooms', {
        query: { checkIn: day(220), checkOut: day(221), bookingId: booking.id },
      }),
      404,
      'not_found',
    );
  });
});

describe('the price of a stay before booking it', () => {
  it('is the sum of the charges the booking then gets', async () => {
    const stay = { checkIn: day(230), checkOut: day(233), occupancy: 2, roomTypeId };
    const response = await admin.post('/api/bookings/quote', { ...stay, rateId });
    expect(response.statusCode, response.body).toBe(200);
    expect(parsed(response, ZBookingQuote)).toEqual({ rateId, numberOfNights: 3, grossAmount: 36_000 });
    const booking = await bookOk({ ...stay, rateId });
    expect(booking.grossAmount).toBe(36_000);
  });

  it('refuses a rate without a price, bad dates and another property’s rate', async () => {
    const stay = { checkIn: day(240), checkOut: day(241), roomTypeId, rateId };
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
        roomTypeId: otherType.json<{ id: string }>().id,
      }),
      400,
      'rate/no_matching_price',
    );
    expectProblem(
      await admin.post('/api/bookings/quote', { ...stay, occupancy: 1, checkOut: day(240) }),
      400,
      'booking/invalid_dates',
    );
    const german = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expectProblem(await german.post('/api/bookings/quote', { ...stay, occupancy: 1 }), 404, 'not_found');
  });

  it('is refused to catering and cleaning', async () => {
    for (const email of [demo.users.catering, demo.users.cleaning]) {
      const caller = await login(t.app, email);
      const body = { checkIn: day(240), checkOut: day(241), roomTypeId, occupancy: 1 };
      expectProblem(await caller.post('/api/bookings/quote', body), 403, 'auth/forbidden');
      expectProblem(
        await caller.get('/api/bookings/free_rooms', { query: { checkIn: day(240), checkOut: day(241) } }),
        403,
        'auth/forbidden',
      );
    }
  });
});

describe('conflicts', () => {
  it('name the booking code and the room number a stay meets', async () => {
    const first = await bookOk({ roomId: roomIds['802'], checkIn: day(250), checkOut: day(253) });
    const problem = expectProblem(
      await admin.post('/api/bookings', {
        roomId: roomIds['802'],
        checkIn: day(251),
        checkOut: day(252),
        occupancy: 1,
      }),
      409,
      'booking/overlap_detected',
    );
    expect(problem.params).toEqual({ conflict: 'booking', roomNumber: '802', bookingCode: first.code });

    const other = await bookOk({ roomId: roomIds['803'], checkIn: day(250), checkOut: day(251) });
    const moved = expectProblem(
      await admin.put(`/api/bookings/${other.id}`, { roomId: roomIds['802'] }),
      409,
      'booking/overlap_detected',
    );
    expect(moved.params).toMatchObject({ bookingCode: first.code, roomNumber: '802' });
  });

  it('name the lock a booking meets, and the booking a lock meets', async () => {
    const lock = await admin.post('/api/room_locks', {
      roomId: roomIds['804'],
      startDate: day(260),
      endDate: day(261),
      reason: 'Boden',
    });
    expect(lock.statusCode).toBe(201);
    const problem = expectProblem(
      await admin.post('/api/bookings', {
        roomId: roomIds['804'],
        checkIn: day(261),
        checkOut: day(262),
        occupancy: 1,
      }),
      409,
      'booking/overlap_detected',
    );
    expect(problem.params).toEqual({
      conflict: 'room_lock',
      roomNumber: '804',
      startDate: day(260),
      endDate: day(261),
    });

    const booking = await bookOk({ roomId: roomIds['804'], checkIn: day(265), checkOut: day(267) });
    const refused = expectProblem(
      await admin.post('/api/room_locks', {
        roomId: roomIds['804'],
        startDate: day(266),
        endDate: day(266),
        reason: 'Boden',
      }),
      409,
      'room_lock/overlap_detected',
    );
    expect(refused.params).toEqual({ conflict: 'booking', roomNumber: '804', bookingCode: booking.code });
  });
});

describe('automatic room assignment', () => {
  it('prefers a clean room for an arrival today, and keeps the room order otherwise', async () => {
    const type = await admin.post('/api/room_types', {
      name: 'Zuteilung',
      code: 'XZT',
      capacity: 1,
      minOccupancy: 1,
      maxOccupancy: 1,
    });
    const typeId = type.json<{ id: string }>().id;
    const created = await admin.post('/api/rooms', { number: '851-853', roomTypeId: typeId });
    const numbers = new Map(
      created.json<{ data: { id: string; number: string }[] }>().data.map((room) => [room.id, room.number]),
    );
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

    const tonight = await bookOk({ roomTypeId: typeId, occupancy: 1, checkIn: today, checkOut: day(1) });
    expect(numbers.get(tonight.roomId!)).toBe('853');
    const later = await bookOk({ roomTypeId: typeId, occupancy: 1, checkIn: day(3), checkOut: day(4) });
    expect(numbers.get(later.roomId!)).toBe('851');
  });
});

describe('an early check-out', () => {
  /** A guest in house since two days ago, booked until three days ahead, with the rate's charges. */
  async function guestInHouse(roomNumber: string, body: Record<string, unknown> = {}): Promise<TBooking> {
    const booking = await bookOk({
      roomTypeId,
      occupancy: 1,
      checkIn: day(300),
      checkOut: day(305),
      ...body,
    });
    await t.db
      .update(bookings)
      .set({ checkIn: day(-2), checkOut: day(3), status: 'checked_in', roomId: roomIds[roomNumber] })
      .where(eq(bookings.id, booking.id));
    const repriced = await admin.put(`/api/bookings/${booking.id}`, { occupancy: 1, rateId: null });
    expect(repriced.statusCode, repriced.body).toBe(200);
    const priced = await admin.put(`/api/bookings/${booking.id}`, { rateId });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(parsed(priced, ZBooking).grossAmount).toBe(5 * 9000);
    return parsed(priced, ZBooking);
  }

  it('shortens the stay to today when asked, and reposts the charges', async () => {
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
    const charges = (await admin.get(`/api/bookings/${booking.id}/charges`)).json<{ data: TCharge[] }>().data;
    expect(charges.map((charge) => charge.bookedOn)).toEqual([day(-2), day(-1)]);
    const events = (await admin.get(`/api/bookings/${booking.id}/events`)).json<{ data: TEvent[] }>().data;
    expect(events[0]).toMatchObject({
      type: 'checked_out',
      data: { from: 'checked_in', to: 'checked_out', checkOut: { from: day(3), to: today } },
    });
    // The room is free again from today.
    const free = await freeRooms({ checkIn: today, checkOut: day(3) });
    expect(free.map((room) => room.number)).toContain('805');
  });

  it('keeps the booked stay without being asked', async () => {
    const booking = await guestInHouse('806');
    const response = await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
      query: { shortenStay: 'false', confirmDueAmount: 'true' },
    });
    expect(parsed(response, ZBooking)).toMatchObject({
      status: 'checked_out',
      checkOut: day(3),
      grossAmount: 45_000,
    });
  });

  it('refuses to shorten an invoiced stay, whose bill could not follow, and checks it out as booked', async () => {
    const address = { line1: 'Ring 2', postalCode: '1010', city: 'Wien', country: 'at' };
    const customer = await admin.post('/api/contacts', { name: 'Rita Rechnung', address });
    expect(customer.statusCode, customer.body).toBe(201);
    const booking = await guestInHouse('807', { customerId: customer.json<{ id: string }>().id });
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
      checkOut: day(3),
      grossAmount: 45_000,
    });
    const asBooked = await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
      query: { shortenStay: 'false', confirmDueAmount: 'true' },
    });
    expect(asBooked.statusCode, asBooked.body).toBe(200);
    expect(parsed(asBooked, ZBooking)).toMatchObject({
      status: 'checked_out',
      checkOut: day(3),
      grossAmount: 45_000,
    });
  });

  it('keeps one night for a guest leaving on the arrival day', async () => {
    const booking = await bookOk({
      roomId: roomIds['804'],
      occupancy: 1,
      checkIn: today,
      checkOut: day(4),
      isDebtor: true,
    });
    expect((await admin.post(`/api/bookings/${booking.id}/actions/check_in`)).statusCode).toBe(200);
    const response = await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
      query: { shortenStay: 'true', confirmDueAmount: 'true' },
    });
    expect(parsed(response, ZBooking)).toMatchObject({
      checkOut: day(1),
      numberOfNights: 1,
      grossAmount: 9000,
    });
  });

  it('validates the option', async () => {
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
