import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  maxFileSize,
  todayIn,
  ZBooking,
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
  startDemoApp,
  type TStayFixture,
  type TTestApp,
} from '../../../test/helpers.ts';

const zone = 'Europe/Vienna';
const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/ids/${name}`, import.meta.url));
let t: TTestApp;
let admin: ApiClient;
let ids: Record<string, string>;
let stay: TStayFixture;

beforeAll(async () => {
  ({ t, client: admin, ids } = await startDemoApp());
  stay = await createStayFixture(admin, {
    roomType: { name: 'Ausweiszimmer', code: 'AW' },
    rooms: '951-960',
    rate: { name: 'Ausweisrate', code: 'AW' },
    prices: [10000, 12000],
  });
}, 60_000);
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  t.clock.reset();
});

/** Posts a picture as the portal does: multipart part `file` and the Link-Id header, no cookie. */
function guestUpload(linkId: string | null, name: string, content: Buffer) {
  const { payload, contentType } = multipartBody({ name, content });
  const headers: Record<string, string> = { 'content-type': contentType };
  if (linkId !== null) headers['link-id'] = linkId;
  return new ApiClient(t.app).request('POST', '/api/portal/ids/analyze', payload, { headers });
}

async function newBooking(): Promise<TBooking & { link: { id: string } }> {
  const customer = await admin.post('/api/contacts', { name: `Ausweis Gast ${crypto.randomUUID()}` });
  const checkIn = todayIn(zone, t.clock.now());
  const created = await admin.post('/api/bookings', {
    occupancy: 1,
    rateId: stay.rateId,
    roomTypeId: stay.roomTypeId,
    checkIn,
    checkOut: addDays(checkIn, 1),
    customerId: customer.json<{ id: string }>().id,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = parsed(created, ZBooking).id;
  return (await admin.get(`/api/bookings/${id}`, { query: { expand: 'link' } })).json();
}

describe('POST /api/ids/analyze', () => {
  it('reads a passport for staff who may edit contacts', async () => {
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

  it('is refused to roles that may not edit contacts, before the picture is read', async () => {
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

  it('needs the XSRF header of the session', async () => {
    const response = await admin.upload(
      '/api/ids/analyze',
      { name: 'pass.png', content: fixture('td3-passport.png') },
      { xsrf: false },
    );
    expectProblem(response, 403, 'auth/xsrf_invalid');
  });

  it('answers 400 for no file, and refuses what is no picture or too large', async () => {
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

  it('refuses a picture of extreme dimensions from its header, before decoding it', async () => {
    // 9.8 KB of PNG that would unpack to one pixel wide and five million high.
    const sliver = pngBytes(1, 5_000_000);
    const started = Date.now();
    expectProblem(
      await admin.upload('/api/ids/analyze', { name: 'sliver.png', content: sliver }),
      400,
      'file/image_dimensions',
    );
    const booking = await newBooking();
    expectProblem(await guestUpload(booking.link.id, 'sliver.png', sliver), 400, 'file/image_dimensions');
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

  it('answers id/no_document_found for a picture without a machine readable zone', async () => {
    const response = await admin.upload('/api/ids/analyze', {
      name: 'lodge.png',
      content: fixture('no-document.png'),
    });
    expectProblem(response, 400, 'id/no_document_found');
  });
});

describe('POST /api/portal/ids/analyze', () => {
  it('reads an identity card for the guest of a booking link', async () => {
    const booking = await newBooking();
    const response = await guestUpload(booking.link.id, 'ausweis.png', fixture('german-id-card.png'));
    expect(response.statusCode, response.body).toBe(200);
    expect(parsed(response, ZIdDocumentAnalysis)).toMatchObject({
      type: 'id_card',
      firstName: 'ERIKA',
      lastName: 'MUSTERMANN',
      nationality: 'de',
      dateOfBirth: '1964-08-12',
    });
  });

  it('answers guests who send pictures at the same time each with their own document', async () => {
    const [first, second] = [await newBooking(), await newBooking()];
    const [card, passport] = await Promise.all([
      guestUpload(first.link.id, 'card.png', fixture('td1-id-card.png')),
      guestUpload(second.link.id, 'pass.png', fixture('austrian-passport.png')),
    ]);
    expect(parsed(card, ZIdDocumentAnalysis)).toMatchObject({ documentNumber: 'D23145890', format: 'td1' });
    expect(parsed(passport, ZIdDocumentAnalysis)).toMatchObject({
      documentNumber: 'P4366918',
      lastName: 'MITREISEND',
      nationality: 'at',
      sex: 'male',
    });
  });

  it('reads one picture of a link at a time: a second one meanwhile is refused with 429', async () => {
    const booking = await newBooking();
    // The picture without a document is read twice (its bottom, then whole): the slowest to hold the link.
    const [first, second] = await Promise.all([
      guestUpload(booking.link.id, 'lodge.png', fixture('no-document.png')),
      guestUpload(booking.link.id, 'lodge.png', fixture('no-document.png')),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([400, 429]);
    const refused = first.statusCode === 429 ? first : second;
    expectProblem(refused, 429, 'portal/too_many_requests');
    expect((await guestUpload(booking.link.id, 'card.png', fixture('td1-id-card.png'))).statusCode).toBe(200);
  });

  it('needs a valid link: none, unknown, expired or revoked is refused', async () => {
    const picture = fixture('td1-id-card.png');
    expectProblem(await guestUpload(null, 'id.png', picture), 401, 'auth/unauthenticated');
    expectProblem(await guestUpload(crypto.randomUUID(), 'id.png', picture), 404, 'portal/link_not_found');
    const expired = await newBooking();
    t.clock.set(zonedInstant(addDays(expired.checkOut, 1), '12:00', zone));
    expectProblem(await guestUpload(expired.link.id, 'id.png', picture), 410, 'portal/link_expired');
    t.clock.reset();
    const revoked = await newBooking();
    await t.db
      .update(bookingLinks)
      .set({ revokedAt: new Date() })
      .where(eq(bookingLinks.bookingId, revoked.id));
    expectProblem(await guestUpload(revoked.link.id, 'id.png', picture), 410, 'portal/link_revoked');
  });

  it('is not reached with a staff session instead of a link', async () => {
    const response = await admin.upload('/api/portal/ids/analyze', {
      name: 'id.png',
      content: fixture('td1-id-card.png'),
    });
    expectProblem(response, 401, 'auth/unauthenticated');
  });

  it('refuses a text file and a picture without a document like the staff route', async () => {
    const booking = await newBooking();
    expectProblem(
      await guestUpload(booking.link.id, 'id.txt', Buffer.from('hello')),
      415,
      'file/type_not_allowed',
    );
    expectProblem(
      await guestUpload(booking.link.id, 'lodge.png', fixture('no-document.png')),
      400,
      'id/no_document_found',
    );
  });
});
