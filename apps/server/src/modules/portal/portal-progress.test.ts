import { describe, expect } from 'vitest';
import {
  addDays,
  todayIn,
  ZBooking,
  ZCheckoutSession,
  zonedInstant,
  ZPortalProgress,
  ZAccessPoint,
  ZContact,
  ZEvent,
  type TPortalProgress,
} from '@pms/contract';
import { z } from 'zod';
import {
  ApiClient,
  createStayFixture,
  demo,
  expectProblem,
  loginAt,
  parsed,
  pngBytes,
  PortalGuest,
  type TStayFixture,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const zone = 'Europe/Vienna';

/** The answer of GET /api/bookings/:id/events. */
const ZEvents = z.object({ data: z.array(ZEvent) });

const test = apiTest.extend('stayed', { scope: 'file', auto: true }, async ({ demoApp }) => {
  const { client: admin } = demoApp;
  const stay = await createStayFixture(admin, {
    roomType: { name: 'Fortschrittzimmer', code: 'FS' },
    rooms: '1801-1820',
    rate: { name: 'Fortschrittrate', code: 'FS' },
    prices: [10000, 12000],
  });
  return { stay };
});
test.afterEach(({ demoApp: { t } }) => {
  t.clock.reset();
});

const today = (t: TTestApp) => todayIn(zone, t.clock.now());

async function newStay(t: TTestApp, admin: ApiClient, stay: TStayFixture, isDebtor = false) {
  const customer = await admin.post('/api/contacts', {
    name: `Fortschritt ${crypto.randomUUID().slice(0, 6)}`,
  });
  expect(customer.statusCode, customer.body).toBe(201);
  const customerId = parsed(customer, ZContact).id;
  const created = await admin.post('/api/bookings', {
    occupancy: 1,
    rateId: stay.rateId,
    roomTypeId: stay.roomTypeId,
    checkIn: today(t),
    checkOut: addDays(today(t), 2),
    customerId,
    isDebtor,
  });
  expect(created.statusCode, created.body).toBe(201);
  const booking = parsed(
    await admin.get(`/api/bookings/${parsed(created, ZBooking).id}`, { query: { expand: 'link' } }),
    ZBooking,
  );
  return { booking, customerId, guest: new PortalGuest(t.app, booking.link!.id) };
}

async function progressOf(client: ApiClient, bookingId: string): Promise<TPortalProgress> {
  const response = await client.get(`/api/bookings/${bookingId}/portal_progress`);
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZPortalProgress);
}

