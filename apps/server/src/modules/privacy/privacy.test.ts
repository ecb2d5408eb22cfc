import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect } from 'vitest';
import {
  addDays,
  todayIn,
  zonedInstant,
  ZBooking,
  ZContact,
  ZErasure,
  ZFile,
  ZFolioList,
  ZInvoice,
  ZPersonalDataExport,
  type TInvoice,
} from '@pms/contract';
import { contacts, events, files, invoices, mailMessages } from '../../db/schema/index.ts';
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
type TDesk = { t: TTestApp; admin: ApiClient; stay: TStayFixture; count: number };

const test = apiTest.extend(
  'desk',
  { scope: 'file' },
  async ({ demoApp: { t, client: admin } }): Promise<TDesk> => {
    const stay = await createStayFixture(admin, {
      roomType: { name: 'Datenschutzzimmer', code: 'DS' },
      rooms: '951-979',
      rate: { name: 'Datenschutzrate', code: 'DS' },
      prices: [10000, 12000],
    });
    return { t, admin, stay, count: 0 };
  },
);
test.afterEach(({ demoApp: { t } }) => {
  t.clock.reset();
});

const address = { line1: 'Lindenstraße 5', postalCode: '10969', city: 'Berlin', country: 'de' };

/**
 * A guest who stayed with a companion: registered in the portal (data, ID picture, signature), checked
 * in, invoiced (PDF and e-invoice rendered) and sent the invoice by e-mail. Both have names of their own.
 */
async function stayedGuest(desk: TDesk) {
  const { t, admin, stay } = desk;
  desk.count += 1;
  const name = `Erika Löschmich${desk.count}`;
  const email = `erika${desk.count}@example.org`;
  const companion = { name: `Otto Anderer${desk.count}`, email: `otto${desk.count}@example.org` };
  const person = parsed(
    await admin.post('/api/contacts', {
      name,
      email,
      phone: '+49 30 1234567',
      dateOfBirth: '1980-02-03',
      nationality: 'de',
      gender: 'female',
      address,
      isDebtor: true,
      documentType: 'passport',
      documentNumber: 'C01X00T47',
      documentIssueDate: '2020-01-01',
      documentIssuingAuthority: 'Stadt Berlin',
    }),
    ZContact,
  );
  t.clock.reset();
  const checkIn = todayIn(zone, t.clock.now());
  const created = await admin.post('/api/bookings', {
    occupancy: 2,
    rateId: stay.rateId,
    roomTypeId: stay.roomTypeId,
    checkIn,
    checkOut: addDays(checkIn, 2),
    customerId: person.id,
  });
  expect(created.statusCode, created.body).toBe(201);
  const bookingId = parsed(created, ZBooking).id;
  const withCompanion = await admin.post(`/api/bookings/${bookingId}/guests`, companion);
  expect(withCompanion.statusCode, withCompanion.body).toBe(200);
  const booking = parsed(
    await admin.get(`/api/bookings/${bookingId}`, { query: { expand: 'link,guests' } }),
    ZBooking,
  );
  const guestIds = booking.guests!.map((guest) => guest.id);
  const companionId = guestIds.find((id) => id !== person.id)!;

  const guest = new PortalGuest(t.app, booking.link!.id);
  const guestData = { gender: 'female', dateOfBirth: '1980-02-03', nationality: 'de', address };
  expect((await guest.patch(`/api/portal/guests/${person.id}`, guestData)).statusCode).toBe(200);
  const companionDocument = {
    documentType: 'id_card',
    documentNumber: 'L01X00T99',
    documentIssueDate: '2019-05-01',
    documentIssuingAuthority: 'Stadt Köln',
  };
  expect(
    (await guest.patch(`/api/portal/guests/${companionId}`, { ...guestData, ...companionDocument }))
      .statusCode,
  ).toBe(200);
  const companionPicture = await guest.upload(
    `/api/portal/contacts/${companionId}/files`,
    'ausweis-otto.png',
    pngBytes(30, 20),
  );
  expect(companionPicture.statusCode, companionPicture.body).toBe(201);
  const picture = await guest.upload(`/api/portal/contacts/${person.id}/files`, 'pass.png', pngBytes(20, 20));
  expect(picture.statusCode, picture.body).toBe(201);
  const signed = await guest.upload(
    '/api/portal/signature',
    'signature.png',
    pngBytes(40, 20),
    'signature',
    'PATCH',
  );
  expect(signed.statusCode, signed.body).toBe(200);
  t.clock.set(zonedInstant(checkIn, '15:30', zone));
  const checkedIn = await guest.post('/api/portal/check_in');
  expect(checkedIn.statusCode, checkedIn.body).toBe(200);

  const folio = parsed(await admin.get('/api/folios', { query: { bookingId } }), ZFolioList).data[0]!;
  const issued = await admin.post('/api/invoices', { folioId: folio.id, closeWithDueAmount: true });
  expect(issued.statusCode, issued.body).toBe(201);
  const invoice = parsed(issued, ZInvoice);
  await t.app.jobRunner.runDue();
  const sent = await admin.post(`/api/invoices/${invoice.id}/send`, {});
  expect(sent.statusCode, sent.body).toBe(202);
  return {
    person,
    name,
    email,
    companion: { ...companion, id: companionId },
    bookingId,
    invoice,
    pictureId: parsed(picture, ZFile).id,
  };
}

