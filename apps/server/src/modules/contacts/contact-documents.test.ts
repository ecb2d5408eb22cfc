import { describe, expect } from 'vitest';
import { ZBooking, ZContact, ZPaged, ZPortalBooking, ZRate, ZRoomType } from '@pms/contract';
import { ApiClient, expectProblem, parsed } from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const test = apiTest;

const passport = {
  documentType: 'passport',
  documentNumber: 'YA1234567',
  documentIssueDate: '2021-06-01',
  documentIssuingAuthority: 'Questura di Roma',
};

describe('a contact’s travel document', () => {
  test('is created, read, patched and replaced by staff; a PUT without it clears it', async ({
    demoApp: { client: admin },
  }) => {
    const created = await admin.post('/api/contacts', {
      name: 'Dokument Gast',
      nationality: 'it',
      ...passport,
    });
    expect(created.statusCode, created.body).toBe(201);
    const contact = parsed(created, ZContact);
    expect(contact).toMatchObject(passport);
    expect(parsed(await admin.get(`/api/contacts/${contact.id}`), ZContact)).toMatchObject(passport);

    const patched = await admin.patch(`/api/contacts/${contact.id}`, { documentNumber: ' YB7654321 ' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(parsed(patched, ZContact)).toMatchObject({ ...passport, documentNumber: 'YB7654321' });

    const replaced = await admin.put(`/api/contacts/${contact.id}`, { name: 'Dokument Gast' });
    expect(parsed(replaced, ZContact)).toMatchObject({
      documentType: null,
      documentNumber: null,
      documentIssueDate: null,
      documentIssuingAuthority: null,
    });
  });

  test('refuses an unknown document type, a malformed date and an overlong number', async ({
    demoApp: { client: admin },
  }) => {
    for (const body of [
      { documentType: 'visa' },
      { documentIssueDate: '01.06.2021' },
      { documentNumber: 'x'.repeat(51) },
      { documentIssuingAuthority: 7 },
    ])
      expectProblem(await admin.post('/api/contacts', { name: 'Falsch', ...body }), 400, 'validation');
  });

  test('is what the portal shows the guest: one record for staff and guest', async ({
    demoApp: { t, client: admin },
  }) => {
    const customer = parsed(
      await admin.post('/api/contacts', { name: 'Portal Dokument', ...passport }),
      ZContact,
    );
    const roomTypes = parsed(await admin.get('/api/room_types'), ZPaged(ZRoomType)).data;
    const rates = parsed(await admin.get('/api/rates'), ZPaged(ZRate)).data;
    const booking = await admin.post('/api/bookings', {
      occupancy: 1,
      rateId: rates[0]!.id,
      roomTypeId: roomTypes[0]!.id,
      checkIn: '2031-05-01',
      checkOut: '2031-05-02',
      customerId: customer.id,
      status: 'pending',
    });
    expect(booking.statusCode, booking.body).toBe(201);
    const link = parsed(
      await admin.get(`/api/bookings/${parsed(booking, ZBooking).id}`, { query: { expand: 'link' } }),
      ZBooking,
    ).link!;
    const portal = await new ApiClient(t.app).get('/api/portal/booking', { headers: { 'link-id': link.id } });
    expect(parsed(portal, ZPortalBooking).guests[0]).toMatchObject(passport);
  });
});
