import { describe, expect } from 'vitest';
import type { TBooking, TBookingSummary, TPaged } from '@pms/contract';
import { ZBooking, ZBookingSummary, ZCreatedApiKey, ZPaged } from '@pms/contract';
import { bearer, demo, login, parsed, switchProperty, type ApiClient } from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const test = apiTest.extend('readers', { scope: 'file' }, async ({ demoApp: { t, client: admin, ids } }) => {
  const full = (await listAll(admin)).data;
  const catering = await login(t.app, demo.users.catering);
  await switchProperty(catering, ids[demo.austria]!);
  return { full, catering };
});

const everything = 'room,roomType,rate,customer,group,guests,link';

/** The fields catering may see: what posting food and drinks needs. */
const summaryFields = [
  'id',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'code',
  'status',
  'occupancy',
  'checkIn',
  'checkOut',
  'numberOfNights',
  'roomId',
  'room',
  'roomTypeId',
  'roomType',
  'displayName',
  'isReadOnly',
  'foodAndBeveragePerDay',
  'checkedInAt',
  'checkedOutAt',
  'guests',
];

async function listAll(client: ApiClient): Promise<TPaged<TBooking>> {
  const response = await client.get('/api/bookings', { query: { pageSize: '100', expand: everything } });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZPaged(ZBooking));
}

/**
 * The secrets and personal details of the full bookings that must not reach catering, as the JSON
 * strings they would be in an answer (a six-digit security code may well occur inside an id).
 */
function detailsOf(bookings: TBooking[]): string[] {
  return bookings
    .flatMap((booking) => [
      booking.securityCode,
      ...(booking.link ? [booking.link.id, booking.link.url] : []),
      ...(booking.guests ?? []).flatMap((guest) => [guest.email, guest.phone, guest.dateOfBirth]),
      ...(booking.customer?.email ? [booking.customer.email] : []),
      ...(booking.comment ? [booking.comment] : []),
    ])
    .filter((value): value is string => typeof value === 'string' && value.length > 3)
    .map((value) => JSON.stringify(value));
}

function expectSummary(booking: object): void {
  expect(Object.keys(booking).filter((key) => !summaryFields.includes(key))).toEqual([]);
  for (const guest of (booking as TBookingSummary).guests ?? []) {
    expect(Object.keys(guest).sort()).toEqual(['id', 'isPrimary', 'name']);
  }
}

describe('bookings as catering reads them', () => {
  test('gives the front desk the whole booking', ({ readers: { full } }) => {
    const withLink = full.find((booking) => booking.link && booking.guests?.length);
    expect(withLink?.securityCode).toEqual(expect.any(String));
    expect(withLink?.grossAmount).toEqual(expect.any(Number));
    expect(detailsOf(full).length).toBeGreaterThan(0);
  });

  test('lists code, stay, room and guest names, without link, security code, contact details or amounts', async ({
    readers: { full, catering },
  }) => {
    const response = await catering.get('/api/bookings', { query: { pageSize: '100', expand: everything } });
    expect(response.statusCode).toBe(200);
    const page = parsed(response, ZPaged(ZBookingSummary));
    expect(page.data.map((booking) => booking.id)).toEqual(full.map((booking) => booking.id));
    for (const booking of page.data) expectSummary(booking);
    const named = page.data.find((booking) => booking.guests?.length)!;
    expect(named.guests![0]!.name).toEqual(full.find((booking) => booking.id === named.id)!.guests![0]!.name);
    for (const detail of detailsOf(full)) expect(response.body).not.toContain(detail);
  });

  test('reads one booking the same way, whatever it asks to expand', async ({
    readers: { full, catering },
  }) => {
    const booking = full.find((entry) => entry.link && entry.guests?.length && entry.roomId)!;
    const response = await catering.get(`/api/bookings/${booking.id}`, { query: { expand: everything } });
    expect(response.statusCode).toBe(200);
    const summary = parsed(response, ZBookingSummary);
    expectSummary(summary);
    expect(summary).toMatchObject({
      code: booking.code,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      displayName: booking.displayName,
      room: { number: booking.room!.number },
    });
    for (const detail of detailsOf([booking])) expect(response.body).not.toContain(detail);
  });

  test('holds for an API key with the catering role too', async ({
    demoApp: { t, client: admin },
    readers: { full },
  }) => {
    const created = await admin.post('/api/api_keys', { name: 'Kasse', roleId: 'catering' });
    expect(created.statusCode).toBe(201);
    const till = bearer(t.app, parsed(created, ZCreatedApiKey).secret);
    const response = await till.get('/api/bookings', { query: { pageSize: '100', expand: everything } });
    expect(response.statusCode).toBe(200);
    for (const booking of parsed(response, ZPaged(ZBookingSummary)).data) expectSummary(booking);
    for (const detail of detailsOf(full)) expect(response.body).not.toContain(detail);
  });
});
