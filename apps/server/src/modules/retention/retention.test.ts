import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  addDays,
  todayIn,
  ZBooking,
  ZContact,
  ZFile,
  ZFileUrl,
  ZInvoice,
  zonedInstant,
  ZPaged,
  ZRetentionLogEntry,
  ZRetentionRule,
} from '@pms/contract';
import { bookings, contactFiles, contacts, events, files, folios, invoices } from '../../db/schema/index.ts';
import { addPeriod } from '../../lib/retention.ts';
import {
  createStayFixture,
  demo,
  expectProblem,
  login,
  loginAt,
  parsed,
  pngBytes,
  PortalGuest,
  type ApiClient,
  type TStayFixture,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { applyRetentionEverywhere } from './index.ts';

type TDesk = { client: ApiClient; stay: TStayFixture; zone: string; checkInTime: string };

const test = apiTest.extend('desks', { scope: 'file' }, async ({ demoApp: { t, client, ids } }) => {
  const german = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
  const fixture = (admin: ApiClient, code: string) =>
    createStayFixture(admin, {
      roomType: { name: `Aufbewahrung ${code}`, code },
      rooms: code === 'AUF' ? '1701-1730' : '1801-1830',
      rate: { name: `Aufbewahrungsrate ${code}`, code },
      prices: [10000, 12000],
    });
  return {
    austria: { client, stay: await fixture(client, 'AUF'), zone: 'Europe/Vienna', checkInTime: '15:30' },
    germany: {
      client: german,
      stay: await fixture(german, 'AUG'),
      zone: 'Europe/Berlin',
      checkInTime: '14:30',
    },
  } satisfies Record<string, TDesk>;
});
test.afterEach(({ demoApp: { t } }) => {
  t.clock.reset();
});

let guestNumber = 0;
const completeGuest = {
  gender: 'female',
  dateOfBirth: '1985-04-12',
  nationality: 'at',
  address: { line1: 'Getreidegasse 9', postalCode: '5020', city: 'Salzburg', country: 'at' },
  documentType: 'passport',
  documentNumber: 'P1234567',
  documentIssueDate: '2020-01-15',
  documentIssuingAuthority: 'BH Salzburg',
};

/** A stay from today for a new debtor customer, registered through the portal (ID picture and signature). */
async function registeredStay(t: TTestApp, desk: TDesk) {
  guestNumber++;
  const name = `Aufbewahrung Gast ${guestNumber}`;
  const email = `aufbewahrung-${guestNumber}@retention.example`;
  const today = todayIn(desk.zone, t.clock.now());
  t.clock.set(zonedInstant(today, desk.checkInTime, desk.zone));
  const customerId = parsed(
    await desk.client.post('/api/contacts', { name, email, isDebtor: true }),
    ZContact,
  ).id;
  const created = await desk.client.post('/api/bookings', {
    occupancy: 1,
    rateId: desk.stay.rateId,
    roomTypeId: desk.stay.roomTypeId,
    checkIn: today,
    checkOut: addDays(today, 2),
    customerId,
  });
  expect(created.statusCode, created.body).toBe(201);
  const booking = parsed(
    await desk.client.get(`/api/bookings/${parsed(created, ZBooking).id}`, { query: { expand: 'link' } }),
    ZBooking,
  );
  const guest = new PortalGuest(t.app, booking.link!.id);
  expect((await guest.patch(`/api/portal/guests/${customerId}`, completeGuest)).statusCode).toBe(200);
  const picture = parsed(
    await guest.upload(`/api/portal/contacts/${customerId}/files`, 'pass.png', pngBytes(20, 20)),
    ZFile,
  );
  const signed = await guest.upload(
    '/api/portal/signature',
    'signature.png',
    pngBytes(40, 20),
    'signature',
    'PATCH',
  );
  expect(signed.statusCode, signed.body).toBe(200);
  return { today, name, email, customerId, bookingId: booking.id, guest, pictureId: picture.id };
}

/** Runs the retention job of every property as on a day (its run of that day, once). */
async function runRetentionOn(t: TTestApp, day: string, zone = 'Europe/Vienna') {
  t.clock.set(zonedInstant(day, '03:00', zone));
  await applyRetentionEverywhere(t.app.context);
}

async function bookingRow(t: TTestApp, id: string) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

async function fileRow(t: TTestApp, id: string) {
  const [row] = await t.db.select().from(files).where(eq(files.id, id));
  return row!;
}

/** Whether the file store still has a file's content. */
async function isStored(t: TTestApp, id: string): Promise<boolean> {
  const row = await fileRow(t, id);
  return t.app.context.files.get(row.storageKey).then(
    async (stream) => {
      for await (const _chunk of stream) break;
      return true;
    },
    () => false,
  );
}

/** The day (local) a file was made: an Austrian registration's entry. */
async function createdOn(t: TTestApp, id: string, zone: string): Promise<string> {
  return todayIn(zone, (await fileRow(t, id)).createdAt);
}

describe('the retention job', () => {
  test('deletes an Austrian registration form and signature 7 years and a day after the entry, keeps the stay’s invoice byte for byte', async ({
    demoApp: { t },
    desks: { austria },
  }) => {
    const stay = await registeredStay(t, austria);
    const guest = stay.guest;
    expect((await guest.post('/api/portal/check_in')).statusCode).toBe(200);
    const checkedOut = await austria.client.post(
      `/api/bookings/${stay.bookingId}/actions/check_out`,
      undefined,
      {
        query: { shortenStay: 'false', confirmDueAmount: 'true' },
      },
    );
    expect(checkedOut.statusCode, checkedOut.body).toBe(200);
    const [folio] = await t.db.select().from(folios).where(eq(folios.bookingId, stay.bookingId));
    const issued = await austria.client.post('/api/invoices', {
      folioId: folio!.id,
      closeWithDueAmount: true,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const invoiceId = parsed(issued, ZInvoice).id;
    await t.app.jobRunner.runDue();
    const documents = async () => ({
      pdf: (await austria.client.get(`/api/invoices/${invoiceId}/pdf`)).rawPayload,
      xml: (await austria.client.get(`/api/invoices/${invoiceId}/xml`)).rawPayload,
      row: (await t.db.select().from(invoices).where(eq(invoices.id, invoiceId)))[0],
    });
    const before = await documents();
    expect(before.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const booked = await bookingRow(t, stay.bookingId);
    const form = booked.registrationFileId!;
    const signature = booked.signatureFileId!;
    const entry = await createdOn(t, form, austria.zone);

    await runRetentionOn(t, addPeriod(entry, { years: 7, months: 0, days: 0 }));
    expect(await bookingRow(t, stay.bookingId)).toMatchObject({
      registrationFileId: form,
      signatureFileId: signature,
    });
    expect(await isStored(t, form)).toBe(true);

    await runRetentionOn(t, addPeriod(entry, { years: 7, months: 0, days: 1 }));
    expect(await bookingRow(t, stay.bookingId)).toMatchObject({
      registrationFileId: null,
      signatureFileId: null,
    });
    for (const id of [form, signature]) {
      expect((await fileRow(t, id)).deletedAt).not.toBeNull();
      expect(await isStored(t, id)).toBe(false);
    }
    const after = await documents();
    expect(after.pdf.equals(before.pdf)).toBe(true);
    expect(after.xml.equals(before.xml)).toBe(true);
    expect(after.row).toEqual(before.row);
    // The stay ended 7 years ago, but the invoice naming the guest is still in its period (end of year + 7).
    const [customer] = await t.db.select().from(contacts).where(eq(contacts.id, stay.customerId));
    expect(customer).toMatchObject({ name: stay.name, email: stay.email });

    const log = parsed(
      await austria.client.get('/api/retention_log', { query: { pageSize: '100' } }),
      ZPaged(ZRetentionLogEntry),
    );
    expect(log.data).toContainEqual(
      expect.objectContaining({
        record: 'registration_form',
        objectType: 'booking',
        objectId: stay.bookingId,
        action: 'deleted',
        fileCount: 2,
      }),
    );
    const text = JSON.stringify(log);
    expect(text).not.toContain(stay.name);
    expect(text).not.toContain(stay.email);
  });

  test('deletes a German Meldeschein within 3 months after its year from the arrival', async ({
    demoApp: { t },
    desks: { germany },
  }) => {
    const stay = await registeredStay(t, germany);
    const checkedIn = await stay.guest.post('/api/portal/check_in');
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    const { registrationFileId: form, signatureFileId: signature } = await bookingRow(t, stay.bookingId);
    expect(form).not.toBeNull();

    await runRetentionOn(t, addPeriod(stay.today, { years: 1, months: 0, days: 0 }), germany.zone);
    expect(await bookingRow(t, stay.bookingId)).toMatchObject({
      registrationFileId: form,
      signatureFileId: signature,
    });

    await runRetentionOn(t, addPeriod(stay.today, { years: 1, months: 3, days: 0 }), germany.zone);
    expect(await bookingRow(t, stay.bookingId)).toMatchObject({
      registrationFileId: null,
      signatureFileId: null,
    });
    expect(await isStored(t, form!)).toBe(false);
    expect(await isStored(t, signature!)).toBe(false);
  });

  test('deletes ID pictures 7 days after the data read from them was confirmed, keeps one not confirmed', async ({
    demoApp: { t },
    desks: { austria },
  }) => {
    const stay = await registeredStay(t, austria);
    // The guest confirms the registration (with the data read from the picture) before arrival.
    expect((await stay.guest.post('/api/portal/pre_check_in')).statusCode).toBe(200);
    const [link] = await t.db.select().from(contactFiles).where(eq(contactFiles.fileId, stay.pictureId));
    expect(link!.confirmedAt).not.toBeNull();
    // Staff add a second picture to the contact, not confirmed and for no stay.
    const staffPicture = parsed(
      await austria.client.upload(
        '/api/files',
        { name: 'ausweis.png', content: pngBytes(30, 20) },
        {
          query: { purpose: 'id_document' },
        },
      ),
      ZFile,
    );
    expect(
      (await austria.client.post(`/api/contacts/${stay.customerId}/files/${staffPicture.id}`)).statusCode,
    ).toBe(201);

    await runRetentionOn(t, addDays(stay.today, 7));
    expect(await isStored(t, stay.pictureId)).toBe(true);
    await runRetentionOn(t, addDays(stay.today, 8));
    expect(await isStored(t, stay.pictureId)).toBe(false);
    expect((await fileRow(t, stay.pictureId)).deletedAt).not.toBeNull();
    expect(await isStored(t, staffPicture.id)).toBe(true);

    // Staff confirm the second picture's data: it goes 7 days later.
    t.clock.set(zonedInstant(addDays(stay.today, 20), '10:00', austria.zone));
    const confirmed = await austria.client.post(
      `/api/contacts/${stay.customerId}/files/${staffPicture.id}/confirm`,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    await runRetentionOn(t, addDays(stay.today, 27));
    expect(await isStored(t, staffPicture.id)).toBe(true);
    await runRetentionOn(t, addDays(stay.today, 28));
    expect(await isStored(t, staffPicture.id)).toBe(false);
    const documents = (await austria.client.get(`/api/contacts/${stay.customerId}/files`)).json<{
      data: unknown[];
    }>();
    expect(documents.data).toEqual([]);
  });

  test('anonymises a guest profile 3 years after its last stay, not a day before', async ({
    demoApp: { t },
    desks: { austria },
  }) => {
    const name = 'Aufbewahrung Ohne Aufenthalt';
    const email = 'ohne-aufenthalt@retention.example';
    const contact = parsed(
      await austria.client.post('/api/contacts', {
        name,
        email,
        phone: '+43 660 1234567',
        dateOfBirth: '1970-01-02',
        nationality: 'de',
        address: { line1: 'Hauptstraße 1', postalCode: '5020', city: 'Salzburg', country: 'at' },
      }),
      ZContact,
    );
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, contact.id));
    const made = todayIn(austria.zone, row!.createdAt);
    await runRetentionOn(t, addPeriod(made, { years: 3, months: 0, days: 0 }));
    expect((await t.db.select().from(contacts).where(eq(contacts.id, contact.id)))[0]).toMatchObject({
      name,
    });
    await runRetentionOn(t, addPeriod(made, { years: 3, months: 0, days: 1 }));
    const [anonymised] = await t.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(anonymised).toMatchObject({
      name: 'Anonymisiert',
      email: null,
      phone: null,
      dateOfBirth: null,
      nationality: null,
      address: {},
    });
    const log = JSON.stringify(
      (await austria.client.get('/api/retention_log', { query: { pageSize: '100' } })).json(),
    );
    expect(log).toContain(contact.id);
    expect(log).not.toContain(name);
    expect(log).not.toContain(email);
  });

  test('run by two instances at once, does each record once', async ({
    demoApp: { t },
    desks: { austria },
  }) => {
    const stays = [await registeredStay(t, austria), await registeredStay(t, austria)];
    for (const stay of stays)
      expect((await stay.guest.post('/api/portal/pre_check_in')).statusCode).toBe(200);
    const other = await t.startInstance();
    const day = addDays(stays[0]!.today, 40);
    t.clock.set(zonedInstant(day, '03:00', austria.zone));
    await Promise.all([applyRetentionEverywhere(t.app.context), applyRetentionEverywhere(other.context)]);
    const log = parsed(
      await austria.client.get('/api/retention_log', { query: { pageSize: '100' } }),
      ZPaged(ZRetentionLogEntry),
    );
    for (const stay of stays) {
      expect(await isStored(t, stay.pictureId)).toBe(false);
      expect(log.data.filter((entry) => entry.objectId === stay.pictureId)).toHaveLength(1);
    }
    await other.close();
  });
});

describe('the retention rules', () => {
  test('are read and changed by admins, with a reference that cannot be blanked and no period below 0', async ({
    demoApp: { t, ids },
    desks: { austria, germany },
  }) => {
    const rules = parsed(
      await austria.client.get('/api/retention_rules'),
      ZPaged(ZRetentionRule).pick({ data: true }),
    );
    expect(rules.data.map((rule) => [rule.record, rule.reference])).toEqual([
      ['registration_form', 'MeldeG § 10 (2), MeldeV § 19 (4)'],
      ['id_picture', 'DSGVO Art. 5 (1) c, e'],
      ['accounting_record', 'BAO § 132 (1)'],
      ['guest_profile', 'DSGVO Art. 5 (1) e, Art. 17'],
    ]);
    const change = { years: 0, months: 0, days: 3, graceMonths: 0, reference: 'DSGVO Art. 5 (1) c' };
    const changed = await austria.client.put('/api/retention_rules/id_picture', change);
    expect(parsed(changed, ZRetentionRule)).toMatchObject(change);
    expectProblem(
      await austria.client.put('/api/retention_rules/id_picture', { ...change, reference: '   ' }),
      400,
      'validation',
    );
    expectProblem(
      await austria.client.put('/api/retention_rules/id_picture', { ...change, days: -1 }),
      400,
      'validation',
    );
    expectProblem(await austria.client.put('/api/retention_rules/cookies', change), 400, 'validation');
    // The German property's rule stays as it was.
    const german = parsed(
      await germany.client.get('/api/retention_rules'),
      ZPaged(ZRetentionRule).pick({ data: true }),
    );
    expect(german.data.find((rule) => rule.record === 'id_picture')).toMatchObject({ days: 7 });
    await austria.client.put('/api/retention_rules/id_picture', {
      ...change,
      days: 7,
      reference: 'DSGVO Art. 5 (1) c, e',
    });

    for (const email of [demo.users.manager, demo.users.staff, demo.users.cleaning]) {
      const user = await loginAt(t.app, email, ids[demo.austria]!);
      expectProblem(await user.get('/api/retention_rules'), 403, 'auth/forbidden');
      expectProblem(await user.put('/api/retention_rules/id_picture', change), 403, 'auth/forbidden');
      expectProblem(await user.get('/api/retention_log'), 403, 'auth/forbidden');
    }
  });
});

describe('an ID picture in the staff area', () => {
  test('is shown only with a reason, which the contact’s history keeps', async ({
    demoApp: { t, ids },
    desks: { austria, germany },
  }) => {
    const stay = await registeredStay(t, austria);
    const plain = await austria.client.get(`/api/files/${stay.pictureId}/content`);
    expectProblem(plain, 403, 'file/id_picture_hidden');
    expectProblem(
      await austria.client.get(`/api/files/${stay.pictureId}/url`),
      403,
      'file/id_picture_hidden',
    );
    const reveal = `/api/contacts/${stay.customerId}/files/${stay.pictureId}/reveal`;
    expectProblem(await austria.client.post(reveal, {}), 400, 'validation');
    expectProblem(await austria.client.post(reveal, { reason: '  ' }), 400, 'validation');
    const staff = await login(t.app, demo.users.staff);
    const shown = parsed(await staff.post(reveal, { reason: 'Ausweis beim Check-in vergleichen' }), ZFileUrl);
    const download = await staff.get(shown.url.replace(/^https?:\/\/[^/]+/, ''));
    expect(download.statusCode, shown.url).toBe(200);
    const [event] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.objectId, stay.customerId), eq(events.type, 'document_revealed')));
    expect(event).toMatchObject({
      data: { fileId: stay.pictureId, reason: 'Ausweis beim Check-in vergleichen' },
    });
    // Another property's staff find neither the contact nor the picture.
    expectProblem(await germany.client.post(reveal, { reason: 'Neugier' }), 404, 'not_found');
    const cleaning = await loginAt(t.app, demo.users.cleaning, ids[demo.austria]!);
    expectProblem(await cleaning.post(reveal, { reason: 'Neugier' }), 403, 'auth/forbidden');
    // The guest still sees their own upload in the portal.
    const own = await stay.guest.get(`/api/portal/files/${stay.pictureId}/content`);
    expect(own.statusCode, own.body).toBe(200);
  });
});
