import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import {
  addDays,
  maxFileSize,
  todayIn,
  ZBooking,
  ZContact,
  ZIdDocumentAnalysis,
  zonedInstant,
  type TBooking,
} from '@pms/contract';
import { bookingLinks } from '../../db/schema/index.ts';
import {
  ApiClient,
  createStayFixture,
  demo,
  expectProblem,
  loginAt,
  multipartBody,
  parsed,
  pdfBytes,
  pngBytes,
  type TStayFixture,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const zone = 'Europe/Vienna';
const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/ids/${name}`, import.meta.url));

const test = apiTest.extend('stayed', { scope: 'file', auto: true }, async ({ demoApp }) => {
  const { client: admin } = demoApp;
  const stay = await createStayFixture(admin, {
    roomType: { name: 'Ausweiszimmer', code: 'AW' },
    rooms: '951-960',
    rate: { name: 'Ausweisrate', code: 'AW' },
    prices: [10000, 12000],
  });
  return { stay };
});
test.afterEach(({ demoApp: { t } }) => {
  t.clock.reset();
});

/** Posts a picture as the portal does: multipart part `file` and the Link-Id header, no cookie. */
function guestUpload(t: TTestApp, linkId: string | null, name: string, content: Buffer) {
  const { payload, contentType } = multipartBody({ name, content });
  const headers: Record<string, string> = { 'content-type': contentType };
  if (linkId !== null) headers['link-id'] = linkId;
  return new ApiClient(t.app).request('POST', '/api/portal/ids/analyze', payload, { headers });
}

async function newBooking(
  t: TTestApp,
  admin: ApiClient,
  stay: TStayFixture,
): Promise<TBooking & { link: { id: string } }> {
  const customer = await admin.post('/api/contacts', { name: `Ausweis Gast ${crypto.randomUUID()}` });
  const checkIn = todayIn(zone, t.clock.now());
  const created = await admin.post('/api/bookings', {
    occupancy: 1,
    rateId: stay.rateId,
    roomTypeId: stay.roomTypeId,
    checkIn,
    checkOut: addDays(checkIn, 1),
    customerId: parsed(customer, ZContact).id,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = parsed(created, ZBooking).id;
  return (await admin.get(`/api/bookings/${id}`, { query: { expand: 'link' } })).json();
}

describe('POST /api/ids/analyze', () => {
  test('reads a passport for staff who may edit contacts', async ({ demoApp: { client: admin } }) => {
    const response = await admin.upload('/api/ids/analyze', {
      name: 'pass.png',
      content: fixture('td3-passport.png'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(parsed(response, ZIdDocumentAnalysis)).toMatchObject({
      type: 'passport',
      documentNumber: 'L898902C3',
      firstName: 'ANNA',
      lastName: 'ERIKSSON',
      dateOfIssue: null,
      address: null,
      checks: { documentNumber: true, dateOfBirth: true, expirationDate: true, composite: true },
    });
  });

  test('is refused to roles that may not edit contacts, before the picture is read', async ({
    demoApp: { t, ids },
  }) => {
    for (const role of ['cleaning', 'catering'] as const) {
      const user = await loginAt(t.app, demo.users[role], ids[demo.austria]!);
      const response = await user.upload('/api/ids/analyze', {
        name: 'pass.png',
        content: fixture('td3-passport.png'),
      });
      expectProblem(response, 403, 'auth/forbidden');
    }
    const anonymous = new ApiClient(t.app);
    expectProblem(
      await anonymous.upload('/api/ids/analyze', { name: 'a.png', content: fixture('td3-passport.png') }),
      401,
      'auth/unauthenticated',
    );
  });

  test('needs the XSRF header of the session', async ({ demoApp: { client: admin } }) => {
    const response = await admin.upload(
      '/api/ids/analyze',
      { name: 'pass.png', content: fixture('td3-passport.png') },
      { xsrf: false },
    );
    expectProblem(response, 403, 'auth/xsrf_invalid');
  });

  test('answers 400 for no file, and refuses what is no picture or too large', async ({
    demoApp: { client: admin },
  }) => {
    expectProblem(await admin.post('/api/ids/analyze', { file: 'x' }), 400, 'validation');
    expectProblem(
      await admin.upload('/api/ids/analyze', {
        name: 'pass.png',
        content: fixture('td3-passport.png'),
        field: 'picture',
      }),
      400,
      'validation',
    );
    expectProblem(
      await admin.upload('/api/ids/analyze', {
        name: 'pass.txt',
        content: Buffer.from('P<UTOERIKSSON<<ANNA'),
      }),
      415,
      'file/type_not_allowed',
    );
    expectProblem(
      await admin.upload('/api/ids/analyze', { name: 'pass.pdf', content: pdfBytes() }),
      415,
      'file/type_not_allowed',
    );
    expectProblem(
      await admin.upload('/api/ids/analyze', { name: 'big.png', content: Buffer.alloc(maxFileSize + 1) }),
      413,
      'file/too_large',
    );
  });

  test('refuses a picture of extreme dimensions from its header, before decoding it', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    // 9.8 KB of PNG that would unpack to one pixel wide and five million high.
    const sliver = pngBytes(1, 5_000_000);
    const started = Date.now();
    expectProblem(
      await admin.upload('/api/ids/analyze', { name: 'sliver.png', content: sliver }),
      400,
      'file/image_dimensions',
    );
    const booking = await newBooking(t, admin, stay);
    expectProblem(await guestUpload(t, booking.link.id, 'sliver.png', sliver), 400, 'file/image_dimensions');
    expect(Date.now() - started).toBeLessThan(5_000);
    for (const [width, height] of [
      [12_000, 10],
      [8_000, 300],
    ] as const) {
      expectProblem(
        await admin.upload('/api/ids/analyze', { name: 'wide.png', content: pngBytes(width, height) }),
        400,
        'file/image_dimensions',
      );
    }
  });

  test('answers id/no_document_found for a picture without a machine readable zone', async ({
    demoApp: { client: admin },
  }) => {
    const response = await admin.upload('/api/ids/analyze', {
      name: 'lodge.png',
      content: fixture('no-document.png'),
    });
    expectProblem(response, 400, 'id/no_document_found');
  });
});

describe('POST /api/portal/ids/analyze', () => {
  test('reads an identity card for the guest of a booking link', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const booking = await newBooking(t, admin, stay);
    const response = await guestUpload(t, booking.link.id, 'ausweis.png', fixture('german-id-card.png'));
    expect(response.statusCode, response.body).toBe(200);
    expect(parsed(response, ZIdDocumentAnalysis)).toMatchObject({
      type: 'id_card',
      firstName: 'ERIKA',
      lastName: 'MUSTERMANN',
      nationality: 'de',
      dateOfBirth: '1964-08-12',
    });
  });

  test('answers guests who send pictures at the same time each with their own document', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const [first, second] = [await newBooking(t, admin, stay), await newBooking(t, admin, stay)];
    const [card, passport] = await Promise.all([
      guestUpload(t, first.link.id, 'card.png', fixture('td1-id-card.png')),
      guestUpload(t, second.link.id, 'pass.png', fixture('austrian-passport.png')),
    ]);
    expect(parsed(card, ZIdDocumentAnalysis)).toMatchObject({ documentNumber: 'D23145890', format: 'td1' });
    expect(parsed(passport, ZIdDocumentAnalysis)).toMatchObject({
      documentNumber: 'P4366918',
      lastName: 'MITREISEND',
      nationality: 'at',
      sex: 'male',
    });
  });

  test('reads one picture of a link at a time: a second one meanwhile is refused with 429', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const booking = await newBooking(t, admin, stay);
    // The picture without a document is read twice (its bottom, then whole): the slowest to hold the link.
    const [first, second] = await Promise.all([
      guestUpload(t, booking.link.id, 'lodge.png', fixture('no-document.png')),
      guestUpload(t, booking.link.id, 'lodge.png', fixture('no-document.png')),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([400, 429]);
    const refused = first.statusCode === 429 ? first : second;
    expectProblem(refused, 429, 'portal/too_many_requests');
    expect((await guestUpload(t, booking.link.id, 'card.png', fixture('td1-id-card.png'))).statusCode).toBe(
      200,
    );
  });

  test('needs a valid link: none, unknown, expired or revoked is refused', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const picture = fixture('td1-id-card.png');
    expectProblem(await guestUpload(t, null, 'id.png', picture), 401, 'auth/unauthenticated');
    expectProblem(await guestUpload(t, crypto.randomUUID(), 'id.png', picture), 404, 'portal/link_not_found');
    const expired = await newBooking(t, admin, stay);
    t.clock.set(zonedInstant(addDays(expired.checkOut, 1), '12:00', zone));
    expectProblem(await guestUpload(t, expired.link.id, 'id.png', picture), 410, 'portal/link_expired');
    t.clock.reset();
    const revoked = await newBooking(t, admin, stay);
    await t.db
      .update(bookingLinks)
      .set({ revokedAt: new Date() })
      .where(eq(bookingLinks.bookingId, revoked.id));
    expectProblem(await guestUpload(t, revoked.link.id, 'id.png', picture), 410, 'portal/link_revoked');
  });

  test('is not reached with a staff session instead of a link', async ({ demoApp: { client: admin } }) => {
    const response = await admin.upload('/api/portal/ids/analyze', {
      name: 'id.png',
      content: fixture('td1-id-card.png'),
    });
    expectProblem(response, 401, 'auth/unauthenticated');
  });

  test('refuses a text file and a picture without a document like the staff route', async ({
    demoApp: { t, client: admin },
    stayed: { stay },
  }) => {
    const booking = await newBooking(t, admin, stay);
    expectProblem(
      await guestUpload(t, booking.link.id, 'id.txt', Buffer.from('hello')),
      415,
      'file/type_not_allowed',
    );
    expectProblem(
      await guestUpload(t, booking.link.id, 'lodge.png', fixture('no-document.png')),
      400,
      'id/no_document_found',
    );
  });
});
