// The malformed requests that once answered 500, each refused as a 400 validation problem naming the
// field, and Fastify's and Node's own refusals answered as problem+json.
import { randomUUID } from 'node:crypto';
import { connect, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import type { TProblem } from '@pms/contract';
import {
  ZBookingView,
  ZContact,
  ZCreatedApiKey,
  ZPaged,
  ZRate,
  ZRoom,
  ZRoomLock,
  ZSession,
} from '@pms/contract';
import { toAppError } from '../../db/constraint-errors.ts';
import {
  bearer,
  demo,
  expectProblem,
  login,
  multipartBody,
  parsed,
  pngBytes,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const test = apiTest
  .extend('seeded', { scope: 'file', auto: true }, async ({ demoApp }) => {
    const { t, client: admin } = demoApp;
    const key = await admin.post('/api/api_keys', { name: 'bad input', roleId: 'admin' });
    const adminKey = bearer(t.app, parsed(key, ZCreatedApiKey).secret);
    const rooms = parsed(await admin.get('/api/rooms'), ZPaged(ZRoom));
    const roomId = rooms.data[0]!.id;
    const roomTypeId = rooms.data[0]!.roomTypeId;
    const rateId = parsed(await admin.get('/api/rates'), ZPaged(ZRate)).data[0]!.id;
    return { adminKey, roomTypeId, roomId, rateId };
  })
  /** The port of the application listening on the loopback, for what inject does not pass through. */
  .extend('port', { scope: 'file' }, async ({ demoApp: { t } }) => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    return (t.app.server.address() as AddressInfo).port;
  });

/** Asserts a 400 validation problem whose errors name each of the paths. */
function expectInvalid(response: LightMyRequestResponse, ...paths: string[]): TProblem {
  const problem = expectProblem(response, 400, 'validation');
  expect(problem.errors?.map((error) => error.path)).toEqual(expect.arrayContaining(paths));
  return problem;
}

describe('update bodies naming no field', () => {
  test('are refused for every role: PATCH /api/session/profile {} answers 400 naming the body', async ({
    demoApp: { t },
  }) => {
    for (const email of Object.values(demo.users)) {
      const user = await login(t.app, email);
      expectInvalid(await user.patch('/api/session/profile', {}), 'body');
      expect(parsed(await user.get('/api/session'), ZSession)).toMatchObject({
        email,
        name: user.session!.name,
      });
    }
  });

  test('answers an API key, which has no profile, with 403 rather than 500', async ({
    seeded: { adminKey },
  }) => {
    expectProblem(await adminKey.patch('/api/session/profile', { language: 'en' }), 403, 'auth/forbidden');
  });

  test('are refused for the property, settings, contact, booking and room lock, which stay as they are', async ({
    demoApp: { client: admin },
    seeded: { roomId },
  }) => {
    const property = admin.session!.propertyId;
    const contact = parsed(await admin.get('/api/contacts'), ZPaged(ZContact)).data[0]!;
    const booking = parsed(await admin.get('/api/bookings'), ZPaged(ZBookingView)).data[0]!;
    const lock = await admin.post('/api/room_locks', {
      roomId,
      startDate: '2031-03-01',
      endDate: '2031-03-03',
      reason: 'Maler',
    });
    expect(lock.statusCode, lock.body).toBe(201);
    for (const [method, url] of [
      ['PUT', `/api/properties/${property}`],
      ['PATCH', '/api/settings/general'],
      ['PATCH', `/api/contacts/${contact.id}`],
      ['PUT', `/api/bookings/${booking.id}`],
      ['PUT', `/api/room_locks/${parsed(lock, ZRoomLock).id}`],
    ] as const) {
      const before = (await admin.get(url)).body;
      expectInvalid(await admin.request(method, url, {}), 'body');
      expect((await admin.get(url)).body, `${method} ${url}`).toBe(before);
    }
  });
});

describe('text the database cannot store', () => {
  test('refuses a NUL byte in a contact name and address, naming the fields', async ({
    demoApp: { client: admin },
  }) => {
    expectInvalid(
      await admin.post('/api/contacts', {
        name: 'Anna\u0000Berger',
        address: { line1: 'Getreidegasse\u00009' },
      }),
      'body/name',
      'body/address/line1',
    );
  });

  test('refuses a lone surrogate in an address, and one in a patch', async ({
    demoApp: { client: admin },
    seeded: { adminKey },
  }) => {
    expectInvalid(
      await admin.post('/api/contacts', { name: 'Anna Berger', address: { city: 'Salzburg\uD800' } }),
      'body/address/city',
    );
    const contact = parsed(await admin.get('/api/contacts'), ZPaged(ZContact)).data[0]!;
    expectInvalid(
      await adminKey.patch(`/api/contacts/${contact.id}`, { address: { postalCode: '\uDC005020' } }),
      'body/address/postalCode',
    );
  });

  test('refuses NUL in a profile name, a booking comment, a search and a list query', async ({
    demoApp: { client: admin },
    seeded: { roomId },
  }) => {
    expectInvalid(await admin.patch('/api/session/profile', { name: 'Ad\u0000min' }), 'body/name');
    expectInvalid(
      await admin.post('/api/bookings', {
        roomId,
        checkIn: '2031-04-01',
        checkOut: '2031-04-02',
        occupancy: 1,
        comment: 'late\u0000arrival',
      }),
      'body/comment',
    );
    expectInvalid(await admin.get('/api/search?query=a%00b'), 'querystring/query');
    expectInvalid(await admin.get('/api/contacts?query=%00'), 'querystring/query');
  });

  test('still stores text with emoji and other paired surrogates', async ({ demoApp: { client: admin } }) => {
    const response = await admin.post('/api/contacts', {
      name: 'Zoë 😀 Müller',
      address: { city: 'Graz 🏔' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Zoë 😀 Müller', address: { city: 'Graz 🏔' } });
  });
});

describe('dates and numbers outside what the app handles', () => {
  test('refuses a check-in on 0000-01-01, 2026-02-30 or in year 99999, naming the field', async ({
    demoApp: { client: admin },
    seeded: { roomId },
  }) => {
    for (const checkIn of ['0000-01-01', '2026-02-30', '99999-01-01', '1899-12-31']) {
      expectInvalid(
        await admin.post('/api/bookings', { roomId, checkIn, checkOut: '2031-04-02', occupancy: 1 }),
        'body/checkIn',
      );
    }
    expectInvalid(
      await admin.get('/api/room_plan?from=0000-01-01&to=2026-02-30'),
      'querystring/from',
      'querystring/to',
    );
  });

  test('refuses a birth date before 1900', async ({ demoApp: { client: admin } }) => {
    expectInvalid(
      await admin.post('/api/contacts', { name: 'Old', dateOfBirth: '1899-12-31' }),
      'body/dateOfBirth',
    );
  });

  test('refuses 2147483648 as occupancy, price or invoice number, naming the field', async ({
    demoApp: { client: admin },
    seeded: { roomTypeId, roomId, rateId },
  }) => {
    const tooBig = 2 ** 31;
    expectInvalid(
      await admin.post('/api/bookings', {
        roomId,
        checkIn: '2031-04-01',
        checkOut: '2031-04-02',
        occupancy: tooBig,
        foodAndBeveragePerDay: tooBig,
      }),
      'body/occupancy',
      'body/foodAndBeveragePerDay',
    );
    expectInvalid(
      await admin.post(`/api/rates/${rateId}/prices`, { roomTypeId, occupancy: tooBig, amount: tooBig }),
      'body/occupancy',
      'body/amount',
    );
    expectInvalid(
      await admin.put(`/api/properties/${admin.session!.propertyId}`, { nextInvoiceNumber: tooBig }),
      'body/nextInvoiceNumber',
    );
    expectInvalid(await admin.get('/api/contacts?pageNumber=2147483648'), 'querystring/pageNumber');
  });

  test('accepts the largest value of an integer column', async ({ demoApp: { client: admin } }) => {
    const response = await admin.put(`/api/properties/${admin.session!.propertyId}`, {
      nextInvoiceNumber: 2 ** 31 - 1,
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('ids', () => {
  test('answers an unknown id in a path with 404 and a malformed one with 400 naming the param', async ({
    demoApp: { client: admin },
  }) => {
    for (const path of ['/api/bookings', '/api/contacts', '/api/rooms', '/api/room_locks', '/api/files']) {
      expectProblem(await admin.get(`${path}/${randomUUID()}`), 404, 'not_found');
      expectInvalid(await admin.get(`${path}/not-an-id`), 'params/id');
      expectInvalid(await admin.get(`${path}/%00`), 'params/id');
    }
    expectProblem(await admin.delete(`/api/bookings/${randomUUID()}`), 404, 'not_found');
  });

  test('names the field of a union body that no option matched', async ({ demoApp: { client: admin } }) => {
    const booking = parsed(await admin.get('/api/bookings'), ZPaged(ZBookingView)).data[0]!;
    expectInvalid(
      await admin.post(`/api/bookings/${booking.id}/guests`, { contactId: 42 }),
      'body/contactId',
    );
  });

  test('refuses a chosen API key secret that another key already has, naming it', async ({
    demoApp: { client: admin },
  }) => {
    const secret = `pms_${'s'.repeat(40)}`;
    const first = await admin.post('/api/api_keys', { name: 'first', roleId: 'staff', secret });
    expect(first.statusCode, first.body).toBe(201);
    expectInvalid(
      await admin.post('/api/api_keys', { name: 'second', roleId: 'staff', secret }),
      'body/secret',
    );
  });
});

describe('uploads', () => {
  const boundary = 'pms-boundary';
  const multipart = `multipart/form-data; boundary=${boundary}`;

  test('refuses malformed multipart bodies as validation problems naming the file', async ({
    demoApp: { client: admin },
  }) => {
    const bodies: [string, string][] = [
      ['multipart/form-data', 'no boundary at all'],
      [
        multipart,
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n\r\ntruncated`,
      ],
      [
        multipart,
        `--other\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\n\r\nx\r\n--other--\r\n`,
      ],
      [
        multipart,
        `--${boundary}\r\ncontent-disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      ],
      [multipart, ''],
    ];
    for (const [contentType, payload] of bodies) {
      const response = await admin.post('/api/files', payload, { headers: { 'content-type': contentType } });
      expect(response.statusCode, `${contentType} ${payload}: ${response.body}`).toBe(400);
      const problem = expectProblem(response, 400, 'validation');
      expect(problem.errors?.[0]?.path).toMatch(/^body/);
    }
  });

  test('refuses an upload sent as JSON and a purpose with NUL', async ({ demoApp: { client: admin } }) => {
    expectInvalid(await admin.post('/api/files', { file: 'x' }), 'body');
    const { payload, contentType } = multipartBody({
      name: 'a.png',
      content: pngBytes(),
      contentType: 'image/png',
    });
    expectInvalid(
      await admin.post('/api/files?purpose=lo%00go', payload, { headers: { 'content-type': contentType } }),
      'querystring/purpose',
    );
  });

  test('still takes a well-formed upload', async ({ demoApp: { client: admin } }) => {
    const response = await admin.upload('/api/files', {
      name: 'a.png',
      content: pngBytes(),
      contentType: 'image/png',
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('the database as the last net', () => {
  test('reports a value it cannot hold as a validation error on either driver, however wrapped', async ({
    demoApp: { t },
  }) => {
    const refusals = [
      sql`select ${'a\u0000b'}::text`,
      sql`select ${'2147483648'}::integer`,
      sql`select ${'0000-01-01'}::date`,
      sql`select ${'2026-02-30'}::date`,
      sql`select ${'not-an-id'}::uuid`,
      sql`select ${'{"a":"\\ud800"}'}::jsonb`,
      sql`select ${'1e400'}::float8`,
    ];
    for (const query of refusals) {
      const error: unknown = await t.db.execute(query).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(error, JSON.stringify(query)).not.toBeNull();
      expect(toAppError(error), String(error)).toMatchObject({ code: 'validation', status: 400 });
    }
  });
});

describe("Fastify's own refusals", () => {
  test('answers malformed and empty JSON with a validation problem naming the body', async ({
    demoApp: { client: admin },
  }) => {
    const json = { headers: { 'content-type': 'application/json' } };
    expectInvalid(await admin.post('/api/contacts', '{"name":', json), 'body');
    expectInvalid(await admin.post('/api/contacts', '', json), 'body');
  });

  test('answers a URL that is not valid percent-encoding with a validation problem naming the url', async ({
    demoApp: { client: admin },
  }) => {
    expectInvalid(await admin.get('/api/contacts/%E0%A4%A'), 'url');
  });

  test('answers a body over the limit with 413, an unsupported type with 415', async ({
    demoApp: { client: admin },
  }) => {
    const big = JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) });
    expectProblem(
      await admin.post('/api/contacts', big, { headers: { 'content-type': 'application/json' } }),
      413,
      'file/too_large',
    );
    expectProblem(
      await admin.post('/api/contacts', '<contact/>', { headers: { 'content-type': 'application/xml' } }),
      415,
      'general',
    );
  });

  test('answers a path parameter over the router limit with 414', async ({ demoApp: { client: admin } }) => {
    expectProblem(await admin.get(`/api/contacts/${'a'.repeat(500)}`), 414, 'general');
  });
});

type TRawResponse = { status: number; headers: Record<string, string>; body: string };

/** Sends raw bytes to the listening server: inject bypasses Node's HTTP parser, which answers these. */
function sendRaw(port: number, request: string): Promise<TRawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const status = Number(statusLine.split(' ')[1]);
      if (!status) reject(new Error(`no HTTP answer: ${JSON.stringify(data.slice(0, 200))}`));
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status, headers, body });
    });
    socket.write(request);
  });
}

describe("Node's HTTP parser refusals on a listening server", () => {
  function expectRawProblem(response: TRawResponse, status: number): void {
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = JSON.parse(response.body) as TProblem;
    expect(problem).toMatchObject({ status });
    expect(typeof problem.type).toBe('string');
  }

  test('answers headers over the size limit with 431 problem+json', async ({ port }) => {
    const response = await sendRaw(
      port,
      `GET /api/version HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expectRawProblem(response, 431);
  });

  test('answers a URL over the size limit with 431 problem+json', async ({ port }) => {
    const response = await sendRaw(
      port,
      `GET /api/version?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expectRawProblem(response, 431);
  });

  test('answers bytes that are not HTTP with 400 problem+json', async ({ port }) => {
    expectRawProblem(await sendRaw(port, 'HELLO\r\n\r\n'), 400);
  });

  test('answers an over-long path parameter with 414 and bad percent-encoding with 400, both problem+json', async ({
    port,
  }) => {
    expectRawProblem(
      await sendRaw(
        port,
        `GET /api/contacts/${'a'.repeat(500)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
      ),
      414,
    );
    expectRawProblem(
      await sendRaw(
        port,
        'GET /api/contacts/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
      ),
      400,
    );
  });

  test('still serves a well-formed request', async ({ port }) => {
    const response = await sendRaw(
      port,
      'GET /api/version HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expect(response.status).toBe(200);
  });
});