describe('the portal progress on the booking', () => {
  test('follows the guest from registration to the door', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const { booking, customerId, guest } = await newStay(t, admin, stay);
    const fresh = await progressOf(admin, booking.id);
    expect(fresh).toMatchObject({
      linkState: 'open',
      registration: { isComplete: false, form: 'gaesteblatt' },
      signature: { isSigned: false, signedAt: null },
      preCheckIn: { isDone: false, at: null },
      payment: {
        isOnline: true,
        grossAmount: 20000,
        paidAmount: 0,
        dueAmount: 20000,
        isPaid: false,
        portalPayments: [],
      },
      checkIn: { isCheckedIn: false, at: null, by: null },
      doors: { hasAccessToken: false, unlocks: [] },
    });
    expect(fresh.registration.guests).toEqual([
      expect.objectContaining({ id: customerId, isPrimary: true, isComplete: false }),
    ]);
    expect(fresh.registration.guests[0]!.missingFields).toEqual(
      expect.arrayContaining(['dateOfBirth', 'gender', 'nationality', 'address.line1', 'documents']),
    );

    // A foreign guest in Austria: the travel document too.
    const registered = await guest.patch(`/api/portal/guests/${customerId}`, {
      gender: 'male',
      dateOfBirth: '1980-02-03',
      nationality: 'it',
      address: { line1: 'Via Roma 1', postalCode: '00100', city: 'Roma', country: 'it' },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect((await progressOf(admin, booking.id)).registration.guests[0]!.missingFields).toEqual([
      'documents',
      'documentType',
      'documentNumber',
      'documentIssueDate',
      'documentIssuingAuthority',
    ]);
    await guest.patch(`/api/portal/guests/${customerId}`, {
      documentType: 'passport',
      documentNumber: 'YA1234567',
      documentIssueDate: '2020-01-01',
      documentIssuingAuthority: 'Questura di Roma',
    });
    expect(
      (await guest.upload(`/api/portal/contacts/${customerId}/files`, 'pass.png', pngBytes(20, 20)))
        .statusCode,
    ).toBe(201);
    expect(
      (await guest.upload('/api/portal/signature', 'signature.png', pngBytes(20, 20), 'signature', 'PATCH'))
        .statusCode,
    ).toBe(200);
    expect((await guest.post('/api/portal/pre_check_in')).statusCode).toBe(200);

    const signed = await progressOf(admin, booking.id);
    expect(signed.registration).toMatchObject({
      isComplete: true,
      guests: [{ isComplete: true, missingFields: [] }],
    });
    expect(signed.signature.isSigned).toBe(true);
    expect(Date.parse(signed.signature.signedAt!)).not.toBeNaN();
    expect(signed.preCheckIn.isDone).toBe(true);
    const history = parsed(await admin.get(`/api/bookings/${booking.id}/events`), ZEvents).data;
    expect(history[0]).toMatchObject({ type: 'pre_checked_in', actorType: 'guest' });

    t.clock.set(zonedInstant(today(t), '15:30', zone));
    const session = parsed(await guest.post('/api/portal/checkout_session', {}), ZCheckoutSession);
    expect((await new ApiClient(t.app).post(`${new URL(session.url).pathname}/pay`)).statusCode).toBe(303);
    await guest.post('/api/portal/payments', { checkoutSessionId: session.id });
    const paid = await progressOf(admin, booking.id);
    expect(paid.payment).toMatchObject({ paidAmount: 20000, dueAmount: 0, isPaid: true });
    expect(paid.payment.portalPayments).toHaveLength(1);
    expect(paid.payment.portalPayments[0]!.amount).toBe(20000);
    expect(Date.parse(paid.payment.portalPayments[0]!.paidAt!)).not.toBeNaN();

    expect((await guest.post('/api/portal/check_in')).statusCode).toBe(200);
    const checkedIn = await progressOf(admin, booking.id);
    expect(checkedIn.checkIn).toMatchObject({ isCheckedIn: true, by: 'portal' });
    expect(checkedIn.doors.hasAccessToken).toBe(true);

    const [room] = parsed(await guest.get('/api/portal/access_points'), z.array(ZAccessPoint));
    expect((await guest.post(`/api/portal/access_points/${room!.id}/unlock`)).statusCode).toBe(200);
    expect(
      (await admin.post(`/api/bookings/${booking.id}/access_points/${room!.id}/unlock`)).statusCode,
    ).toBe(200);
    const opened = await progressOf(admin, booking.id);
    expect(opened.doors.unlocks).toEqual([
      expect.objectContaining({ accessPoint: room!.name, isSuccess: true, byGuest: false }),
      expect.objectContaining({ accessPoint: room!.name, isSuccess: true, byGuest: true }),
    ]);
    const events = parsed(await admin.get(`/api/bookings/${booking.id}/events`), ZEvents).data;
    expect(events.filter((event) => event.type === 'door_unlocked').map((event) => event.actorType)).toEqual([
      'user',
      'guest',
    ]);
  });

  test('tells a check-in at the desk from one in the portal', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const { booking } = await newStay(t, admin, stay, true);
    t.clock.set(zonedInstant(today(t), '15:30', zone));
    const checkIn = await admin.post(`/api/bookings/${booking.id}/actions/check_in`);
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const progress = await progressOf(admin, booking.id);
    expect(progress.checkIn).toMatchObject({ isCheckedIn: true, by: 'staff' });
    expect(progress.doors.hasAccessToken).toBe(true);
  });

  test('is for staff who see the booking’s details: catering and cleaning are refused', async ({
    demoApp: { t, client: admin, ids },
    stayed: { stay },
  }) => {
    const { booking } = await newStay(t, admin, stay);
    for (const role of ['manager', 'staff'] as const) {
      const client = await loginAt(t.app, demo.users[role], ids[demo.austria]!);
      expect((await progressOf(client, booking.id)).linkState).toBe('open');
    }
    for (const role of ['cleaning', 'catering'] as const) {
      const client = await loginAt(t.app, demo.users[role], ids[demo.austria]!);
      expectProblem(await client.get(`/api/bookings/${booking.id}/portal_progress`), 403, 'auth/forbidden');
    }
    expectProblem(
      await new ApiClient(t.app).get(`/api/bookings/${booking.id}/portal_progress`),
      401,
      'auth/unauthenticated',
    );
    const guest = new PortalGuest(t.app, booking.link!.id);
    expectProblem(
      await guest.get(`/api/bookings/${booking.id}/portal_progress`),
      401,
      'auth/unauthenticated',
    );
  });

  test('answers 404 for another property’s booking and 400 for a malformed id', async ({
    demoApp: { t, client: admin, ids },
    stayed: { stay },
  }) => {
    const { booking } = await newStay(t, admin, stay);
    const berlin = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expectProblem(await berlin.get(`/api/bookings/${booking.id}/portal_progress`), 404, 'not_found');
    expectProblem(await admin.get(`/api/bookings/${crypto.randomUUID()}/portal_progress`), 404, 'not_found');
    expectProblem(await admin.get('/api/bookings/not-an-id/portal_progress'), 400, 'validation');
  });
});