async function stored(t: TTestApp, fileId: string): Promise<string | null> {
  const [row] = await t.db.select().from(files).where(eq(files.id, fileId));
  if (!row) return null;
  try {
    return createHash('sha256')
      .update(await buffer(await t.app.context.files.get(row.storageKey)))
      .digest('hex');
  } catch {
    return null;
  }
}

async function invoiceDocuments(t: TTestApp, invoice: TInvoice) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoice.id));
  return { row, pdf: await stored(t, row!.fileId!), xml: await stored(t, row!.xmlFileId!) };
}

describe('an export of a person’s data', () => {
  test('is a ZIP made in the background with every record that names them and nothing of another guest', async ({
    demoApp: { t, client: admin },
    desk,
  }) => {
    const { person, name, email, companion, invoice } = await stayedGuest(desk);
    const requested = await admin.post(`/api/contacts/${person.id}/personal-data-exports`);
    expect(requested.statusCode, requested.body).toBe(202);
    const pending = parsed(requested, ZPersonalDataExport);
    expect(pending).toMatchObject({ status: 'pending', progress: 0, entries: [], expiresAt: null });
    expectProblem(
      await admin.get(`/api/personal-data-exports/${pending.id}/download`),
      409,
      'privacy/export_not_ready',
    );

    await t.app.jobRunner.runDue();
    const done = parsed(await admin.get(`/api/personal-data-exports/${pending.id}`), ZPersonalDataExport);
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    const names = done.entries.map((entry) => entry.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'contact.json',
        'bookings.json',
        'registration-forms.json',
        'invoices.json',
        'messages.json',
        'events.json',
        'notes.json',
        'files/id-documents/pass.png',
        'files/signatures/signature.png',
      ]),
    );
    expect(names.filter((entry) => entry.startsWith('files/invoices/'))).toHaveLength(2);
    expect(
      parsed(
        await admin.get(`/api/contacts/${person.id}/personal-data-exports`),
        ZPersonalDataExport.array(),
      ),
    ).toEqual([expect.objectContaining({ id: pending.id, status: 'done', requestedBy: 'Anna Admin' })]);

    const download = await admin.get(`/api/personal-data-exports/${pending.id}/download`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    expect(Object.keys(zip).sort()).toEqual([...names].sort());
    const json = (entry: string) => JSON.parse(strFromU8(zip[entry]!)) as unknown;
    expect(json('contact.json')).toMatchObject({ id: person.id, name, email, documentNumber: 'C01X00T47' });
    expect(json('invoices.json')).toEqual([
      expect.objectContaining({ number: invoice.number, recipient: name }),
    ]);
    expect(json('messages.json')).toEqual([expect.objectContaining({ kind: 'invoice', to: email })]);
    // The Gästeblatt names the companion too: listed, not copied.
    expect(json('registration-forms.json')).toEqual([expect.objectContaining({ copied: false })]);
    const text = Object.values(zip)
      .map((content) => Buffer.from(content).toString('latin1'))
      .join('\n');
    for (const other of [companion.name, companion.email, companion.id, 'ausweis-otto'])
      expect(text).not.toContain(other);

    const requestedEvents = await t.db.select().from(events).where(eq(events.objectId, person.id));
    expect(requestedEvents.map((event) => event.type)).toEqual(
      expect.arrayContaining(['personal_data_export_requested', 'personal_data_export_downloaded']),
    );

    // The link lasts a day; then the ZIP is deleted.
    t.clock.set(new Date(Date.parse(done.expiresAt!) + 1000));
    expectProblem(
      await admin.get(`/api/personal-data-exports/${pending.id}/download`),
      410,
      'privacy/export_expired',
    );
    await t.app.jobRunner.scheduleRecurring();
    await t.app.jobRunner.runDue();
    const expired = parsed(await admin.get(`/api/personal-data-exports/${pending.id}`), ZPersonalDataExport);
    expect(expired.status).toBe('expired');
  });
});

