import { describe, expect } from 'vitest';
import {
  ZBooking,
  ZFolioList,
  ZInvoice,
  ZItem,
  ZLevy,
  ZLevyList,
  ZLevyReport,
  type TBooking,
  type TLevyRecord,
} from '@pms/contract';
import { apiTest } from '../../../test/api-test.ts';
import { demo, expectProblem, loginAt, parsed, type ApiClient } from '../../../test/helpers.ts';

// The local tax as each town levies it (decision 191) and the levy report (decision 192), on the demo's
// Salzburg property: Ortstaxe 2.65 € and Mobilitätsabgabe 0.50 € per person and night, children below
// 15 at arrival exempt, work stays exempt after 14 nights.

const test = apiTest.override('withLevies', true).extend('stay', { scope: 'file' }, async ({ demoApp }) => {
  const { t, client: admin } = demoApp;
  t.clock.set('2026-05-01T08:00:00Z');
  const roomType = await admin.post('/api/room_types', {
    name: 'Ortstaxezimmer',
    code: 'OTZ',
    capacity: 3,
    minOccupancy: 1,
    maxOccupancy: 3,
  });
  expect(roomType.statusCode, roomType.body).toBe(201);
  const roomTypeId = roomType.json<{ id: string }>().id;
  const rooms = await admin.post('/api/rooms', { number: '1501-1510', roomTypeId });
  expect(rooms.statusCode, rooms.body).toBe(201);
  const roomIds = rooms.json<{ data: { id: string }[] }>().data.map((room) => room.id);
  const rate = await admin.post('/api/rates', { name: 'Ortstaxerate', code: 'OTR', active: true });
  const rateId = rate.json<{ id: string }>().id;
  for (const [index, amount] of [10000, 15000, 18000].entries()) {
    const price = await admin.post(`/api/rates/${rateId}/prices`, {
      roomTypeId,
      occupancy: index + 1,
      amount,
    });
    expect(price.statusCode, price.body).toBe(201);
  }
  return { roomIds, rateId };
});

async function contact(admin: ApiClient, name: string, dateOfBirth: string): Promise<string> {
  const response = await admin.post('/api/contacts', { name, dateOfBirth });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function levies(admin: ApiClient): Promise<TLevyRecord[]> {
  const response = await admin.get('/api/local_tax_levies');
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZLevyList).levies;
}

async function booking(admin: ApiClient, id: string): Promise<TBooking> {
  const response = await admin.get(`/api/bookings/${id}`, { query: { expand: 'guests' } });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZBooking);
}

/** The booking's local tax lines on its folio: text, quantity, gross. */
async function localTaxLines(admin: ApiClient, bookingId: string) {
  const response = await admin.get('/api/folios', { query: { bookingId } });
  expect(response.statusCode, response.body).toBe(200);
  const [folio] = parsed(response, ZFolioList).data;
  return folio!.charges
    .filter((charge) => charge.isTransitory)
    .map((charge) => [charge.text, charge.quantity, charge.grossAmount, charge.taxAmount]);
}

const sum = (lines: unknown[][]) => lines.reduce((total, line) => total + (line[2] as number), 0);

let nextRoom = 0;

