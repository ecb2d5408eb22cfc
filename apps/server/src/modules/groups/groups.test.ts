import { and, asc, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { TContact, TGroup } from '@pms/contract';
import { ZContact, ZGroup, ZPaged } from '@pms/contract';
import { bookings, charges, events } from '../../db/schema/index.ts';
import { demo, expectProblem, login, loginAt, parsed, type ApiClient } from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { insertBooking, insertFolio, insertRoom } from '../../../test/front-office-factories.ts';

/** Signed in as staff; the ids of the two demo properties. */
const test = apiTest
  .override('user', demo.users.staff)
  .extend('properties', { scope: 'file' }, ({ demoApp: { ids } }) => ({
    austriaId: ids[demo.austria]!,
    germanyId: ids[demo.germany]!,
  }));

async function createGroup(client: ApiClient, body: Record<string, unknown>): Promise<TGroup> {
  const response = await client.post('/api/groups', body);
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZGroup);
}

async function createContact(staff: ApiClient, name: string): Promise<TContact> {
  const response = await staff.post('/api/contacts', { name, type: 'company' });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZContact);
}

const noFigures = {
  bookingCount: 0,
  guestCount: 0,
  nights: 0,
  roomCount: 0,
  earliestCheckIn: null,
  latestCheckOut: null,
  grossAmount: 0,
};

