import { and, asc, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import type { TContact } from '@pms/contract';
import { ZContact, ZContactBooking, ZContactDocument, ZFile, ZInvoiceSummary, ZPaged } from '@pms/contract';
import { bookings, events, folios, invoices, rates } from '../../db/schema/index.ts';
import {
  demo,
  expectProblem,
  login,
  loginAt,
  parsed,
  pngBytes,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { insertBooking, insertRoom } from '../../../test/front-office-factories.ts';

/** Signed in as staff; the ids of the two demo properties. */
const test = apiTest
  .override('user', demo.users.staff)
  .extend('properties', { scope: 'file' }, ({ demoApp: { ids } }) => ({
    austriaId: ids[demo.austria]!,
    germanyId: ids[demo.germany]!,
  }));

async function createContact(client: ApiClient, body: Record<string, unknown>): Promise<TContact> {
  const response = await client.post('/api/contacts', body);
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZContact);
}

async function contactEventTypes(t: TTestApp, contactId: string): Promise<string[]> {
  const rows = await t.db
    .select({ type: events.type })
    .from(events)
    .where(and(eq(events.objectType, 'contact'), eq(events.objectId, contactId)))
    .orderBy(asc(events.createdAt));
  return rows.map((row) => row.type);
}

/** A caller signed in to the German property, for the other side of tenant isolation. */
async function germanCaller(t: TTestApp, germanyId: string): Promise<ApiClient> {
  return loginAt(t.app, demo.users.manager, germanyId);
}

describe('contacts', () => {
  test('creates, reads, lists, replaces, patches and deletes a contact, recording events', async ({
    demoApp: { t, client: staff },
  }) => {
    const created = await createContact(staff, {
      name: 'Lena Berger',
      email: 'lena.berger@example.com',
      phone: '+43 660 1234567',
      dateOfBirth: '1988-04-12',
      nationality: 'at',
      language: 'de',
      address: { line1: 'Linzer Gasse 4', postalCode: '5020', city: 'Salzburg', country: 'at' },
    });
    expect(created).toMatchObject({
      type: 'person',
      gender: 'unspecified',
      name: 'Lena Berger',
      email: 'lena.berger@example.com',
      isDebtor: false,
      defaultRateId: null,
      communication: {
        email: 'lena.berger@example.com',
        phone: '+43 660 1234567',
        invoiceEmail: null,
        website: null,
      },
      address: { city: 'Salzburg', country: 'at' },
      deletedAt: null,
    });

    const read = await staff.get(`/api/contacts/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(parsed(read, ZContact)).toEqual(created);

    for (const query of ['berger', 'LENA.BERGER@EXAMPLE', '660 123']) {
      const list = await staff.get('/api/contacts', { query: { query } });
      expect(list.statusCode).toBe(200);
      expect(parsed(list, ZPaged(ZContact)).data.map((contact) => contact.id)).toContain(created.id);
    }
    const companies = await staff.get('/api/contacts', { query: { type: 'company', query: 'berger' } });
    expect(parsed(companies, ZPaged(ZContact)).data).toEqual([]);
    const literal = await staff.get('/api/contacts', { query: { query: 'b%r' } });
    expect(parsed(literal, ZPaged(ZContact)).data.map((contact) => contact.id)).not.toContain(created.id);

    const replaced = await staff.put(`/api/contacts/${created.id}`, {
      type: 'company',
      name: 'Berger Consulting GmbH',
      email: 'office@berger.example',
      company: { name: 'Berger Consulting GmbH', vatNumber: 'ATU99999999' },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    // PUT replaces: what it leaves out falls back to the defaults.
    expect(parsed(replaced, ZContact)).toMatchObject({
      type: 'company',
      name: 'Berger Consulting GmbH',
      phone: null,
      dateOfBirth: null,
      address: {},
      company: { vatNumber: 'ATU99999999' },
    });

    const patched = await staff.patch(`/api/contacts/${created.id}`, { isDebtor: true });
    expect(patched.statusCode).toBe(200);
    expect(parsed(patched, ZContact)).toMatchObject({ name: 'Berger Consulting GmbH', isDebtor: true });

    const deleted = await staff.delete(`/api/contacts/${created.id}`);
    expect(deleted.statusCode).toBe(204);
    expectProblem(await staff.get(`/api/contacts/${created.id}`), 404, 'not_found');
    const after = await staff.get('/api/contacts', { query: { query: 'berger' } });
    expect(parsed(after, ZPaged(ZContact)).data.map((contact) => contact.id)).not.toContain(created.id);

    expect(await contactEventTypes(t, created.id)).toEqual(['created', 'updated', 'updated', 'deleted']);
  });

  test('pages through the demo contacts', async ({ demoApp: { client: staff } }) => {
    const response = await staff.get('/api/contacts', { query: { pageSize: '100' } });
    expect(response.statusCode, response.body).toBe(200);
    const page = parsed(response, ZPaged(ZContact));
    expect(page.count).toBeGreaterThan(50);
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 100, hasPreviousPage: false });
    const withBookings = await staff.get(`/api/contacts/${page.data[0]!.id}/bookings`, {
      query: { pageSize: '100' },
    });
    expect(withBookings.statusCode, withBookings.body).toBe(200);
  });

  test('records no event for an update that changes nothing', async ({ demoApp: { t, client: staff } }) => {
    const contact = await createContact(staff, { name: 'Unverändert' });
    const response = await staff.patch(`/api/contacts/${contact.id}`, { name: 'Unverändert' });
    expect(response.statusCode).toBe(200);
    expectProblem(await staff.patch(`/api/contacts/${contact.id}`, {}), 400, 'validation');
    expect(await contactEventTypes(t, contact.id)).toEqual(['created']);
  });

  test('answers 400 validation for invalid input', async ({ demoApp: { client: staff } }) => {
    const invalid = [
      {},
      { name: '   ' },
      { name: 'X', email: 'not-an-email' },
      { name: 'X', nationality: 'AUT' },
      { name: 'X', dateOfBirth: '1988-13-45' },
      { name: 'X', type: 'robot' },
      { name: 'X', gender: 'other' },
      { name: 'X', language: 'fr' },
      { name: 'X', address: { country: 'Austria' } },
    ];
    for (const body of invalid) expectProblem(await staff.post('/api/contacts', body), 400, 'validation');
    const contact = await createContact(staff, { name: 'Valid' });
    expectProblem(
      await staff.put(`/api/contacts/${contact.id}`, { email: 'x@example.com' }),
      400,
      'validation',
    );
    expectProblem(await staff.patch(`/api/contacts/${contact.id}`, { isDebtor: 'yes' }), 400, 'validation');
    expectProblem(await staff.get('/api/contacts/not-a-uuid'), 400, 'validation');
  });

  test('refuses a country that is no ISO 3166-1 code, naming the field', async ({
    demoApp: { client: staff },
  }) => {
    const nationality = expectProblem(
      await staff.post('/api/contacts', { name: 'X', nationality: 'zz' }),
      400,
      'validation',
    );
    expect(nationality.errors?.map((error) => error.path)).toEqual(['body/nationality']);
    const address = expectProblem(
      await staff.post('/api/contacts', { name: 'X', address: { country: 'zz' } }),
      400,
      'validation',
    );
    expect(address.errors?.map((error) => error.path)).toEqual(['body/address/country']);
    const contact = await createContact(staff, { name: 'Arta Krasniqi', nationality: 'xk' });
    expect(contact.nationality).toBe('xk');
    expectProblem(await staff.patch(`/api/contacts/${contact.id}`, { nationality: 'zz' }), 400, 'validation');
  });

  test('refuses a second contact with the same e-mail, in any case, until the first is deleted', async ({
    demoApp: { t, client: staff },
    properties: { germanyId },
  }) => {
    const first = await createContact(staff, { name: 'Jonas Hofer', email: 'jonas.hofer@example.com' });
    expectProblem(
      await staff.post('/api/contacts', { name: 'J. Hofer', email: 'Jonas.Hofer@Example.com' }),
      409,
      'contact/already_exists',
    );
    const other = await createContact(staff, { name: 'Maria Hofer', email: 'maria.hofer@example.com' });
    expectProblem(
      await staff.patch(`/api/contacts/${other.id}`, { email: 'JONAS.HOFER@example.com' }),
      409,
      'contact/already_exists',
    );

    // The same address is free in another property.
    const german = await germanCaller(t, germanyId);
    expect(
      (await german.post('/api/contacts', { name: 'Jonas Hofer', email: 'jonas.hofer@example.com' }))
        .statusCode,
    ).toBe(201);

    expect((await staff.delete(`/api/contacts/${first.id}`)).statusCode).toBe(204);
    const again = await createContact(staff, { name: 'Jonas Hofer', email: 'JONAS.hofer@example.com' });
    expect(again.email).toBe('JONAS.hofer@example.com');
  });

  test('stores an empty e-mail as none, so many contacts may have none', async ({
    demoApp: { client: staff },
  }) => {
    const first = await createContact(staff, { name: 'Ohne Mail 1', email: '' });
    const second = await createContact(staff, { name: 'Ohne Mail 2', email: '', invoiceEmail: '' });
    expect(first.email).toBeNull();
    expect(second).toMatchObject({ email: null, invoiceEmail: null });
  });

  test("embeds the default rate when asked and refuses another property's rate", async ({
    demoApp: { t, client: staff },
    properties: { austriaId, germanyId },
  }) => {
    const [rate] = await t.db
      .insert(rates)
      .values({ propertyId: austriaId, name: 'Standard', code: 'STD-C' })
      .returning();
    const [foreignRate] = await t.db
      .insert(rates)
      .values({ propertyId: germanyId, name: 'Berlin', code: 'BER-C' })
      .returning();
    const contact = await createContact(staff, { name: 'Stammgast', defaultRateId: rate!.id });
    const plain = await staff.get(`/api/contacts/${contact.id}`);
    expect(parsed(plain, ZContact)).not.toHaveProperty('defaultRate');
    const expanded = await staff.get(`/api/contacts/${contact.id}`, { query: { expand: 'defaultRate' } });
    expect(parsed(expanded, ZContact).defaultRate).toEqual({ id: rate!.id, name: 'Standard', code: 'STD-C' });

    const withoutRate = await createContact(staff, { name: 'Ohne Rate' });
    const expandedNone = await staff.get(`/api/contacts/${withoutRate.id}`, {
      query: { expand: 'defaultRate' },
    });
    expect(parsed(expandedNone, ZContact).defaultRate).toBeNull();

    expectProblem(
      await staff.post('/api/contacts', { name: 'X', defaultRateId: foreignRate!.id }),
      404,
      'not_found',
    );
    expectProblem(
      await staff.patch(`/api/contacts/${contact.id}`, { defaultRateId: foreignRate!.id }),
      404,
      'not_found',
    );
  });

  test('forbids contacts to cleaning and catering', async ({ demoApp: { t, client: staff } }) => {
    const contact = await createContact(staff, { name: 'Geheim' });
    for (const email of [demo.users.cleaning, demo.users.catering]) {
      const caller = await login(t.app, email);
      expectProblem(await caller.get('/api/contacts'), 403, 'auth/forbidden');
      expectProblem(await caller.get(`/api/contacts/${contact.id}`), 403, 'auth/forbidden');
      expectProblem(await caller.post('/api/contacts', { name: 'X' }), 403, 'auth/forbidden');
      expectProblem(await caller.put(`/api/contacts/${contact.id}`, { name: 'X' }), 403, 'auth/forbidden');
      expectProblem(await caller.delete(`/api/contacts/${contact.id}`), 403, 'auth/forbidden');
      expectProblem(await caller.get(`/api/contacts/${contact.id}/files`), 403, 'auth/forbidden');
    }
  });

  test("answers 404 for another property's contact", async ({
    demoApp: { t, client: staff },
    properties: { germanyId },
  }) => {
    const contact = await createContact(staff, {
      name: 'Nur in Salzburg',
      email: 'salzburg.only@example.com',
    });
    const german = await germanCaller(t, germanyId);
    const paths = ['', '/bookings', '/invoices', '/files'];
    for (const path of paths)
      expectProblem(await german.get(`/api/contacts/${contact.id}${path}`), 404, 'not_found');
    expectProblem(await german.put(`/api/contacts/${contact.id}`, { name: 'X' }), 404, 'not_found');
    expectProblem(await german.patch(`/api/contacts/${contact.id}`, { name: 'X' }), 404, 'not_found');
    expectProblem(await german.delete(`/api/contacts/${contact.id}`), 404, 'not_found');
    const list = await german.get('/api/contacts', { query: { query: 'salzburg.only' } });
    expect(parsed(list, ZPaged(ZContact)).data).toEqual([]);
    expect((await staff.get(`/api/contacts/${contact.id}`)).statusCode).toBe(200);
  });

  test('lists the bookings a contact is customer or guest of, and refuses to delete it while one is live', async ({
    demoApp: { t, client: staff },
    properties: { austriaId },
  }) => {
    const contact = await createContact(staff, { name: 'Vielreisende' });
    const other = await createContact(staff, { name: 'Begleitung' });
    const room = await insertRoom(t.db, austriaId);
    const asCustomer = await insertBooking(t.db, {
      propertyId: austriaId,
      room,
      checkIn: '2030-01-10',
      checkOut: '2030-01-12',
      customerId: contact.id,
      guestIds: [contact.id],
    });
    const asGuest = await insertBooking(t.db, {
      propertyId: austriaId,
      room,
      checkIn: '2030-02-10',
      checkOut: '2030-02-12',
      customerId: other.id,
      guestIds: [other.id, contact.id],
    });
    await insertBooking(t.db, {
      propertyId: austriaId,
      room,
      checkIn: '2030-03-10',
      checkOut: '2030-03-12',
      customerId: other.id,
    });

    const response = await staff.get(`/api/contacts/${contact.id}/bookings`);
    expect(response.statusCode).toBe(200);
    const page = parsed(response, ZPaged(ZContactBooking));
    expect(page.count).toBe(2);
    expect(page.data).toEqual([
      {
        id: asGuest.id,
        code: asGuest.code,
        status: 'confirmed',
        checkIn: '2030-02-10',
        checkOut: '2030-02-12',
        roomNumber: room.number,
        role: 'guest',
      },
      {
        id: asCustomer.id,
        code: asCustomer.code,
        status: 'confirmed',
        checkIn: '2030-01-10',
        checkOut: '2030-01-12',
        roomNumber: room.number,
        role: 'customer',
      },
    ]);
    const firstPage = await staff.get(`/api/contacts/${contact.id}/bookings`, { query: { pageSize: '1' } });
    expect(parsed(firstPage, ZPaged(ZContactBooking))).toMatchObject({
      count: 2,
      totalPages: 2,
      hasNextPage: true,
    });

    expectProblem(await staff.delete(`/api/contacts/${contact.id}`), 409, 'base_data/in_use');
    await t.db.update(bookings).set({ status: 'canceled' }).where(eq(bookings.id, asCustomer.id));
    // Still the guest of a live booking.
    expectProblem(await staff.delete(`/api/contacts/${contact.id}`), 409, 'base_data/in_use');
    await t.db.update(bookings).set({ status: 'canceled' }).where(eq(bookings.id, asGuest.id));
    expect((await staff.delete(`/api/contacts/${contact.id}`)).statusCode).toBe(204);
  });

  test('lists the invoices addressed to a contact', async ({
    demoApp: { t, client: staff },
    properties: { austriaId },
  }) => {
    const contact = await createContact(staff, { name: 'Rechnungsempfänger' });
    const room = await insertRoom(t.db, austriaId);
    const booking = await insertBooking(t.db, {
      propertyId: austriaId,
      room,
      checkIn: '2030-04-01',
      checkOut: '2030-04-03',
      customerId: contact.id,
    });
    const [folio] = await t.db
      .insert(folios)
      .values({ propertyId: austriaId, bookingId: booking.id })
      .returning();
    const [invoice] = await t.db
      .insert(invoices)
      .values({
        propertyId: austriaId,
        folioId: folio!.id,
        customerId: contact.id,
        number: 'AH-T1',
        status: 'open',
        totalAmount: 24_000,
      })
      .returning();
    await t.db
      .insert(invoices)
      .values({ propertyId: austriaId, folioId: folio!.id, status: 'draft', totalAmount: 100 });

    const response = await staff.get(`/api/contacts/${contact.id}/invoices`);
    expect(response.statusCode).toBe(200);
    expect(parsed(response, ZPaged(ZInvoiceSummary)).data).toEqual([
      {
        id: invoice!.id,
        number: 'AH-T1',
        status: 'open',
        totalAmount: 24_000,
        createdAt: invoice!.createdAt.toISOString(),
      },
    ]);
  });

  test("links and unlinks documents, but not another property's file", async ({
    demoApp: { t, client: staff },
    properties: { germanyId },
  }) => {
    const contact = await createContact(staff, { name: 'Mit Ausweis' });
    const upload = await staff.upload('/api/files', {
      name: 'pass.png',
      content: pngBytes(),
      contentType: 'image/png',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const file = parsed(upload, ZFile);

    const linked = await staff.post(`/api/contacts/${contact.id}/files/${file.id}`);
    expect(linked.statusCode, linked.body).toBe(201);
    expect(parsed(linked, ZFile)).toMatchObject({ id: file.id, name: 'pass.png', type: '.png' });
    expect((await staff.post(`/api/contacts/${contact.id}/files/${file.id}`)).statusCode).toBe(201);

    const listed = await staff.get(`/api/contacts/${contact.id}/files`);
    expect(listed.statusCode).toBe(200);
    expect(parsed(listed, z.object({ data: z.array(ZContactDocument) })).data).toEqual([
      { ...file, stay: null, confirmedAt: null },
    ]);

    expect((await staff.delete(`/api/contacts/${contact.id}/files/${file.id}`)).statusCode).toBe(204);
    expect(
      parsed(
        await staff.get(`/api/contacts/${contact.id}/files`),
        z.object({ data: z.array(ZContactDocument) }),
      ).data,
    ).toEqual([]);
    expectProblem(await staff.delete(`/api/contacts/${contact.id}/files/${file.id}`), 404, 'not_found');
    // The file itself stays.
    expect((await staff.get(`/api/files/${file.id}`)).statusCode).toBe(200);
    expect(await contactEventTypes(t, contact.id)).toEqual(['created', 'updated', 'updated']);

    const german = await germanCaller(t, germanyId);
    const foreign = await german.upload('/api/files', {
      name: 'fremd.png',
      content: pngBytes(),
      contentType: 'image/png',
    });
    expect(foreign.statusCode).toBe(201);
    expectProblem(
      await staff.post(`/api/contacts/${contact.id}/files/${parsed(foreign, ZFile).id}`),
      404,
      'not_found',
    );
  });
});