describe('a Salzburg stay of two adults and a child of 14, three nights in June 2026', () => {
  test('owes 18.90 € on transitory lines without VAT, the child nothing; a change of guests posts it anew', async ({
    demoApp: { client: admin },
    stay,
  }) => {
    const created = await admin.post('/api/bookings', {
      occupancy: 3,
      rateId: stay.rateId,
      roomId: stay.roomIds[nextRoom++],
      checkIn: '2026-06-10',
      checkOut: '2026-06-13',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = parsed(created, ZBooking);
    const guests = [
      await contact(admin, 'Anna Gast', '1980-05-05'),
      await contact(admin, 'Bernd Gast', '1978-02-02'),
      await contact(admin, 'Clara Gast', '2012-01-10'),
    ];
    for (const contactId of guests) {
      const assigned = await admin.post(`/api/bookings/${id}/guests`, { contactId });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    const lines = await localTaxLines(admin, id);
    expect(lines).toContainEqual(['Ortstaxe 10.06.2026', 2, 530, 0]);
    expect(lines).toContainEqual(['Mobilitätsabgabe 12.06.2026', 2, 100, 0]);
    expect(lines).toHaveLength(6);
    expect(sum(lines)).toBe(1890);
    const child = (await booking(admin, id)).guests!.find((guest) => guest.id === guests[2]);
    expect(child!.localTax).toEqual([
      expect.objectContaining({
        name: 'Mobilitätsabgabe',
        amount: 0,
        nights: 0,
        exemptions: [{ exemption: 'age', reason: null }],
      }),
      expect.objectContaining({
        name: 'Ortstaxe',
        amount: 0,
        nights: 0,
        exemptions: [{ exemption: 'age', reason: null }],
      }),
    ]);
    const adult = (await booking(admin, id)).guests!.find((guest) => guest.id === guests[0]);
    expect(adult!.localTax.map((levy) => levy.amount)).toEqual([150, 795]);

    // The invoice shows the local tax apart, as before.
    const invoice = await admin.post('/api/invoices', {
      folioId: parsed(await admin.get('/api/folios', { query: { bookingId: id } }), ZFolioList).data[0]!.id,
      draft: true,
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    expect(parsed(invoice, ZInvoice).localTaxAmount).toBe(1890);
    const deleted = await admin.delete(`/api/invoices/${parsed(invoice, ZInvoice).id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);

    // An adult on a school trip (a reason the Ortstaxe accepts): that levy charges one person.
    const exempted = await admin.patch(`/api/bookings/${id}/guests/${guests[1]}`, {
      localTaxExemption: { reason: 'Schulveranstaltung', note: 'Begleitperson' },
    });
    expect(exempted.statusCode, exempted.body).toBe(200);
    expect(sum(await localTaxLines(admin, id))).toBe(3 * 265 + 2 * 3 * 50);
    const refused = await admin.patch(`/api/bookings/${id}/guests/${guests[1]}`, {
      localTaxExemption: { reason: 'Mondscheintarif', note: null },
    });
    expectProblem(refused, 400, 'validation');

    // The child's birth date corrected to an adult's: charged like one.
    const corrected = await admin.patch(`/api/contacts/${guests[2]}`, { dateOfBirth: '2000-01-10' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(sum(await localTaxLines(admin, id))).toBe(2 * 3 * 265 + 3 * 3 * 50);

    // The exempted adult leaves: the person not assigned yet counts as a guest without details.
    const removed = await admin.delete(`/api/bookings/${id}/guests/${guests[1]}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(sum(await localTaxLines(admin, id))).toBe(3 * 3 * 315);
  });

  test('a work stay over two weeks owes nothing, and the levy report counts its exempt nights', async ({
    demoApp: { client: admin },
    stay,
  }) => {
    const created = await admin.post('/api/bookings', {
      occupancy: 1,
      rateId: stay.rateId,
      roomId: stay.roomIds[nextRoom++],
      checkIn: '2026-07-01',
      checkOut: '2026-07-17',
      isWorkStay: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = parsed(created, ZBooking);
    expect(await localTaxLines(admin, id)).toEqual([]);
    const shortened = await admin.put(`/api/bookings/${id}`, { checkOut: '2026-07-11' });
    expect(shortened.statusCode, shortened.body).toBe(200);
    expect(sum(await localTaxLines(admin, id))).toBe(10 * 315);

    const response = await admin.get('/api/reports/local_tax', { query: { from: '2026-06', to: '2026-07' } });
    expect(response.statusCode, response.body).toBe(200);
    const report = parsed(response, ZLevyReport);
    const ortstaxe = report.rows.filter((row) => row.levyName === 'Ortstaxe');
    expect(ortstaxe.map((row) => [row.month, row.nights, row.persons, row.amount])).toEqual([
      ['2026-06', 3, 9, 3 * 3 * 265],
      ['2026-07', 10, 10, 10 * 265],
    ]);
    const csv = await admin.get('/api/reports/local_tax', {
      query: { from: '2026-06', to: '2026-07', format: 'csv' },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename=local-tax_2026-06_2026-07.csv');
    expect(csv.body).toContain('Monat;Abgabe;Nächte;Personennächte');
    expect(csv.body).toContain('2026-07;Ortstaxe;10;10;0;;0,00;26,50\r\n');
    expectProblem(
      await admin.get('/api/reports/local_tax', { query: { from: '2026-08', to: '2026-07' } }),
      400,
      'validation',
    );
  });

  test('the report counts exempt person-nights by reason', async ({ demoApp: { client: admin }, stay }) => {
    const created = await admin.post('/api/bookings', {
      occupancy: 2,
      rateId: stay.rateId,
      roomId: stay.roomIds[nextRoom++],
      checkIn: '2026-09-01',
      checkOut: '2026-09-03',
    });
    const { id } = parsed(created, ZBooking);
    const child = await contact(admin, 'Kind Gast', '2020-03-03');
    const teacher = await contact(admin, 'Lehrer Gast', '1970-03-03');
    for (const contactId of [child, teacher])
      expect((await admin.post(`/api/bookings/${id}/guests`, { contactId })).statusCode).toBe(200);
    await admin.patch(`/api/bookings/${id}/guests/${teacher}`, {
      localTaxExemption: { reason: 'Kuraufenthalt', note: null },
    });
    const report = parsed(
      await admin.get('/api/reports/local_tax', { query: { from: '2026-09', to: '2026-09' } }),
      ZLevyReport,
    );
    const ortstaxe = report.rows.find((row) => row.levyName === 'Ortstaxe')!;
    expect(ortstaxe).toMatchObject({ nights: 0, persons: 0, amount: 0 });
    expect(ortstaxe.exempt).toEqual([
      { exemption: 'age', reason: null, nights: 2 },
      { exemption: 'reason', reason: 'Kuraufenthalt', nights: 2 },
    ]);
  });
});

describe('the levies in base data', () => {
  test('the demo hotel has its Ortstaxe, mobility levy and the Vienna example', async ({
    demoApp: { client: admin },
  }) => {
    const list = await levies(admin);
    expect(list.map((levy) => [levy.name, levy.active, levy.versions.length])).toEqual([
      ['Mobilitätsabgabe', true, 1],
      ['Ortstaxe', true, 1],
      ['Ortstaxe Wien (Beispiel)', false, 3],
    ]);
    expect(list[2]!.versions.map((version) => [version.validFrom, version.rateBasisPoints])).toEqual([
      ['2025-01-01', 320],
      ['2026-07-01', 500],
      ['2027-07-01', 800],
    ]);
  });

  test('are created, versioned and deleted; overlaps and bad rules are refused', async ({
    demoApp: { client: admin },
  }) => {
    const items = (await admin.get('/api/items'))
      .json<{ data: unknown[] }>()
      .data.map((item) => ZItem.parse(item));
    const localTaxItem = items.find((item) => item.type === 'local_tax')!;
    const breakfast = items.find((item) => item.type === 'food_and_beverage')!;
    expectProblem(
      await admin.post('/api/local_tax_levies', { name: 'Kurtaxe', itemId: breakfast.id }),
      400,
      'local_tax/item_not_local_tax',
    );
    const created = await admin.post('/api/local_tax_levies', {
      name: 'Kurtaxe',
      itemId: localTaxItem.id,
      active: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const levy = parsed(created, ZLevy);
    expectProblem(
      await admin.post('/api/local_tax_levies', { name: 'kurtaxe', itemId: localTaxItem.id }),
      409,
      'local_tax/levy_already_exists',
    );
    const version = {
      validFrom: '2026-01-01',
      validUntil: '2026-12-31',
      chargeKind: 'per_person_night',
      amount: 150,
      ageBelow: 6,
      ageAt: 'key_date',
      ageKeyDate: '01-01',
      nightCap: 21,
      exemptionReasons: ['Behinderung'],
    };
    const first = await admin.post(`/api/local_tax_levies/${levy.id}/versions`, version);
    expect(first.statusCode, first.body).toBe(201);
    expectProblem(
      await admin.post(`/api/local_tax_levies/${levy.id}/versions`, {
        ...version,
        validFrom: '2026-12-31',
        validUntil: null,
      }),
      409,
      'local_tax/version_overlap',
    );
    const second = await admin.post(`/api/local_tax_levies/${levy.id}/versions`, {
      ...version,
      validFrom: '2027-01-01',
      validUntil: null,
      amount: 200,
    });
    expect(second.statusCode, second.body).toBe(201);
    const [, later] = parsed(second, ZLevy).versions;
    const changed = await admin.put(`/api/local_tax_levies/${levy.id}/versions/${later!.id}`, {
      ...version,
      validFrom: '2027-01-01',
      validUntil: null,
      chargeKind: 'percent_of_net',
      amount: null,
      rateBasisPoints: 300,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(parsed(changed, ZLevy).versions[1]).toMatchObject({
      chargeKind: 'percent_of_net',
      rateBasisPoints: 300,
    });
    for (const bad of [
      { ...version, amount: null },
      { ...version, rateBasisPoints: 100 },
      { ...version, validUntil: '2025-01-01' },
      { ...version, ageAt: null },
      { ...version, workStay: 'exempt_after' },
      { ...version, ageKeyDate: '13-01' },
      { ...version, nightCap: 0 },
    ])
      expectProblem(await admin.post(`/api/local_tax_levies/${levy.id}/versions`, bad), 400, 'validation');
    const removed = await admin.delete(`/api/local_tax_levies/${levy.id}/versions/${later!.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(parsed(removed, ZLevy).versions).toHaveLength(1);
    expect((await admin.delete(`/api/local_tax_levies/${levy.id}`)).statusCode).toBe(204);
    expectProblem(await admin.get(`/api/local_tax_levies/${levy.id}`), 404, 'not_found');
  });

  test("refuses staff's changes and another property's levies", async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const [ortstaxe] = (await levies(admin)).filter((levy) => levy.name === 'Ortstaxe');
    const staff = await loginAt(t.app, demo.users.staff, ids[demo.austria]!);
    expect((await staff.get('/api/local_tax_levies')).statusCode).toBe(200);
    expectProblem(
      await staff.put(`/api/local_tax_levies/${ortstaxe!.id}`, { name: 'X', itemId: ortstaxe!.itemId }),
      403,
      'auth/forbidden',
    );
    expectProblem(await staff.delete(`/api/local_tax_levies/${ortstaxe!.id}`), 403, 'auth/forbidden');
    const berlin = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    const berlinLevies = await levies(berlin);
    expect(
      berlinLevies.map((levy) => [levy.name, levy.versions.map((version) => version.rateBasisPoints)]),
    ).toEqual([['City Tax', [500, 750]]]);
    expectProblem(await berlin.get(`/api/local_tax_levies/${ortstaxe!.id}`), 404, 'not_found');
    expectProblem(
      await berlin.delete(`/api/local_tax_levies/${ortstaxe!.id}/versions/${ortstaxe!.versions[0]!.id}`),
      404,
      'not_found',
    );
    expectProblem(
      await berlin.post('/api/local_tax_levies', { name: 'Fremd', itemId: ortstaxe!.itemId }),
      404,
      'not_found',
    );
  });
});