describe('groups', () => {
  test('creates, reads, lists, updates and deletes a group', async ({ demoApp: { t, client: staff } }) => {
    const customer = await createContact(staff, 'Alpenverein Sektion Salzburg');
    const group = await createGroup(staff, { name: 'Wandergruppe Juni', customerId: customer.id });
    expect(group).toMatchObject({ name: 'Wandergruppe Juni', customerId: customer.id, ...noFigures });
    expect(group).not.toHaveProperty('customer');

    const read = await staff.get(`/api/groups/${group.id}`, { query: { expand: 'customer' } });
    expect(read.statusCode).toBe(200);
    expect(parsed(read, ZGroup).customer).toMatchObject({
      id: customer.id,
      name: 'Alpenverein Sektion Salzburg',
    });

    const list = await staff.get('/api/groups', { query: { query: 'WANDERGRUPPE' } });
    expect(list.statusCode).toBe(200);
    expect(parsed(list, ZPaged(ZGroup)).data).toEqual([group]);

    const updated = await staff.put(`/api/groups/${group.id}`, { name: 'Wandergruppe Juli' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(parsed(updated, ZGroup)).toMatchObject({ name: 'Wandergruppe Juli', customerId: null });

    expect((await staff.delete(`/api/groups/${group.id}`)).statusCode).toBe(204);
    expectProblem(await staff.get(`/api/groups/${group.id}`), 404, 'not_found');
    expectProblem(await staff.put(`/api/groups/${group.id}`, { name: 'X' }), 404, 'not_found');
    const after = await staff.get('/api/groups', { query: { query: 'Wandergruppe' } });
    expect(parsed(after, ZPaged(ZGroup)).data).toEqual([]);

    const recorded = await t.db
      .select({ type: events.type })
      .from(events)
      .where(and(eq(events.objectType, 'group'), eq(events.objectId, group.id)))
      .orderBy(asc(events.createdAt));
    expect(recorded.map((event) => event.type)).toEqual(['created', 'updated', 'deleted']);
  });

  test('lists the demo groups with their figures, customers and bookings', async ({
    demoApp: { client: staff },
  }) => {
    const response = await staff.get('/api/groups', {
      query: { expand: 'customer,bookings', pageSize: '100' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const seminar = parsed(response, ZPaged(ZGroup)).data.find(
      (group) => group.name === 'Firmenseminar Alpen Consulting',
    );
    expect(seminar?.customer?.name).toBe('Alpen Consulting GmbH');
    expect(seminar?.bookings).toBeInstanceOf(Array);
  });

  test('computes the figures over the bookings that are not canceled', async ({
    demoApp: { t, client: staff },
    properties: { austriaId },
  }) => {
    const customer = await createContact(staff, 'Reisebüro Mozart');
    const guest = await createContact(staff, 'Reiseleiterin Eva');
    const group = await createGroup(staff, { name: 'Festspielreise', customerId: customer.id });
    const [first, second] = [await insertRoom(t.db, austriaId), await insertRoom(t.db, austriaId)];
    const stay = { propertyId: austriaId, groupId: group.id, customerId: customer.id };

    const confirmed = await insertBooking(t.db, {
      ...stay,
      room: first,
      checkIn: '2030-07-01',
      checkOut: '2030-07-04',
      occupancy: 2,
      guestIds: [guest.id],
    });
    await insertFolio(t.db, confirmed, [30_000, 2_550]);
    const checkedIn = await insertBooking(t.db, {
      ...stay,
      room: second,
      checkIn: '2030-07-02',
      checkOut: '2030-07-05',
      occupancy: 1,
      status: 'checked_in',
    });
    const { charges: posted } = await insertFolio(t.db, checkedIn, [8_000, 999]);
    // A deleted charge does not count.
    await t.db.update(charges).set({ deletedAt: new Date() }).where(eq(charges.id, posted[1]!.id));
    const pending = await insertBooking(t.db, {
      ...stay,
      room: first,
      checkIn: '2030-07-10',
      checkOut: '2030-07-12',
      occupancy: 3,
      status: 'pending',
    });
    const canceled = await insertBooking(t.db, {
      ...stay,
      room: first,
      checkIn: '2030-06-20',
      checkOut: '2030-07-25',
      occupancy: 4,
      status: 'canceled',
    });
    await insertFolio(t.db, canceled, [50_000]);
    // A booking of no group does not count either.
    const ungrouped = await insertBooking(t.db, {
      propertyId: austriaId,
      room: second,
      checkIn: '2030-07-10',
      checkOut: '2030-07-11',
    });
    await insertFolio(t.db, ungrouped, [7_000]);

    const figures = {
      bookingCount: 3,
      guestCount: 6,
      nights: 8,
      roomCount: 2,
      earliestCheckIn: '2030-07-01',
      latestCheckOut: '2030-07-12',
      grossAmount: 40_550,
    };
    const read = await staff.get(`/api/groups/${group.id}`, { query: { expand: 'customer,bookings' } });
    expect(read.statusCode, read.body).toBe(200);
    const expanded = parsed(read, ZGroup);
    expect(expanded).toMatchObject(figures);
    expect(expanded.customer?.name).toBe('Reisebüro Mozart');
    expect(expanded.bookings).toEqual([
      {
        id: canceled.id,
        code: canceled.code,
        status: 'canceled',
        checkIn: '2030-06-20',
        checkOut: '2030-07-25',
        occupancy: 4,
        roomNumber: first.number,
        guestName: 'Reisebüro Mozart',
      },
      expect.objectContaining({
        id: confirmed.id,
        guestName: 'Reiseleiterin Eva',
        roomNumber: first.number,
      }),
      expect.objectContaining({ id: checkedIn.id, status: 'checked_in', roomNumber: second.number }),
      expect.objectContaining({ id: pending.id, status: 'pending', occupancy: 3 }),
    ]);

    const list = await staff.get('/api/groups', { query: { query: 'Festspielreise' } });
    expect(parsed(list, ZPaged(ZGroup)).data[0]).toMatchObject(figures);
  });

  test('releases its bookings when deleted', async ({
    demoApp: { t, client: staff },
    properties: { austriaId },
  }) => {
    const group = await createGroup(staff, { name: 'Betriebsausflug' });
    const booking = await insertBooking(t.db, {
      propertyId: austriaId,
      room: await insertRoom(t.db, austriaId),
      checkIn: '2030-09-01',
      checkOut: '2030-09-03',
      groupId: group.id,
    });
    expect((await staff.delete(`/api/groups/${group.id}`)).statusCode).toBe(204);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ groupId: null, checkIn: '2030-09-01', status: 'confirmed', deletedAt: null });
    const recorded = await t.db
      .select({ type: events.type, data: events.data })
      .from(events)
      .where(and(eq(events.objectType, 'booking'), eq(events.objectId, booking.id)));
    expect(recorded).toEqual([{ type: 'updated', data: { changed: ['groupId'] } }]);
  });

  test('answers 400 validation for invalid input', async ({ demoApp: { client: staff } }) => {
    for (const body of [{}, { name: '' }, { name: 'X', customerId: 'nope' }]) {
      expectProblem(await staff.post('/api/groups', body), 400, 'validation');
    }
    const group = await createGroup(staff, { name: 'Chor' });
    expectProblem(await staff.put(`/api/groups/${group.id}`, { customerId: null }), 400, 'validation');
  });

  test('forbids groups to cleaning and catering', async ({ demoApp: { t, client: staff } }) => {
    const group = await createGroup(staff, { name: 'Kegelclub' });
    for (const email of [demo.users.cleaning, demo.users.catering]) {
      const caller = await login(t.app, email);
      expectProblem(await caller.get('/api/groups'), 403, 'auth/forbidden');
      expectProblem(await caller.get(`/api/groups/${group.id}`), 403, 'auth/forbidden');
      expectProblem(await caller.post('/api/groups', { name: 'X' }), 403, 'auth/forbidden');
      expectProblem(await caller.put(`/api/groups/${group.id}`, { name: 'X' }), 403, 'auth/forbidden');
      expectProblem(await caller.delete(`/api/groups/${group.id}`), 403, 'auth/forbidden');
    }
  });

  test("answers 404 for another property's group or customer", async ({
    demoApp: { t, client: staff },
    properties: { germanyId },
  }) => {
    const group = await createGroup(staff, { name: 'Salzburger Runde' });
    const german = await loginAt(t.app, demo.users.manager, germanyId);
    expectProblem(await german.get(`/api/groups/${group.id}`), 404, 'not_found');
    expectProblem(await german.put(`/api/groups/${group.id}`, { name: 'X' }), 404, 'not_found');
    expectProblem(await german.delete(`/api/groups/${group.id}`), 404, 'not_found');
    const list = await german.get('/api/groups', { query: { query: 'Salzburger Runde' } });
    expect(parsed(list, ZPaged(ZGroup)).data).toEqual([]);

    const foreignCustomer = await german.post('/api/contacts', { name: 'Berliner Kunde' });
    expect(foreignCustomer.statusCode).toBe(201);
    const customerId = parsed(foreignCustomer, ZContact).id;
    expectProblem(await staff.post('/api/groups', { name: 'X', customerId }), 404, 'not_found');
    expectProblem(await staff.put(`/api/groups/${group.id}`, { name: 'X', customerId }), 404, 'not_found');
  });
});
