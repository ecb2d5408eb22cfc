import { and, eq, ne } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import {
  addDays,
  todayIn,
  ZAccessPoint,
  ZBooking,
  ZCheckoutSession,
  ZContact,
  ZCreatedApiKey,
  ZFile,
  ZFileUrl,
  ZInvoice,
  zonedInstant,
  ZPortalBooking,
  ZPortalBookingMetadata,
  ZPortalCharges,
  ZPortalGuest,
  ZPortalInvoices,
  ZPortalProperty,
  ZPortalSignature,
} from '@pms/contract';
import {
  bookingLinks,
  bookings,
  contacts,
  events,
  files,
  folios,
  invoices,
  properties,
} from '../../db/schema/index.ts';
import {
  ApiClient,
  bearer,
  createStayFixture,
  demo,
  expectProblem,
  parsed,
  pdfBytes,
  pngBytes,
  PortalGuest,
  type TStayFixture,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { portalRequestsPerWindow } from './portal-gate.ts';

const zone = 'Europe/Vienna';
/** The desk that makes the portal's bookings: rooms of a type and rate of their own, and a count for the customers' names. */
type TPortalDesk = { t: TTestApp; admin: ApiClient; stay: TStayFixture; nextName: number };

const test = apiTest.extend(
  'desk',
  { scope: 'file' },
  async ({ demoApp: { t, client: admin } }): Promise<TPortalDesk> => {
    const stay = await createStayFixture(admin, {
      roomType: { name: 'Portalzimmer', code: 'PO' },
      rooms: '861-899',
      rate: { name: 'Portalrate', code: 'PO' },
      prices: [10000, 12000],
    });
    return { t, admin, stay, nextName: 0 };
  },
);
test.afterEach(({ demoApp: { t } }) => {
  t.clock.reset();
});

const today = (t: TTestApp) => todayIn(zone, t.clock.now());
const completeGuest = {
  gender: 'female',
  dateOfBirth: '1985-04-12',
  nationality: 'at',
  address: { line1: 'Getreidegasse 9', postalCode: '5020', city: 'Salzburg', country: 'at' },
};

/** A booking from today (or later) for a new customer, with the guest holding its link. */
async function newStay(
  desk: TPortalDesk,
  options: { daysAhead?: number; isDebtor?: boolean; guest?: object } = {},
) {
  const { t, admin, stay } = desk;
  desk.nextName++;
  const customer = await admin.post('/api/contacts', {
    name: `Portal Gast ${desk.nextName}`,
    isDebtor: options.isDebtor ?? false,
    ...options.guest,
  });
  expect(customer.statusCode, customer.body).toBe(201);
  const customerId = parsed(customer, ZContact).id;
  const checkIn = addDays(today(t), options.daysAhead ?? 0);
  const created = await admin.post('/api/bookings', {
    occupancy: 2,
    rateId: stay.rateId,
    roomTypeId: stay.roomTypeId,
    checkIn,
    checkOut: addDays(checkIn, 2),
    customerId,
  });
  expect(created.statusCode, created.body).toBe(201);
  const booking = parsed(
    await admin.get(`/api/bookings/${parsed(created, ZBooking).id}`, { query: { expand: 'link' } }),
    ZBooking,
  );
  return { booking, customerId, guest: new PortalGuest(t.app, booking.link!.id) };
}

/** Fills in the guest, uploads a document and signs: everything check-in needs but the money. */
async function register(guest: PortalGuest, customerId: string) {
  expect((await guest.patch(`/api/portal/guests/${customerId}`, completeGuest)).statusCode).toBe(200);
  const upload = await guest.upload(`/api/portal/contacts/${customerId}/files`, 'pass.png', pngBytes(20, 20));
  expect(upload.statusCode, upload.body).toBe(201);
  const signed = await guest.upload(
    '/api/portal/signature',
    'signature.png',
    pngBytes(40, 20),
    'signature',
    'PATCH',
  );
  expect(signed.statusCode, signed.body).toBe(200);
  return parsed(upload, ZFile);
}

/** After the check-in time of today. */
function afterCheckInTime(t: TTestApp) {
  t.clock.set(zonedInstant(today(t), '15:30', zone));
}

describe('the link', () => {
  test('is required: no Link-Id answers 401, an unknown or malformed one 404', async ({ demoApp: { t } }) => {
    const anonymous = new ApiClient(t.app);
    expectProblem(await anonymous.get('/api/portal/booking'), 401, 'auth/unauthenticated');
    for (const linkId of ['unknown-link-id', 'bad id with spaces', 'ä', 'x'.repeat(300)])
      expectProblem(
        await new PortalGuest(t.app, linkId).get('/api/portal/booking'),
        404,
        'portal/link_not_found',
      );
  });

  test('opens the booking, with no referrer and nothing cached', async ({ desk }) => {
    const { guest, booking } = await newStay(desk);
    const response = await guest.get('/api/portal/booking');
    expect(response.statusCode, response.body).toBe(200);
    expect(parsed(response, ZPortalBooking)).toMatchObject({ id: booking.id, code: booking.code });
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('expires at the check-out date and time in the property’s time zone', async ({
    demoApp: { t },
    desk,
  }) => {
    const { guest, booking } = await newStay(desk);
    const expiry = zonedInstant(booking.checkOut, '11:00', zone);
    t.clock.set(new Date(expiry.getTime() - 1000));
    expect((await guest.get('/api/portal/booking')).statusCode).toBe(200);
    t.clock.set(expiry);
    const problem = expectProblem(await guest.get('/api/portal/booking'), 410, 'portal/link_expired');
    expect(problem.params).toEqual({ expiredAt: expiry.toISOString() });
  });

  test('is refused once revoked', async ({ demoApp: { t }, desk }) => {
    const { guest, booking } = await newStay(desk);
    await t.db
      .update(bookingLinks)
      .set({ revokedAt: new Date() })
      .where(eq(bookingLinks.bookingId, booking.id));
    expectProblem(await guest.get('/api/portal/property'), 410, 'portal/link_revoked');
  });

  test('is required on every portal route, whatever staff session or API key comes instead', async ({
    demoApp: { t, client: admin },
  }) => {
    const key = await admin.post('/api/api_keys', { name: 'Portal probe', roleId: 'admin' });
    const apiKey = bearer(t.app, parsed(key, ZCreatedApiKey).secret);
    const routes = [...t.app.portalRoutes].filter((route) => !route.startsWith('HEAD '));
    expect(routes.length).toBeGreaterThanOrEqual(18);
    for (const route of routes) {
      const [method, path] = route.split(' ') as [HTTPMethods, string];
      const url = path.replace(/:[A-Za-z]+/g, () => crypto.randomUUID());
      for (const caller of [admin, apiKey])
        expectProblem(await caller.request(method, url), 401, 'auth/unauthenticated');
    }
  });

  test('is not replaced by a staff session, and gives no access to staff routes', async ({
    demoApp: { client: admin },
    desk,
  }) => {
    const { guest, booking } = await newStay(desk);
    expectProblem(await admin.get('/api/portal/booking'), 401, 'auth/unauthenticated');
    expectProblem(await guest.get(`/api/bookings/${booking.id}`), 401, 'auth/unauthenticated');
    expectProblem(await guest.get('/api/contacts'), 401, 'auth/unauthenticated');
  });
});

describe('reading', () => {
  test('answers the property as a guest may see it', async ({ desk }) => {
    const { guest } = await newStay(desk);
    const property = parsed(await guest.get('/api/portal/property'), ZPortalProperty);
    expect(property).toMatchObject({
      name: demo.austria,
      timeZone: zone,
      country: 'at',
      features: { payment: true },
    });
    expect(property.checkInTime).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(property).not.toHaveProperty('bank');
    expect(property).not.toHaveProperty('nextInvoiceNumber');
  });

  test('answers the booking with its guests’ completeness and the form the law asks for', async ({
    desk,
  }) => {
    const { guest, customerId } = await newStay(desk);
    const booking = parsed(await guest.get('/api/portal/booking'), ZPortalBooking);
    expect(booking).toMatchObject({
      status: 'confirmed',
      isCheckedIn: false,
      registrationForm: 'gaesteblatt',
      hasSignature: false,
    });
    expect(booking.room?.number).toMatch(/^8\d\d$/);
    expect(booking.guests).toEqual([
      expect.objectContaining({ id: customerId, isPrimary: true, isComplete: false }),
    ]);
    expect(booking.guests[0]!.missingFields).toEqual(
      expect.arrayContaining(['gender', 'dateOfBirth', 'nationality', 'documents']),
    );
  });

  test('answers the metadata and the general settings without the e-mail texts', async ({ desk }) => {
    const { guest } = await newStay(desk);
    const metadata = parsed(await guest.get('/api/portal/booking_metadata'), ZPortalBookingMetadata);
    expect(metadata).toMatchObject({
      hasAccessToken: false,
      hasInvoices: false,
      isReadyForCheckIn: false,
      status: 'confirmed',
      grossAmount: 24000,
      paidAmount: 0,
      dueAmount: 24000,
    });
    const settings = await guest.get('/api/portal/settings/general');
    expect(Object.keys(settings.json()).sort()).toEqual([
      'featureCheckInJack',
      'featurePayment',
      'featurePreCheckIn',
      'propertyInfoUrl',
    ]);
  });
});

describe('guests', () => {
  test('change their registration, which completeness follows', async ({ demoApp: { t }, desk }) => {
    const { guest, customerId } = await newStay(desk);
    const response = await guest.patch(`/api/portal/guests/${customerId}`, {
      ...completeGuest,
      nationality: 'de',
      documentType: 'passport',
      documentNumber: 'C01X00T47',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(parsed(response, ZPortalGuest).missingFields).toEqual([
      'documents',
      'documentIssueDate',
      'documentIssuingAuthority',
    ]);
    const [event] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.objectId, customerId), eq(events.type, 'updated')));
    expect(event).toMatchObject({ actorType: 'guest', objectType: 'contact' });
  });

  test('reach only this booking’s guests', async ({ demoApp: { t, ids }, desk }) => {
    const { guest } = await newStay(desk);
    const other = await newStay(desk);
    expectProblem(
      await guest.patch(`/api/portal/guests/${other.customerId}`, { name: 'X' }),
      404,
      'not_found',
    );
    const [foreign] = await t.db
      .select()
      .from(contacts)
      .where(eq(contacts.propertyId, ids[demo.germany]!))
      .limit(1);
    expectProblem(await guest.patch(`/api/portal/guests/${foreign!.id}`, { name: 'X' }), 404, 'not_found');
    expectProblem(
      await guest.upload(`/api/portal/contacts/${other.customerId}/files`, 'pass.png', pngBytes()),
      404,
      'not_found',
    );
    const otherFile = await register(other.guest, other.customerId);
    expectProblem(await guest.get(`/api/portal/files/${otherFile.id}/content`), 404, 'not_found');
    expectProblem(
      await guest.post(`/api/portal/contacts/${other.customerId}/files/${otherFile.id}`),
      404,
      'not_found',
    );
  });

  test('refuse malformed input with 400, never 500', async ({ desk }) => {
    const { guest, customerId } = await newStay(desk);
    expectProblem(await guest.patch('/api/portal/guests/not-a-uuid', { name: 'X' }), 400, 'validation');
    expectProblem(
      await guest.patch(`/api/portal/guests/${customerId}`, { nationality: 'xx' }),
      400,
      'validation',
    );
    expectProblem(
      await guest.patch(`/api/portal/guests/${customerId}`, { isDebtor: true }),
      400,
      'validation',
    );
    expectProblem(
      await guest.patch(`/api/portal/guests/${customerId}`, { dateOfBirth: '1985-13-45' }),
      400,
      'validation',
    );
    const text = await guest.patch(`/api/portal/guests/${customerId}`, 'not json');
    expect(text.statusCode).toBe(415);
    expect(text.headers['content-type']).toMatch(/^application\/problem\+json/);
    const huge = await guest.patch(`/api/portal/guests/${customerId}`, { name: 'x'.repeat(3 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expectProblem(
      await guest.post(`/api/portal/contacts/${customerId}/files`, { file: 'x' }),
      400,
      'validation',
    );
    expectProblem(await guest.post('/api/portal/contacts/nope/files/nope'), 400, 'validation');
  });

  test('upload and delete ID documents, checked by content', async ({ desk }) => {
    const { guest, customerId } = await newStay(desk);
    expectProblem(
      await guest.upload(`/api/portal/contacts/${customerId}/files`, 'pass.png', Buffer.from('not an image')),
      415,
      'file/type_not_allowed',
    );
    const upload = await guest.upload(`/api/portal/contacts/${customerId}/files`, 'pass', pdfBytes());
    expect(upload.statusCode, upload.body).toBe(201);
    const file = parsed(upload, ZFile);
    expect(file).toMatchObject({ name: 'pass.pdf', purpose: 'id_document' });
    const content = await guest.get(`/api/portal/files/${file.id}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    expect((await guest.post(`/api/portal/contacts/${customerId}/files/${file.id}`)).statusCode).toBe(204);
    expectProblem(await guest.get(`/api/portal/files/${file.id}/content`), 404, 'not_found');
  });
});

describe('the signature', () => {
  test('is a PNG, JPEG or SVG by its content, stored as a PNG', async ({ desk }) => {
    const { guest } = await newStay(desk);
    expectProblem(
      await guest.upload(
        '/api/portal/signature',
        'signature.png',
        Buffer.from('hello'),
        'signature',
        'PATCH',
      ),
      415,
      'portal/signature_type',
    );
    expectProblem(
      await guest.upload('/api/portal/signature', 'signature.png', pdfBytes(), 'signature', 'PATCH'),
      415,
      'portal/signature_type',
    );
    expectProblem(
      await guest.upload('/api/portal/signature', 'signature.png', pngBytes(), 'file', 'PATCH'),
      400,
      'validation',
    );
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><path d="M1 1 L39 19" stroke="black"/><script>alert(1)</script></svg>',
    );
    const signed = await guest.upload('/api/portal/signature', 'signature.svg', svg, 'signature', 'PATCH');
    expect(signed.statusCode, signed.body).toBe(200);
    const signature = parsed(signed, ZPortalSignature).signature!;
    expect(signature).toMatchObject({ name: 'signature.png', mimeType: 'image/png', purpose: 'signature' });
    const content = await guest.get(`/api/portal/files/${signature.id}/content`);
    expect(content.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(parsed(await guest.get('/api/portal/booking'), ZPortalBooking).hasSignature).toBe(true);
    expect((await guest.delete('/api/portal/signature')).statusCode).toBe(204);
    expect(parsed(await guest.get('/api/portal/booking'), ZPortalBooking).hasSignature).toBe(false);
  });
});

describe('check-in', () => {
  test('waits for the check-in time, every guest, the signature and the money', async ({
    demoApp: { t },
    desk,
  }) => {
    const { guest, customerId, booking } = await newStay(desk);
    t.clock.set(zonedInstant(today(t), '14:59', zone));
    const early = expectProblem(await guest.post('/api/portal/check_in'), 409, 'portal/check_in_not_open');
    expect(early.params).toEqual({ opensAt: zonedInstant(booking.checkIn, '15:00', zone).toISOString() });
    afterCheckInTime(t);
    const incomplete = expectProblem(
      await guest.post('/api/portal/check_in'),
      409,
      'portal/guests_incomplete',
    );
    expect(incomplete.params).toEqual({ guestIds: customerId });
    expectProblem(await guest.post('/api/portal/pre_check_in'), 409, 'portal/guests_incomplete');
    await guest.patch(`/api/portal/guests/${customerId}`, completeGuest);
    await guest.upload(`/api/portal/contacts/${customerId}/files`, 'pass.png', pngBytes(20, 20));
    expectProblem(await guest.post('/api/portal/check_in'), 409, 'portal/signature_missing');
    await guest.upload('/api/portal/signature', 'signature.png', pngBytes(40, 20), 'signature', 'PATCH');
    const pre = await guest.post('/api/portal/pre_check_in');
    expect(pre.statusCode, pre.body).toBe(200);
    expect(pre.json()).toMatchObject({ isReadyForCheckIn: false });
    const due = expectProblem(await guest.post('/api/portal/check_in'), 409, 'booking/payment_due');
    expect(due.params).toEqual({ dueAmount: 24000 });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('confirmed');
  });

  test('lets a debtor check in with money due, returns the signed Gästeblatt and keeps it on the booking', async ({
    demoApp: { t },
    desk,
  }) => {
    const { guest, customerId, booking } = await newStay(desk, { isDebtor: true });
    await register(guest, customerId);
    afterCheckInTime(t);
    const metadata = parsed(await guest.get('/api/portal/booking_metadata'), ZPortalBookingMetadata);
    expect(metadata).toMatchObject({ isReadyForCheckIn: true, areGuestsComplete: true, hasSignature: true });
    const response = await guest.post('/api/portal/check_in');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="?registration-/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe('checked_in');
    const [form] = await t.db.select().from(files).where(eq(files.id, row!.registrationFileId!));
    expect(form).toMatchObject({ mimeType: 'application/pdf', size: response.rawPayload.length });
    const stored = await guest.get(`/api/portal/files/${form!.id}/content`);
    expect(stored.rawPayload.equals(response.rawPayload)).toBe(true);
    const checkedIn = await t.db
      .select()
      .from(events)
      .where(and(eq(events.objectId, booking.id), eq(events.type, 'checked_in')));
    expect(checkedIn).toEqual([expect.objectContaining({ actorType: 'guest', actorId: customerId })]);
    // Reads go on and show the state.
    const after = parsed(await guest.get('/api/portal/booking'), ZPortalBooking);
    expect(after).toMatchObject({ status: 'checked_in', isCheckedIn: true });
    expectProblem(await guest.post('/api/portal/check_in'), 409, 'portal/checked_in');
  });

  test('lets a guest check in with money due when the property takes no payments online', async ({
    demoApp: { t, client: admin },
    desk,
  }) => {
    const { guest, customerId } = await newStay(desk, {
      guest: { email: `portal-${Date.now()}@example.com` },
    });
    await register(guest, customerId);
    afterCheckInTime(t);
    expectProblem(await guest.post('/api/portal/check_in'), 409, 'booking/payment_due');
    expect((await admin.patch('/api/settings/general', { featurePayment: false })).statusCode).toBe(200);
    try {
      expect((await guest.post('/api/portal/check_in')).statusCode).toBe(200);
    } finally {
      await admin.patch('/api/settings/general', { featurePayment: true });
    }
  });

  test('pays the due amount at the simulated partner, checks in, and opens the doors of the key', async ({
    demoApp: { t },
    desk,
  }) => {
    const { guest, customerId } = await newStay(desk);
    await register(guest, customerId);
    afterCheckInTime(t);
    expect((await guest.get('/api/portal/access_points')).json()).toEqual([]);
    const checkout = await guest.post('/api/portal/checkout_session', {});
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = parsed(checkout, ZCheckoutSession);
    expect(session).toMatchObject({ amount: 24000, status: 'open' });
    const paid = await new ApiClient(t.app).post(`${new URL(session.url).pathname}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(new RegExp(`/portal/${guest.linkId}/check-in\\?status=success$`));
    const confirmed = await guest.post('/api/portal/payments', { checkoutSessionId: session.id });
    expect(parsed(confirmed, ZCheckoutSession).status).toBe('paid');
    expectProblem(await guest.post('/api/portal/checkout_session', {}), 400, 'payment/nothing_due');

    expect((await guest.post('/api/portal/check_in')).statusCode).toBe(200);
    expect((await guest.get('/api/portal/booking_metadata')).json()).toMatchObject({
      hasAccessToken: true,
      dueAmount: 0,
    });
    const doors = parsed(await guest.get('/api/portal/access_points'), z.array(ZAccessPoint));
    expect(doors[0]).toMatchObject({ isRoom: true });
    const opened = await guest.post(`/api/portal/access_points/${doors[0]!.id}/unlock`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(parsed(opened, ZAccessPoint).name).toBe(doors[0]!.name);
    expectProblem(
      await guest.post(`/api/portal/access_points/${crypto.randomUUID()}/unlock`),
      404,
      'not_found',
    );
    const other = await newStay(desk);
    expectProblem(
      await other.guest.post(`/api/portal/access_points/${doors[0]!.id}/unlock`),
      400,
      'door/no_access_token',
    );
  });

  test('refuses every change of the registration afterwards', async ({ demoApp: { t }, desk }) => {
    const { guest, customerId } = await newStay(desk, { isDebtor: true });
    const document = await register(guest, customerId);
    afterCheckInTime(t);
    expect((await guest.post('/api/portal/check_in')).statusCode).toBe(200);
    expectProblem(
      await guest.patch(`/api/portal/guests/${customerId}`, { name: 'Neu' }),
      409,
      'portal/checked_in',
    );
    expectProblem(
      await guest.upload(`/api/portal/contacts/${customerId}/files`, 'pass.png', pngBytes()),
      409,
      'portal/checked_in',
    );
    expectProblem(
      await guest.post(`/api/portal/contacts/${customerId}/files/${document.id}`),
      409,
      'portal/checked_in',
    );
    expectProblem(await guest.delete('/api/portal/signature'), 409, 'portal/checked_in');
    expectProblem(
      await guest.upload('/api/portal/signature', 'signature.png', pngBytes(), 'signature', 'PATCH'),
      409,
      'portal/checked_in',
    );
  });

  test('keeps the registration read-only after check-out, the confirmation and the check-in too', async ({
    demoApp: { t, client: admin },
    desk,
  }) => {
    const { guest, customerId, booking } = await newStay(desk, { isDebtor: true });
    const document = await register(guest, customerId);
    afterCheckInTime(t);
    expect((await guest.post('/api/portal/check_in')).statusCode).toBe(200);
    const checkedOut = await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
      query: { shortenStay: 'false', confirmDueAmount: 'true' },
    });
    expect(checkedOut.statusCode, checkedOut.body).toBe(200);
    // The link lives until the booked check-out; the guest still reads the stay and its invoices.
    expect(parsed(await guest.get('/api/portal/booking'), ZPortalBooking)).toMatchObject({
      status: 'checked_out',
      isCheckedIn: false,
    });
    expect((await guest.get('/api/portal/invoices')).statusCode).toBe(200);
    const refusals = [
      await guest.patch(`/api/portal/guests/${customerId}`, { name: 'Neu' }),
      await guest.upload(`/api/portal/contacts/${customerId}/files`, 'pass.png', pngBytes()),
      await guest.post(`/api/portal/contacts/${customerId}/files/${document.id}`),
      await guest.upload('/api/portal/signature', 'signature.png', pngBytes(), 'signature', 'PATCH'),
      await guest.delete('/api/portal/signature'),
      await guest.post('/api/portal/pre_check_in'),
      await guest.post('/api/portal/check_in'),
    ];
    for (const refusal of refusals) expectProblem(refusal, 409, 'portal/checked_in');
    const kept = parsed(await guest.get('/api/portal/booking'), ZPortalBooking);
    expect(kept.hasSignature).toBe(true);
    expect(kept.guests.find((one) => one.id === customerId)?.files.map((file) => file.id)).toContain(
      document.id,
    );
  });

  test('answers one of two check-ins at once, the other finds it checked in', async ({
    demoApp: { t },
    desk,
  }) => {
    const { guest, customerId } = await newStay(desk, { isDebtor: true });
    await register(guest, customerId);
    afterCheckInTime(t);
    const answers = await Promise.all([
      guest.post('/api/portal/check_in'),
      guest.post('/api/portal/check_in'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('the property’s files', () => {
  test('shows the logo, never another file of the property', async ({ demoApp: { t, ids }, desk }) => {
    const { guest } = await newStay(desk);
    const [file] = await t.db
      .select()
      .from(files)
      .where(and(eq(files.propertyId, ids[demo.austria]!), ne(files.purpose, 'logo')))
      .limit(1);
    if (file) expectProblem(await guest.get(`/api/portal/files/pms/${file.id}/content`), 404, 'not_found');
    const [property] = await t.db.select().from(properties).where(eq(properties.id, ids[demo.austria]!));
    if (property!.logoId) {
      const logo = await guest.get(`/api/portal/files/pms/${property!.logoId}/content`);
      expect(logo.statusCode).toBe(200);
    }
    expectProblem(await guest.get(`/api/portal/files/pms/${crypto.randomUUID()}/url`), 404, 'not_found');
  });
});

/** An invoice over the booking's folio, made by staff: a draft, or issued with a PDF document. */
async function invoiceOf({ t, admin }: TPortalDesk, bookingId: string, kind: 'draft' | 'issued') {
  const [folio] = await t.db.select().from(folios).where(eq(folios.bookingId, bookingId));
  const response = await admin.post('/api/invoices', {
    folioId: folio!.id,
    ...(kind === 'draft' ? { draft: true } : { closeWithDueAmount: true }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const invoice = parsed(response, ZInvoice);
  const upload = await admin.upload('/api/files', { name: 'invoice.pdf', content: pdfBytes() });
  const fileId = parsed(upload, ZFile).id;
  await t.db.update(invoices).set({ fileId }).where(eq(invoices.id, invoice.id));
  return { ...invoice, fileId };
}

const billingAddress = { line1: 'Getreidegasse 9', postalCode: '5020', city: 'Salzburg', country: 'at' };

describe('money', () => {
  test('sums the folios and lists their charges', async ({ desk }) => {
    const { guest } = await newStay(desk);
    const summary = await guest.post('/api/portal/folio_summary');
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({
      grossAmount: 24000,
      paidAmount: 0,
      dueAmount: 24000,
      folios: [expect.objectContaining({ grossAmount: 24000, dueAmount: 24000 })],
    });
    const charges = await guest.get('/api/portal/charges');
    expect(charges.statusCode, charges.body).toBe(200);
    const { data } = parsed(charges, ZPortalCharges);
    expect(data).toHaveLength(2);
    expect(data.map((charge) => charge.grossAmount)).toEqual([12000, 12000]);
    expect(data[0]).not.toHaveProperty('accountNumber');
  });

  test('lists the booking’s invoices and changes a draft’s billing address and text', async ({
    demoApp: { t },
    desk,
  }) => {
    const { guest, booking, customerId } = await newStay(desk, { guest: { address: billingAddress } });
    const other = await newStay(desk, { guest: { address: billingAddress } });
    const draft = await invoiceOf(desk, booking.id, 'draft');
    const foreign = await invoiceOf(desk, other.booking.id, 'draft');
    const list = await guest.get('/api/portal/invoices');
    expect(list.statusCode, list.body).toBe(200);
    expect(parsed(list, ZPortalInvoices).data.map((invoice) => invoice.id)).toEqual([draft.id]);
    expect((await guest.get('/api/portal/booking_metadata')).json()).toMatchObject({ hasInvoices: true });

    const changed = await guest.patch(`/api/portal/invoices/${draft.id}`, {
      folioId: draft.folioId,
      customerId,
      billingAddress: { ...billingAddress, line1: 'Linzer Gasse 3' },
      additionalText: 'Firmenreise',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      billingAddress: { line1: 'Linzer Gasse 3' },
      additionalText: 'Firmenreise',
    });
    const [event] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.objectId, draft.id), eq(events.type, 'updated')));
    expect(event).toMatchObject({ actorType: 'guest' });

    expectProblem(
      await guest.patch(`/api/portal/invoices/${foreign.id}`, { additionalText: 'x' }),
      404,
      'not_found',
    );
    expectProblem(
      await guest.patch(`/api/portal/invoices/${draft.id}`, { customerId: other.customerId }),
      404,
      'not_found',
    );
    expectProblem(
      await guest.patch(`/api/portal/invoices/${draft.id}`, { folioId: foreign.folioId }),
      400,
      'validation',
    );
    expectProblem(await guest.patch('/api/portal/invoices/nope', { additionalText: 'x' }), 400, 'validation');
    expectProblem(
      await guest.patch(`/api/portal/invoices/${draft.id}`, { recipient: 'Someone' }),
      400,
      'validation',
    );
  });

  test('names a company with its VAT ID on a draft and its re-issue, and saves the typed address to the contact', async ({
    demoApp: { client: admin },
    desk,
  }) => {
    const { guest, booking, customerId } = await newStay(desk, { isDebtor: true });
    const draft = await invoiceOf(desk, booking.id, 'draft');
    const company = { recipientCompany: 'Beispiel Handels GmbH', recipientVatId: 'ATU87654321' };
    const changed = await guest.patch(`/api/portal/invoices/${draft.id}`, {
      ...company,
      billingAddress,
      saveAddressToContact: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ ...company, billingAddress });
    expect((await admin.get(`/api/contacts/${customerId}`)).json()).toMatchObject({
      address: billingAddress,
    });
    expectProblem(
      await guest.patch(`/api/portal/invoices/${draft.id}`, { recipientVatId: 'x' }),
      400,
      'validation',
    );

    const issued = await admin.post(`/api/invoices/${draft.id}/actions/issue`, { closeWithDueAmount: true });
    expect(issued.statusCode, issued.body).toBe(200);
    const reissued = await guest.patch(`/api/portal/invoices/${draft.id}`, { additionalText: 'Projekt 7' });
    expect(reissued.statusCode, reissued.body).toBe(200);
    expect(reissued.json()).toMatchObject({ ...company, status: 'open', additionalText: 'Projekt 7' });
  });

  test('re-issues an issued invoice with the changes, once, and serves only this booking’s invoice documents', async ({
    demoApp: { t },
    desk,
  }) => {
    const { guest, booking } = await newStay(desk, { isDebtor: true, guest: { address: billingAddress } });
    const other = await newStay(desk, { guest: { address: billingAddress } });
    const issued = await invoiceOf(desk, booking.id, 'issued');
    const foreign = await invoiceOf(desk, other.booking.id, 'draft');
    const reissued = await guest.patch(`/api/portal/invoices/${issued.id}`, {
      billingAddress: { ...billingAddress, line1: 'Linzer Gasse 3' },
      additionalText: 'Bitte an die Firma',
    });
    expect(reissued.statusCode, reissued.body).toBe(200);
    const replacement = parsed(reissued, ZInvoice);
    expect(replacement).toMatchObject({
      status: 'open',
      totalAmount: 24000,
      billingAddress: { line1: 'Linzer Gasse 3' },
      additionalText: 'Bitte an die Firma',
    });
    expect(replacement.id).not.toBe(issued.id);
    const list = parsed(await guest.get('/api/portal/invoices'), ZPortalInvoices).data;
    expect(list.map((invoice) => [invoice.status, invoice.totalAmount]).sort()).toEqual([
      ['canceled', 24000],
      ['completed', -24000],
      ['open', 24000],
    ]);
    // Once an invoice of the stay was canceled, the portal re-issues no more.
    expectProblem(
      await guest.patch(`/api/portal/invoices/${replacement.id}`, { additionalText: 'x' }),
      409,
      'invoice/immutable',
    );
    expectProblem(
      await guest.patch(`/api/portal/invoices/${issued.id}`, { additionalText: 'x' }),
      409,
      'invoice/immutable',
    );
    const content = await guest.get(`/api/portal/files/pms/${issued.fileId}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('application/pdf');
    const url = await guest.get(`/api/portal/files/pms/${issued.fileId}/url`);
    expect(url.statusCode, url.body).toBe(200);
    const download = await new ApiClient(t.app).get(
      parsed(url, ZFileUrl).url.replace('http://localhost:3000', ''),
    );
    expect(download.statusCode).toBe(200);
    expectProblem(await guest.get(`/api/portal/files/pms/${foreign.fileId}/content`), 404, 'not_found');
    expectProblem(await guest.get(`/api/portal/files/pms/${foreign.fileId}/url`), 404, 'not_found');
    // The guest's own-file call serves no invoice.
    expectProblem(await guest.get(`/api/portal/files/${issued.fileId}/content`), 404, 'not_found');
  });
});

describe('the rate limit', () => {
  test('counts a link’s requests over all instances', async ({ demoApp: { t }, desk }) => {
    const { guest } = await newStay(desk);
    const second = new PortalGuest(await t.startInstance(), guest.linkId);
    for (let i = 0; i < portalRequestsPerWindow; i += 2) {
      const [a, b] = await Promise.all([
        guest.get('/api/portal/settings/general'),
        second.get('/api/portal/settings/general'),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    }
    const refused = expectProblem(await second.get('/api/portal/booking'), 429, 'portal/too_many_requests');
    expect(refused).toBeTruthy();
    const response = await guest.get('/api/portal/booking');
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    // Another link is not held back.
    const other = await newStay(desk);
    expect((await other.guest.get('/api/portal/booking')).statusCode).toBe(200);
  });
});

describe('a link’s reach', () => {
  test('shows a co-guest only the documents handed in for this booking, never the contact’s others', async ({
    demoApp: { client: admin },
    desk,
  }) => {
    const { guest, booking, customerId } = await newStay(desk);
    // A co-guest who stayed before: a passport uploaded through that stay's link, and a scan staff
    // keep on the contact record.
    const earlier = await newStay(desk, { daysAhead: 10 });
    const coGuestId = earlier.customerId;
    const earlierScan = await register(earlier.guest, coGuestId);
    const assigned = await admin.post(`/api/bookings/${booking.id}/guests`, { contactId: coGuestId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const staffScan = parsed(
      await admin.upload('/api/files', { name: 'ausweis.png', content: pngBytes(30, 20) }),
      ZFile,
    );
    const linked = await admin.post(`/api/contacts/${coGuestId}/files/${staffScan.id}`);
    expect(linked.statusCode, linked.body).toBe(201);

    const guests = parsed(await guest.get('/api/portal/booking'), ZPortalBooking).guests;
    const coGuest = guests.find((candidate) => candidate.id === coGuestId)!;
    expect(coGuest.files).toEqual([]);
    expect(coGuest.missingFields).toContain('documents');
    for (const file of [earlierScan, staffScan]) {
      for (const url of [
        `/api/portal/files/${file.id}/content`,
        `/api/portal/files/pms/${file.id}/content`,
        `/api/portal/files/pms/${file.id}/url`,
      ])
        expectProblem(await guest.get(url), 404, 'not_found');
      expectProblem(await guest.post(`/api/portal/contacts/${coGuestId}/files/${file.id}`), 404, 'not_found');
    }
    // The earlier stay's own link still has its passport.
    expect((await earlier.guest.get(`/api/portal/files/${earlierScan.id}/content`)).statusCode).toBe(200);

    // Staff hand the scan in for this booking: now it is this stay's document.
    const forStay = await admin.post(`/api/contacts/${coGuestId}/files/${staffScan.id}`, undefined, {
      query: { bookingId: booking.id },
    });
    expect(forStay.statusCode, forStay.body).toBe(201);
    const after = parsed(await guest.get('/api/portal/booking'), ZPortalBooking).guests;
    expect(after.find((candidate) => candidate.id === coGuestId)!.files.map((file) => file.id)).toEqual([
      staffScan.id,
    ]);
    expect((await guest.get(`/api/portal/files/${staffScan.id}/content`)).statusCode).toBe(200);
    // Only for a booking the contact is a guest of.
    expectProblem(
      await admin.post(`/api/contacts/${customerId}/files/${staffScan.id}`, undefined, {
        query: { bookingId: earlier.booking.id },
      }),
      404,
      'not_found',
    );
  });

  test('answers 404 on every portal route for the ids of another booking', async ({
    demoApp: { t },
    desk,
  }) => {
    const { guest, booking, customerId } = await newStay(desk, {
      isDebtor: true,
      guest: { address: billingAddress },
    });
    await register(guest, customerId);
    const other = await newStay(desk, { isDebtor: true, guest: { address: billingAddress } });
    const otherUpload = await register(other.guest, other.customerId);
    const otherCheckout = await other.guest.post('/api/portal/checkout_session', {});
    expect(otherCheckout.statusCode, otherCheckout.body).toBe(200);
    const otherIssued = await invoiceOf(desk, other.booking.id, 'issued');
    afterCheckInTime(t);
    expect((await other.guest.post('/api/portal/check_in')).statusCode).toBe(200);
    const [otherRow] = await t.db.select().from(bookings).where(eq(bookings.id, other.booking.id));
    const otherDoors = parsed(await other.guest.get('/api/portal/access_points'), z.array(ZAccessPoint));
    const otherRoomDoor = otherDoors.find((door) => door.isRoom)!;
    const otherFileIds = [
      otherUpload.id,
      otherRow!.signatureFileId!,
      otherIssued.fileId,
      otherRow!.registrationFileId!,
    ];
    const ownFolioId = (await t.db.select().from(folios).where(eq(folios.bookingId, booking.id)))[0]!.id;

    const calls: [string, () => ReturnType<PortalGuest['get']>][] = [
      ['guest', () => guest.patch(`/api/portal/guests/${other.customerId}`, { name: 'X' })],
      ['upload', () => guest.upload(`/api/portal/contacts/${other.customerId}/files`, 'p.png', pngBytes())],
      [
        'delete file of another guest',
        () => guest.post(`/api/portal/contacts/${other.customerId}/files/${otherUpload.id}`),
      ],
      ['delete another file', () => guest.post(`/api/portal/contacts/${customerId}/files/${otherUpload.id}`)],
      [
        'checkout of another folio',
        () => guest.post('/api/portal/checkout_session', { folioId: otherIssued.folioId }),
      ],
      [
        'another checkout',
        () =>
          guest.post('/api/portal/payments', {
            checkoutSessionId: parsed(otherCheckout, ZCheckoutSession).id,
          }),
      ],
      [
        'another invoice',
        () => guest.patch(`/api/portal/invoices/${otherIssued.id}`, { additionalText: 'x' }),
      ],
      [
        'another customer',
        () => guest.patch(`/api/portal/invoices/${otherIssued.id}`, { customerId: other.customerId }),
      ],
      ...otherFileIds.flatMap((fileId): [string, () => ReturnType<PortalGuest['get']>][] => [
        [`file ${fileId}`, () => guest.get(`/api/portal/files/${fileId}/content`)],
        [`property file ${fileId}`, () => guest.get(`/api/portal/files/pms/${fileId}/content`)],
        [`property file url ${fileId}`, () => guest.get(`/api/portal/files/pms/${fileId}/url`)],
      ]),
    ];
    for (const [name, call] of calls) {
      const response = await call();
      expect([name, response.statusCode, response.body]).toEqual([name, 404, expect.any(String)]);
      expectProblem(response, 404, 'not_found');
    }
    // With a key of its own, the guest still opens no door of the other stay's room.
    expect((await guest.post('/api/portal/check_in')).statusCode).toBe(200);
    expectProblem(await guest.post(`/api/portal/access_points/${otherRoomDoor.id}/unlock`), 404, 'not_found');
    // And its own folio's checkout is not the other's.
    expect(ownFolioId).not.toBe(otherIssued.folioId);
  });
});