describe('an erasure', () => {
  test('anonymises the person everywhere, keeps what the law holds byte for byte, and says why', async ({
    demoApp: { t, client: admin, ids },
    desk,
  }) => {
    const { person, name, email, companion, bookingId, invoice, pictureId } = await stayedGuest(desk);
    const before = await invoiceDocuments(t, invoice);
    expect(before.pdf).not.toBeNull();
    expect(await stored(t, pictureId)).not.toBeNull();

    const earlier = parsed(
      await admin.post(`/api/contacts/${person.id}/personal-data-exports`),
      ZPersonalDataExport,
    );
    await t.app.jobRunner.runDue();

    const response = await admin.post(`/api/contacts/${person.id}/erasure`);
    expect(response.statusCode, response.body).toBe(200);
    const erasure = parsed(response, ZErasure);
    expect(erasure.kept).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ record: 'invoice', label: invoice.number, reference: 'BAO § 132 (1)' }),
        expect.objectContaining({
          record: 'registration_form',
          reference: 'MeldeG § 10 (2), MeldeV § 19 (4)',
        }),
        expect.objectContaining({ record: 'message', label: invoice.number }),
      ]),
    );
    expect(erasure.deletedFiles).toBe(1);
    // An invoice of this year is held to the end of the seventh year after it.
    const year = Number(todayIn(zone, t.clock.now()).slice(0, 4));
    expect(erasure.kept.find((kept) => kept.record === 'invoice')!.heldUntil).toBe(`${year + 7}-12-31`);
    // The export made before holds what was erased: it is gone too.
    expectProblem(
      await admin.get(`/api/personal-data-exports/${earlier.id}/download`),
      410,
      'privacy/export_expired',
    );

    const after = await invoiceDocuments(t, invoice);
    expect(after).toEqual(before);
    expect(await stored(t, pictureId)).toBeNull();
    const contact = parsed(await admin.get(`/api/contacts/${person.id}`), ZContact);
    expect(contact).toMatchObject({
      name: 'Anonymisiert',
      email: null,
      phone: null,
      dateOfBirth: null,
      documentNumber: null,
      address: { country: 'de' },
    });
    const [companionRow] = await t.db.select().from(contacts).where(eq(contacts.id, companion.id));
    expect(companionRow!.name).toBe(companion.name);
    const booking = parsed(
      await admin.get(`/api/bookings/${bookingId}`, { query: { expand: 'guests' } }),
      ZBooking,
    );
    expect(booking.guests!.map((guest) => guest.name)).toEqual(
      expect.arrayContaining(['Anonymisiert', companion.name]),
    );
    for (const text of [name, email, 'C01X00T47']) {
      const search = await admin.get('/api/search', { query: { query: text } });
      expect(search.statusCode, search.body).toBe(200);
      expect(search.json<{ count: number }>().count, text).toBe(0);
    }
    const rows = await t.db.select().from(contacts).where(eq(contacts.propertyId, ids[demo.austria]!));
    expect(JSON.stringify(rows)).not.toContain(name);
    // The invoice's e-mail is kept with the invoice.
    const messages = await t.db.select().from(mailMessages).where(eq(mailMessages.invoiceId, invoice.id));
    expect(messages[0]!.toAddress).toBe(email);

    // The erased contact stays anonymous: a returning guest is a new contact.
    expectProblem(
      await admin.patch(`/api/contacts/${person.id}`, { email: 'zurueck@example.org' }),
      409,
      'privacy/contact_erased',
    );
    expect((await admin.patch(`/api/contacts/${person.id}`, { isDebtor: false })).statusCode).toBe(200);
    expectProblem(await admin.post(`/api/contacts/${person.id}/files/${pictureId}`), 404, 'not_found');

    const again = parsed(await admin.post(`/api/contacts/${person.id}/erasure`), ZErasure);
    expect(again.id).toBe(erasure.id);
    const read = await admin.get(`/api/contacts/${person.id}/erasure`);
    expect(read.json<{ erasure: { id: string } }>().erasure.id).toBe(erasure.id);
    expectProblem(
      await admin.post(`/api/contacts/${person.id}/personal-data-exports`),
      409,
      'privacy/contact_erased',
    );
  });

  test('is applied again when the app starts on a backup taken before it', async ({
    demoApp: { t, client: admin, ids },
    desk,
  }) => {
    const { person, name, pictureId, invoice } = await stayedGuest(desk);
    const before = await invoiceDocuments(t, invoice);
    const backup = await t.backup();
    expect((await admin.post(`/api/contacts/${person.id}/erasure`)).statusCode).toBe(200);

    const restored = await backup.start();
    const [row] = await restored.context.db.select().from(contacts).where(eq(contacts.id, person.id));
    expect(row).toMatchObject({ name: 'Anonymisiert', email: null, dateOfBirth: null, documentNumber: null });
    const [picture] = await restored.context.db.select().from(files).where(eq(files.id, pictureId));
    expect(picture!.deletedAt).not.toBeNull();
    const [invoiceRow] = await restored.context.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(invoiceRow).toEqual(before.row);
    const search = await (
      await loginAt(restored, demo.users.admin, ids[demo.austria]!)
    ).get('/api/search', {
      query: { query: name },
    });
    expect(search.json<{ count: number }>().count).toBe(0);
  });
});

describe('privacy refusals', () => {
  test('only admins of the contact’s property export and erase', async ({
    demoApp: { t, client: admin, ids },
    desk,
  }) => {
    const { person } = await stayedGuest(desk);
    for (const email of [demo.users.manager, demo.users.staff]) {
      const other = await loginAt(t.app, email, ids[demo.austria]!);
      expectProblem(
        await other.post(`/api/contacts/${person.id}/personal-data-exports`),
        403,
        'auth/forbidden',
      );
      expectProblem(await other.post(`/api/contacts/${person.id}/erasure`), 403, 'auth/forbidden');
      expectProblem(
        await other.get(`/api/contacts/${person.id}/personal-data-exports`),
        403,
        'auth/forbidden',
      );
    }
    const anonymous = new ApiClient(t.app);
    expectProblem(await anonymous.post(`/api/contacts/${person.id}/erasure`), 401, 'auth/unauthenticated');
    const exported = parsed(
      await admin.post(`/api/contacts/${person.id}/personal-data-exports`),
      ZPersonalDataExport,
    );

    const germany = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expectProblem(await germany.post(`/api/contacts/${person.id}/erasure`), 404, 'not_found');
    expectProblem(await germany.post(`/api/contacts/${person.id}/personal-data-exports`), 404, 'not_found');
    expectProblem(await germany.get(`/api/personal-data-exports/${exported.id}`), 404, 'not_found');
    expectProblem(await germany.get(`/api/personal-data-exports/${exported.id}/download`), 404, 'not_found');
    expectProblem(await admin.post('/api/contacts/not-an-id/erasure'), 400, 'validation');
    const [row] = await t.db.select().from(contacts).where(eq(contacts.id, person.id));
    expect(row!.name).not.toBe('Anonymisiert');
  });
});
