import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import type { TBaseData, TRate, TRateItem, TRatePrice } from '@pms/contract';
import {
  ZBaseData,
  ZCreatedRooms,
  ZItem,
  ZPaged,
  ZPaymentMethod,
  ZProblem,
  ZProperty,
  ZRate,
  ZRateItem,
  ZRatePrice,
  ZRoom,
  ZRoomType,
  ZTaxRate,
} from '@pms/contract';
import { rowsOf } from '../../db/client.ts';
import { bookings, taxRates } from '../../db/schema/index.ts';
import { roomOrderList } from '../../db/room-order.ts';
import {
  demo,
  expectProblem,
  login,
  loginAt,
  parsed,
  switchProperty,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const unknownId = '00000000-0000-4000-8000-000000000000';

function loginAtSalzburg(t: TTestApp, ids: Record<string, string>, email: string): Promise<ApiClient> {
  return loginAt(t.app, email, ids[demo.austria]!);
}

/**
 * The callers of the Salzburg property by role, the admin again in a second session on the German
 * property (`berlin`, the source of another property's ids), and both properties' base data as the
 * file starts.
 */
const test = apiTest.extend('team', { scope: 'file' }, async ({ demoApp: { t, client: admin, ids } }) => {
  const berlin = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
  const manager = await loginAtSalzburg(t, ids, demo.users.manager);
  const staff = await loginAtSalzburg(t, ids, demo.users.staff);
  const cleaning = await loginAtSalzburg(t, ids, demo.users.cleaning);
  const catering = await loginAtSalzburg(t, ids, demo.users.catering);
  const salzburgData = await baseData(admin);
  const berlinData = await baseData(berlin);
  return { manager, staff, cleaning, catering, berlin, salzburgData, berlinData };
});

async function baseData(client: ApiClient): Promise<TBaseData> {
  const response = await client.get('/api/base_data');
  expect(response.statusCode).toBe(200);
  return parsed(response, ZBaseData);
}

/** Creates through the API and returns the created record. */
async function create<TSchema extends z.ZodType>(
  schema: TSchema,
  client: ApiClient,
  url: string,
  body: Record<string, unknown>,
): Promise<z.output<TSchema>> {
  const response = await client.post(url, body);
  expect({ status: response.statusCode, body: response.json<unknown>() }).toMatchObject({ status: 201 });
  return parsed(response, schema);
}

async function list<TSchema extends z.ZodType>(
  schema: TSchema,
  client: ApiClient,
  url: string,
  query: Record<string, string> = {},
): Promise<z.output<TSchema>[]> {
  const response = await client.get(url, { query: { pageSize: '100', ...query } });
  expect(response.statusCode).toBe(200);
  return parsed(response, ZPaged(schema)).data;
}

const roomTypeByCode = (data: TBaseData, code: string) => data.roomTypes.find((type) => type.code === code)!;
const rateByCode = (data: TBaseData, code: string) => data.rates.find((rate) => rate.code === code)!;
const itemByName = (data: TBaseData, name: string) => data.items.find((item) => item.name === name)!;

async function roomWithBooking(t: TTestApp, ids: Record<string, string>): Promise<string> {
  const [row] = await t.db
    .select({ roomId: bookings.roomId })
    .from(bookings)
    .where(
      and(
        eq(bookings.propertyId, ids[demo.austria]!),
        isNotNull(bookings.roomId),
        isNull(bookings.deletedAt),
      ),
    )
    .limit(1);
  return row!.roomId!;
}

describe('/api/base_data', () => {
  test('answers everything the web app caches for the current property, in one call', ({
    team: { salzburgData },
  }) => {
    expect(salzburgData.roomTypes.map((type) => type.code)).toEqual(['EZ', 'DZ', 'FZ', 'SU']);
    expect(salzburgData.rooms).toHaveLength(40);
    expect(salzburgData.rooms[0]).toMatchObject({
      number: '101',
      roomType: { code: 'EZ', name: 'Einzelzimmer' },
    });
    expect(salzburgData.taxRates.map((rate) => rate.percentage).sort((a, b) => a - b)).toEqual([0, 10, 20]);
    expect(salzburgData.items[0]).toMatchObject({ isOvernight: true, amount: null, type: 'accommodation' });
    expect(salzburgData.items[0]!.taxRate).toMatchObject({ percentage: 10 });
    expect(salzburgData.paymentMethods.map((method) => method.kind).sort()).toEqual([
      'card',
      'cash',
      'transfer',
    ]);
    expect(salzburgData.rates[0]).toMatchObject({ code: 'BB', isStandard: true });
    expect(salzburgData.rates[0]!.prices.length).toBeGreaterThan(0);
    expect(salzburgData.rates[0]!.items).toContainEqual(
      expect.objectContaining({
        item: { name: 'Frühstück', type: 'food_and_beverage' },
        unit: 'person',
        inclusive: true,
      }),
    );
  });

  test("keeps each property's base data apart", ({ team: { salzburgData, berlinData } }) => {
    expect(berlinData.rooms.map((room) => room.number)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
    expect(berlinData.taxRates.map((rate) => rate.percentage).sort((a, b) => a - b)).toEqual([0, 7, 19]);
    const salzburgIds = new Set(salzburgData.roomTypes.map((type) => type.id));
    expect(berlinData.roomTypes.some((type) => salzburgIds.has(type.id))).toBe(false);
  });

  test('is readable by every role, cleaning and catering included', async ({
    team: { manager, staff, cleaning, catering },
  }) => {
    for (const client of [manager, staff, cleaning, catering]) {
      expect((await client.get('/api/base_data')).statusCode).toBe(200);
    }
  });
});

describe('access', () => {
  const writes: [HTTPMethods, string][] = [
    ['POST', '/api/room_types'],
    ['PUT', `/api/room_types/${unknownId}`],
    ['DELETE', `/api/room_types/${unknownId}`],
    ['POST', '/api/rooms'],
    ['PUT', `/api/rooms/${unknownId}`],
    ['DELETE', `/api/rooms/${unknownId}`],
    ['POST', '/api/tax_rates'],
    ['PUT', `/api/tax_rates/${unknownId}`],
    ['DELETE', `/api/tax_rates/${unknownId}`],
    ['POST', '/api/items'],
    ['PUT', `/api/items/${unknownId}`],
    ['DELETE', `/api/items/${unknownId}`],
    ['POST', '/api/payment_methods'],
    ['PUT', `/api/payment_methods/${unknownId}`],
    ['DELETE', `/api/payment_methods/${unknownId}`],
    ['POST', '/api/rates'],
    ['PUT', `/api/rates/${unknownId}`],
    ['DELETE', `/api/rates/${unknownId}`],
    ['POST', `/api/rates/${unknownId}/prices`],
    ['PUT', `/api/rates/${unknownId}/prices/${unknownId}`],
    ['DELETE', `/api/rates/${unknownId}/prices/${unknownId}`],
    ['POST', `/api/rates/${unknownId}/items`],
    ['PUT', `/api/rates/${unknownId}/items/${unknownId}`],
    ['DELETE', `/api/rates/${unknownId}/items/${unknownId}`],
  ];

  test.for(writes)(
    '%s %s is refused to staff, cleaning and catering',
    async ([method, url], { team: { staff, cleaning, catering } }) => {
      for (const client of [staff, cleaning, catering]) {
        const body = method === 'DELETE' ? undefined : {};
        expectProblem(await client.request(method, url, body), 403, 'auth/forbidden');
      }
    },
  );

  const reads = [
    '/api/room_types',
    '/api/rooms',
    '/api/tax_rates',
    '/api/items',
    '/api/payment_methods',
    '/api/rates',
  ];

  test.for(reads)('GET %s is open to cleaning', async (url, { team: { cleaning } }) => {
    const response = await cleaning.get(url);
    expect(response.statusCode).toBe(200);
    expect(parsed(response, ZPaged(z.unknown())).count).toBeGreaterThan(0);
  });

  test('needs a signed-in caller', async ({ demoApp: { t } }) => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/api/rooms' }), 401, 'auth/unauthenticated');
  });

  test('lets the manager write', async ({ team: { manager } }) => {
    const method = await create(ZPaymentMethod, manager, '/api/payment_methods', {
      name: 'Gutschein',
      kind: 'transfer',
    });
    expect((await manager.delete(`/api/payment_methods/${method.id}`)).statusCode).toBe(204);
  });
});

describe('/api/room_types', () => {
  test('creates, reads, lists, updates and deletes a room type', async ({ demoApp: { client: admin } }) => {
    const created = await create(ZRoomType, admin, '/api/room_types', {
      name: 'Appartement',
      code: 'AP',
      capacity: 4,
      maxOccupancy: 6,
      externalId: 'ext-ap',
    });
    expect(created).toMatchObject({
      minOccupancy: 1,
      maxOccupancy: 6,
      isDefault: false,
      externalId: 'ext-ap',
      deletedAt: null,
    });
    expect(parsed(await admin.get(`/api/room_types/${created.id}`), ZRoomType)).toEqual(created);
    const listed = await list(ZRoomType, admin, '/api/room_types');
    expect(listed.map((type) => type.code)).toEqual(['EZ', 'DZ', 'FZ', 'SU', 'AP']);

    const updated = await admin.put(`/api/room_types/${created.id}`, {
      name: 'Appartement groß',
      code: 'AP',
      capacity: 4,
      minOccupancy: 2,
      maxOccupancy: 6,
    });
    expect(updated.statusCode).toBe(200);
    expect(parsed(updated, ZRoomType)).toMatchObject({
      name: 'Appartement groß',
      minOccupancy: 2,
      externalId: null,
    });

    expect((await admin.delete(`/api/room_types/${created.id}`)).statusCode).toBe(204);
    expectProblem(await admin.get(`/api/room_types/${created.id}`), 404, 'not_found');
    const again = await create(ZRoomType, admin, '/api/room_types', {
      name: 'Appartement',
      code: 'AP',
      capacity: 4,
      maxOccupancy: 6,
    });
    await admin.delete(`/api/room_types/${again.id}`);
  });

  test('pages the list', async ({ demoApp: { client: admin } }) => {
    const response = await admin.get('/api/room_types', { query: { pageSize: '3', pageNumber: '2' } });
    expect(parsed(response, ZPaged(ZRoomType))).toMatchObject({
      pageNumber: 2,
      pageSize: 3,
      count: 4,
      totalPages: 2,
    });
    expect(parsed(response, ZPaged(ZRoomType)).data.map((type) => type.code)).toEqual(['SU']);
  });

  test('keeps one default room type', async ({ demoApp: { client: admin }, team: { salzburgData } }) => {
    const created = await create(ZRoomType, admin, '/api/room_types', {
      name: 'Studio',
      code: 'ST',
      capacity: 2,
      maxOccupancy: 2,
      isDefault: true,
    });
    const defaults = (await list(ZRoomType, admin, '/api/room_types')).filter((type) => type.isDefault);
    expect(defaults.map((type) => type.id)).toEqual([created.id]);
    const doubleRoom = roomTypeByCode(salzburgData, 'DZ');
    await admin.put(`/api/room_types/${doubleRoom.id}`, { ...doubleRoom, isDefault: true });
    expect(parsed(await admin.get(`/api/room_types/${created.id}`), ZRoomType).isDefault).toBe(false);
    await admin.delete(`/api/room_types/${created.id}`);
  });

  test('refuses invalid input with 400 validation', async ({ demoApp: { client: admin } }) => {
    const valid = { name: 'Test', code: 'TT', capacity: 2, maxOccupancy: 2 };
    const problem = expectProblem(
      await admin.post('/api/room_types', { ...valid, minOccupancy: 3, maxOccupancy: 2 }),
      400,
      'validation',
    );
    expect(problem.errors?.[0]?.path).toContain('maxOccupancy');
    expectProblem(await admin.post('/api/room_types', { ...valid, capacity: 0 }), 400, 'validation');
    expectProblem(await admin.post('/api/room_types', { ...valid, name: ' ' }), 400, 'validation');
    expectProblem(await admin.post('/api/room_types', { ...valid, maxOccupancy: 1.5 }), 400, 'validation');
    expectProblem(await admin.get('/api/room_types/not-a-uuid'), 400, 'validation');
  });

  test('refuses a code the property uses already with 409 room_type/already_exists', async ({
    demoApp: { client: admin },
    team: { salzburgData, berlinData },
  }) => {
    const doubleRoom = roomTypeByCode(salzburgData, 'DZ');
    const body = { name: 'Noch ein Doppelzimmer', code: 'DZ', capacity: 2, maxOccupancy: 2 };
    expectProblem(await admin.post('/api/room_types', body), 409, 'room_type/already_exists');
    const suite = roomTypeByCode(salzburgData, 'SU');
    expectProblem(
      await admin.put(`/api/room_types/${suite.id}`, { ...suite, code: doubleRoom.code }),
      409,
      'room_type/already_exists',
    );
    // Codes are per property: Berlin may use them too.
    expect(roomTypeByCode(berlinData, 'DZ')).toBeDefined();
  });

  test('refuses an occupancy range that leaves rate prices outside with 400 rate/price_invalid_occupancy', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    const suite = roomTypeByCode(salzburgData, 'SU');
    const narrowed = { ...suite, maxOccupancy: 2 };
    expectProblem(
      await admin.put(`/api/room_types/${suite.id}`, narrowed),
      400,
      'rate/price_invalid_occupancy',
    );
    expect(parsed(await admin.get(`/api/room_types/${suite.id}`), ZRoomType).maxOccupancy).toBe(3);
  });

  test('refuses to delete a room type that rooms, prices or bookings use with 409 base_data/in_use', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    expectProblem(
      await admin.delete(`/api/room_types/${roomTypeByCode(salzburgData, 'DZ').id}`),
      409,
      'base_data/in_use',
    );
  });

  test("answers another property's room type with 404", async ({
    demoApp: { client: admin },
    team: { berlin, berlinData },
  }) => {
    const foreign = roomTypeByCode(berlinData, 'EZ');
    expectProblem(await admin.get(`/api/room_types/${foreign.id}`), 404, 'not_found');
    expectProblem(
      await admin.put(`/api/room_types/${foreign.id}`, { ...foreign, name: 'Fremd' }),
      404,
      'not_found',
    );
    expectProblem(await admin.delete(`/api/room_types/${foreign.id}`), 404, 'not_found');
    expect(parsed(await berlin.get(`/api/room_types/${foreign.id}`), ZRoomType).name).toBe('Einzelzimmer');
  });
});

describe('/api/rooms', () => {
  const suiteId = (salzburgData: TBaseData) => roomTypeByCode(salzburgData, 'SU').id;

  test('creates every room of a range in one request', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    const response = await admin.post('/api/rooms', { number: '901-910', roomTypeId: suiteId(salzburgData) });
    expect(response.statusCode).toBe(201);
    const { data } = parsed(response, ZCreatedRooms);
    expect(data.map((room) => room.number)).toEqual([
      '901',
      '902',
      '903',
      '904',
      '905',
      '906',
      '907',
      '908',
      '909',
      '910',
    ]);
    expect(data[0]).toMatchObject({
      roomTypeId: suiteId(salzburgData),
      housekeepingStatus: 'clean',
      roomType: null,
    });
  });

  test('creates a single room', async ({ demoApp: { client: admin }, team: { salzburgData } }) => {
    const { data } = await create(ZCreatedRooms, admin, '/api/rooms', {
      number: 'A1',
      roomTypeId: suiteId(salzburgData),
    });
    expect(data.map((room) => room.number)).toEqual(['A1']);
  });

  test('refuses the whole request with 409 room/already_exists when any number exists', async ({
    demoApp: { client: admin },
    team: { berlin, salzburgData, berlinData },
  }) => {
    expectProblem(
      await admin.post('/api/rooms', { number: '905', roomTypeId: suiteId(salzburgData) }),
      409,
      'room/already_exists',
    );
    expectProblem(
      await admin.post('/api/rooms', { number: '910-912', roomTypeId: suiteId(salzburgData) }),
      409,
      'room/already_exists',
    );
    const numbers = (await list(ZRoom, admin, '/api/rooms')).map((room) => room.number);
    expect(numbers).not.toContain('911');
    // Numbers are per property: Berlin has no room 905.
    const { data } = await create(ZCreatedRooms, berlin, '/api/rooms', {
      number: '905',
      roomTypeId: roomTypeByCode(berlinData, 'EZ').id,
    });
    expect((await berlin.delete(`/api/rooms/${data[0]!.id}`)).statusCode).toBe(204);
  });

  test('lets exactly one of two overlapping ranges sent at once win', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    const responses = await Promise.all([
      admin.post('/api/rooms', { number: '930-935', roomTypeId: suiteId(salzburgData) }),
      admin.post('/api/rooms', { number: '933-938', roomTypeId: suiteId(salzburgData) }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expectProblem(
      responses.find((response) => response.statusCode === 409)!,
      409,
      'room/already_exists',
    );
    const numbers = (await list(ZRoom, admin, '/api/rooms'))
      .map((room) => room.number)
      .filter((number) => number.startsWith('93'));
    expect(numbers).toHaveLength(6);
  });

  test('refuses a malformed or oversized range with 400 room/invalid_range', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    for (const number of ['920-911', '1000-1500', 'A1-B3', '12-']) {
      expectProblem(
        await admin.post('/api/rooms', { number, roomTypeId: suiteId(salzburgData) }),
        400,
        'room/invalid_range',
      );
    }
    expectProblem(
      await admin.post('/api/rooms', { number: '', roomTypeId: suiteId(salzburgData) }),
      400,
      'validation',
    );
    expectProblem(await admin.post('/api/rooms', { number: '950' }), 400, 'validation');
  });

  test("refuses another property's room type with 404", async ({
    demoApp: { client: admin },
    team: { berlinData },
  }) => {
    const foreignType = roomTypeByCode(berlinData, 'EZ').id;
    expectProblem(
      await admin.post('/api/rooms', { number: '960', roomTypeId: foreignType }),
      404,
      'not_found',
    );
  });

  test('orders room numbers naturally in SQL: digits as numbers, letters in any case, numbers first', async ({
    demoApp: { t },
  }) => {
    const expected = ['01', '1', '2', '2a', '2B', '10', '101', 'A1', 'A2', 'a2', 'A10', 'B1', 'b2', 'B10'];
    const values = sql.join(
      expected.toReversed().map((number) => sql`(${number})`),
      sql`, `,
    );
    // The order each room stores (rooms.number_order, the SQL function room_number_order).
    const rows = rowsOf<{ number: string }>(
      await t.db.execute(
        sql`select number from (values ${values}) as numbers(number)
             order by ${roomOrderList({ numberOrder: sql`room_number_order(number)`, number: sql`number` })}`,
      ),
    );
    expect(rows.map((row) => row.number)).toEqual(expected);
  });

  test('sorts numbers naturally', async ({ demoApp: { client: admin }, team: { berlin } }) => {
    const numbers = (await list(ZRoom, berlin, '/api/rooms')).map((room) => room.number);
    expect(numbers).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    const salzburg = (await list(ZRoom, admin, '/api/rooms')).map((room) => room.number);
    expect(salzburg.slice(0, 2)).toEqual(['101', '102']);
    expect(salzburg.at(-1)).toBe('A1');
  });

  test('filters by room type and housekeeping status, and embeds the room type on request', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    const single = roomTypeByCode(salzburgData, 'EZ');
    const singles = await list(ZRoom, admin, '/api/rooms', { roomTypeId: single.id, expand: 'roomType' });
    expect(singles).toHaveLength(8);
    expect(singles.every((room) => room.roomType?.code === 'EZ')).toBe(true);
    expect(singles[0]!.roomType).toEqual({ id: single.id, name: single.name, code: 'EZ' });
    const dirty = await list(ZRoom, admin, '/api/rooms', { housekeepingStatus: 'dirty' });
    expect(dirty.length).toBeGreaterThan(0);
    expect(dirty.every((room) => room.housekeepingStatus === 'dirty' && room.roomType === null)).toBe(true);
    expectProblem(
      await admin.get('/api/rooms', { query: { housekeepingStatus: 'sparkling' } }),
      400,
      'validation',
    );
  });

  test('reads one room, with its room type on request', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    const room = salzburgData.rooms[0]!;
    expect(parsed(await admin.get(`/api/rooms/${room.id}`), ZRoom)).toMatchObject({
      number: '101',
      roomType: null,
    });
    const expanded = await admin.get(`/api/rooms/${room.id}`, { query: { expand: 'roomType' } });
    expect(parsed(expanded, ZRoom).roomType).toMatchObject({ code: 'EZ' });
  });

  test('updates number and room type', async ({
    demoApp: { client: admin },
    team: { salzburgData, berlinData },
  }) => {
    const [room] = (
      await create(ZCreatedRooms, admin, '/api/rooms', { number: '970', roomTypeId: suiteId(salzburgData) })
    ).data;
    const doubleRoom = roomTypeByCode(salzburgData, 'DZ').id;
    const response = await admin.put(`/api/rooms/${room!.id}`, { number: '971', roomTypeId: doubleRoom });
    expect(response.statusCode).toBe(200);
    expect(parsed(response, ZRoom)).toMatchObject({ id: room!.id, number: '971', roomTypeId: doubleRoom });
    expect(
      (await admin.put(`/api/rooms/${room!.id}`, { number: '971', roomTypeId: doubleRoom })).statusCode,
    ).toBe(200);
    expectProblem(
      await admin.put(`/api/rooms/${room!.id}`, { number: '101', roomTypeId: doubleRoom }),
      409,
      'room/already_exists',
    );
    expectProblem(
      await admin.put(`/api/rooms/${room!.id}`, { number: '971-972', roomTypeId: doubleRoom }),
      400,
      'room/invalid_range',
    );
    expectProblem(
      await admin.put(`/api/rooms/${room!.id}`, {
        number: '971',
        roomTypeId: roomTypeByCode(berlinData, 'EZ').id,
      }),
      404,
      'not_found',
    );
  });

  test('deletes a room and frees its number', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    const [room] = (
      await create(ZCreatedRooms, admin, '/api/rooms', { number: '980', roomTypeId: suiteId(salzburgData) })
    ).data;
    expect((await admin.delete(`/api/rooms/${room!.id}`)).statusCode).toBe(204);
    expectProblem(await admin.get(`/api/rooms/${room!.id}`), 404, 'not_found');
    expectProblem(await admin.delete(`/api/rooms/${room!.id}`), 404, 'not_found');
    expect((await list(ZRoom, admin, '/api/rooms')).map((listed) => listed.number)).not.toContain('980');
    await create(ZCreatedRooms, admin, '/api/rooms', { number: '980', roomTypeId: suiteId(salzburgData) });
  });

  test('refuses to delete a room a booking refers to with 409 base_data/in_use', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    expectProblem(await admin.delete(`/api/rooms/${await roomWithBooking(t, ids)}`), 409, 'base_data/in_use');
  });

  test("answers another property's room with 404", async ({
    demoApp: { client: admin },
    team: { berlinData },
  }) => {
    const foreign = berlinData.rooms[0]!;
    expectProblem(await admin.get(`/api/rooms/${foreign.id}`), 404, 'not_found');
    expectProblem(
      await admin.put(`/api/rooms/${foreign.id}`, { number: '99', roomTypeId: foreign.roomTypeId }),
      404,
      'not_found',
    );
    expectProblem(await admin.delete(`/api/rooms/${foreign.id}`), 404, 'not_found');
  });
});

describe('/api/tax_rates', () => {
  test('refuses a tax key DATEV would not read (a letter such as U or N) with 400 validation', async ({
    demoApp: { client: admin },
  }) => {
    for (const taxCode of ['U', 'N', '12345', '3a']) {
      const response = await admin.post('/api/tax_rates', { name: 'Normal', percentage: 20, taxCode });
      expectProblem(response, 400, 'validation');
      expect(
        parsed(response, ZProblem)
          .errors?.map((error) => error.path)
          .join(),
      ).toContain('taxCode');
    }
    const [rate] = await list(ZTaxRate, admin, '/api/tax_rates');
    const update = await admin.put(`/api/tax_rates/${rate!.id}`, {
      name: rate!.name,
      percentage: rate!.percentage,
      taxCode: 'U',
    });
    expectProblem(update, 400, 'validation');
    expect(parsed(await admin.get(`/api/tax_rates/${rate!.id}`), ZTaxRate).taxCode).toBe(rate!.taxCode);
    expect(
      (await list(ZTaxRate, admin, '/api/tax_rates')).every(
        (r) => r.taxCode === null || /^\d{1,4}$/.test(r.taxCode),
      ),
    ).toBe(true);
  });

  test('creates, reads, updates and deletes a tax rate, keeping basis points in the database', async ({
    demoApp: { t, client: admin },
  }) => {
    const created = await create(ZTaxRate, admin, '/api/tax_rates', {
      name: 'Ermäßigt',
      percentage: 7.5,
      taxCode: '2',
    });
    expect(created).toMatchObject({ name: 'Ermäßigt', percentage: 7.5, taxCode: '2', accountNumber: null });
    const [row] = await t.db.select().from(taxRates).where(eq(taxRates.id, created.id));
    expect(row!.basisPoints).toBe(750);
    expect(parsed(await admin.get(`/api/tax_rates/${created.id}`), ZTaxRate)).toEqual(created);
    const updated = await admin.put(`/api/tax_rates/${created.id}`, {
      name: 'Ermäßigt',
      percentage: 13,
      accountNumber: '4030',
    });
    expect(parsed(updated, ZTaxRate)).toMatchObject({ percentage: 13, accountNumber: '4030', taxCode: null });
    expect((await list(ZTaxRate, admin, '/api/tax_rates')).map((rate) => rate.id)).toContain(created.id);
    expect((await admin.delete(`/api/tax_rates/${created.id}`)).statusCode).toBe(204);
    expectProblem(await admin.get(`/api/tax_rates/${created.id}`), 404, 'not_found');
  });

  test('refuses invalid percentages with 400 validation', async ({ demoApp: { client: admin } }) => {
    for (const percentage of [7.555, -1, 101, '10']) {
      expectProblem(await admin.post('/api/tax_rates', { name: 'Falsch', percentage }), 400, 'validation');
    }
  });

  test('refuses to delete a tax rate items use with 409 base_data/in_use', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    const used = salzburgData.items[0]!.taxRateId;
    expectProblem(await admin.delete(`/api/tax_rates/${used}`), 409, 'base_data/in_use');
  });

  test("answers another property's tax rate with 404", async ({
    demoApp: { client: admin },
    team: { berlinData },
  }) => {
    const foreign = berlinData.taxRates[0]!;
    expectProblem(await admin.get(`/api/tax_rates/${foreign.id}`), 404, 'not_found');
    expectProblem(
      await admin.put(`/api/tax_rates/${foreign.id}`, { name: 'X', percentage: 1 }),
      404,
      'not_found',
    );
    expectProblem(await admin.delete(`/api/tax_rates/${foreign.id}`), 404, 'not_found');
  });
});

describe('/api/items', () => {
  const standardTaxRate = (salzburgData: TBaseData) =>
    salzburgData.taxRates.find((rate) => rate.percentage === 20)!.id;

  test('lists the overnight item first, and embeds the tax rate on request', async ({
    demoApp: { client: admin },
  }) => {
    const listed = await list(ZItem, admin, '/api/items', { expand: 'taxRate' });
    expect(listed[0]).toMatchObject({
      name: 'Übernachtung',
      isOvernight: true,
      amount: null,
      taxRate: { percentage: 10 },
    });
    expect(listed.filter((item) => item.isOvernight)).toHaveLength(1);
    expect((await list(ZItem, admin, '/api/items'))[0]!.taxRate).toBeNull();
  });

  test('creates, reads, updates and deletes an item', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    const created = await create(ZItem, admin, '/api/items', {
      name: 'Sauna',
      type: 'other',
      amount: 1250,
      taxRateId: standardTaxRate(salzburgData),
      bookingText: 'Saunabenützung',
    });
    expect(created).toMatchObject({
      active: true,
      bookOnFollowingDay: false,
      amount: 1250,
      isOvernight: false,
      taxRate: null,
    });
    const read = await admin.get(`/api/items/${created.id}`, { query: { expand: 'taxRate' } });
    expect(parsed(read, ZItem).taxRate).toMatchObject({ id: standardTaxRate(salzburgData), percentage: 20 });
    const updated = await admin.put(`/api/items/${created.id}`, {
      name: 'Sauna',
      type: 'other',
      amount: 1500,
      active: false,
      taxRateId: standardTaxRate(salzburgData),
    });
    expect(parsed(updated, ZItem)).toMatchObject({ amount: 1500, active: false, bookingText: null });
    expect((await admin.delete(`/api/items/${created.id}`)).statusCode).toBe(204);
    expectProblem(await admin.get(`/api/items/${created.id}`), 404, 'not_found');
  });

  test('refuses invalid items with 400 validation', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    const valid = {
      name: 'Minibar',
      type: 'food_and_beverage',
      amount: 500,
      taxRateId: standardTaxRate(salzburgData),
    };
    expectProblem(await admin.post('/api/items', { ...valid, amount: undefined }), 400, 'validation');
    expectProblem(await admin.post('/api/items', { ...valid, amount: null }), 400, 'validation');
    expectProblem(await admin.post('/api/items', { ...valid, amount: 4.5 }), 400, 'validation');
    expectProblem(await admin.post('/api/items', { ...valid, type: 'spa' }), 400, 'validation');
    const [item] = (await list(ZItem, admin, '/api/items')).filter((listed) => !listed.isOvernight);
    expectProblem(await admin.put(`/api/items/${item!.id}`, { ...valid, amount: null }), 400, 'validation');
  });

  test('keeps the overnight item without a price, and never deletes it', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    const overnight = itemByName(salzburgData, 'Übernachtung');
    const body = { name: 'Nächtigung', type: 'accommodation', amount: null, taxRateId: overnight.taxRateId };
    const renamed = await admin.put(`/api/items/${overnight.id}`, body);
    expect(parsed(renamed, ZItem)).toMatchObject({ name: 'Nächtigung', amount: null, isOvernight: true });
    expectProblem(
      await admin.put(`/api/items/${overnight.id}`, { ...body, amount: 9900 }),
      400,
      'validation',
    );
    expectProblem(
      await admin.put(`/api/items/${overnight.id}`, { ...body, type: 'other' }),
      400,
      'validation',
    );
    expectProblem(await admin.delete(`/api/items/${overnight.id}`), 409, 'base_data/in_use');
  });

  test('refuses to delete an item a rate uses with 409 base_data/in_use', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    expectProblem(
      await admin.delete(`/api/items/${itemByName(salzburgData, 'Frühstück').id}`),
      409,
      'base_data/in_use',
    );
  });

  test("answers another property's item or tax rate with 404", async ({
    demoApp: { client: admin },
    team: { berlinData },
  }) => {
    const foreign = itemByName(berlinData, 'Parkplatz');
    expectProblem(await admin.get(`/api/items/${foreign.id}`), 404, 'not_found');
    expectProblem(await admin.delete(`/api/items/${foreign.id}`), 404, 'not_found');
    const body = { name: 'Garage', type: 'other', amount: 2000, taxRateId: berlinData.taxRates[0]!.id };
    expectProblem(await admin.post('/api/items', body), 404, 'not_found');
    expectProblem(await admin.put(`/api/items/${foreign.id}`, body), 404, 'not_found');
  });

  test('creates the overnight item once a new property has a tax rate', async ({
    demoApp: { t, client: admin },
  }) => {
    const response = await admin.post('/api/properties', { name: 'Pension Neu' });
    expect(response.statusCode).toBe(201);
    const fresh = await login(t.app, demo.users.admin);
    await switchProperty(fresh, parsed(response, ZProperty).id);
    expect(await list(ZItem, fresh, '/api/items')).toEqual([]);
    const body = { name: 'Parkplatz', type: 'other', amount: 1000, taxRateId: unknownId };
    expectProblem(await fresh.post('/api/items', body), 400, 'validation');
    expectProblem(await fresh.post('/api/rates', { name: 'Standard', code: 'STD' }), 400, 'validation');

    const taxRate = await create(ZTaxRate, fresh, '/api/tax_rates', { name: 'Beherbergung', percentage: 10 });
    const items = await list(ZItem, fresh, '/api/items');
    expect(items).toEqual([
      expect.objectContaining({ name: 'Übernachtung', isOvernight: true, taxRateId: taxRate.id }),
    ]);
    await create(ZItem, fresh, '/api/items', { ...body, taxRateId: taxRate.id });
    expect((await list(ZItem, fresh, '/api/items')).filter((item) => item.isOvernight)).toHaveLength(1);
  });
});

describe('/api/payment_methods', () => {
  test('creates, reads, lists, updates and deletes a payment method', async ({
    demoApp: { client: admin },
  }) => {
    const created = await create(ZPaymentMethod, admin, '/api/payment_methods', {
      name: 'Maestro',
      kind: 'card',
      accountNumber: '2811',
    });
    expect(created).toMatchObject({
      name: 'Maestro',
      kind: 'card',
      accountNumber: '2811',
      bookingText: null,
    });
    expect(parsed(await admin.get(`/api/payment_methods/${created.id}`), ZPaymentMethod)).toEqual(created);
    expect(
      (await list(ZPaymentMethod, admin, '/api/payment_methods')).map((method) => method.name),
    ).toContain('Maestro');
    const updated = await admin.put(`/api/payment_methods/${created.id}`, {
      name: 'Debitkarte',
      kind: 'card',
      bookingText: 'Zahlung Debitkarte',
    });
    expect(parsed(updated, ZPaymentMethod)).toMatchObject({
      name: 'Debitkarte',
      bookingText: 'Zahlung Debitkarte',
      accountNumber: null,
    });
    expect((await admin.delete(`/api/payment_methods/${created.id}`)).statusCode).toBe(204);
    expectProblem(await admin.get(`/api/payment_methods/${created.id}`), 404, 'not_found');
  });

  test('refuses an unknown kind with 400 validation', async ({ demoApp: { client: admin } }) => {
    expectProblem(
      await admin.post('/api/payment_methods', { name: 'Scheck', kind: 'cheque' }),
      400,
      'validation',
    );
  });

  test("answers another property's payment method with 404", async ({
    demoApp: { client: admin },
    team: { berlinData },
  }) => {
    const foreign = berlinData.paymentMethods[0]!;
    expectProblem(await admin.get(`/api/payment_methods/${foreign.id}`), 404, 'not_found');
    expectProblem(
      await admin.put(`/api/payment_methods/${foreign.id}`, { name: 'X', kind: 'cash' }),
      404,
      'not_found',
    );
    expectProblem(await admin.delete(`/api/payment_methods/${foreign.id}`), 404, 'not_found');
  });
});

describe('/api/rates', () => {
  let rate: TRate;
  const suite = (salzburgData: TBaseData) => roomTypeByCode(salzburgData, 'SU');

  test.beforeAll(async ({ demoApp: { client: admin } }) => {
    rate = await create(ZRate, admin, '/api/rates', {
      name: 'Frühbucher',
      code: 'EARLY',
      externalId: 'ch-early',
    });
  });

  test('creates and reads a rate with no prices or items yet', async ({ demoApp: { client: admin } }) => {
    expect(rate).toMatchObject({ code: 'EARLY', active: true, isStandard: false, prices: [], items: [] });
    expect(parsed(await admin.get(`/api/rates/${rate.id}`), ZRate)).toEqual(rate);
  });

  test('lists rates, standard first, with their prices and items', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    const listed = await list(ZRate, admin, '/api/rates');
    expect(listed.map((listedRate) => listedRate.code)).toEqual(['BB', 'EARLY', 'RO']);
    expect(listed[0]!.prices).toContainEqual(
      expect.objectContaining({ roomTypeId: suite(salzburgData).id, occupancy: 1 }),
    );
  });

  test('keeps at most one standard rate', async ({ demoApp: { client: admin }, team: { salzburgData } }) => {
    const updated = await admin.put(`/api/rates/${rate.id}`, {
      name: 'Frühbucher',
      code: 'EARLY',
      isStandard: true,
    });
    expect(parsed(updated, ZRate)).toMatchObject({ isStandard: true, externalId: null });
    const standards = (await list(ZRate, admin, '/api/rates')).filter((listed) => listed.isStandard);
    expect(standards.map((listed) => listed.id)).toEqual([rate.id]);
    const breakfast = rateByCode(salzburgData, 'BB');
    await admin.put(`/api/rates/${breakfast.id}`, { name: breakfast.name, code: 'BB', isStandard: true });
    expect(parsed(await admin.get(`/api/rates/${rate.id}`), ZRate).isStandard).toBe(false);
    const created = await create(ZRate, admin, '/api/rates', {
      name: 'Hausgast',
      code: 'HOUSE',
      isStandard: true,
    });
    expect(parsed(await admin.get(`/api/rates/${breakfast.id}`), ZRate).isStandard).toBe(false);
    await admin.put(`/api/rates/${breakfast.id}`, { name: breakfast.name, code: 'BB', isStandard: true });
    await admin.delete(`/api/rates/${created.id}`);
  });

  test('refuses invalid rates with 400 validation and a used code with 409 rate/already_exists', async ({
    demoApp: { client: admin },
  }) => {
    expectProblem(await admin.post('/api/rates', { name: 'Ohne Code' }), 400, 'validation');
    expectProblem(
      await admin.post('/api/rates', { name: 'Zu lang', code: 'X'.repeat(21) }),
      400,
      'validation',
    );
    expectProblem(
      await admin.post('/api/rates', { name: 'Nochmal', code: 'RO' }),
      409,
      'rate/already_exists',
    );
    expectProblem(
      await admin.put(`/api/rates/${rate.id}`, { name: 'Frühbucher', code: 'BB' }),
      409,
      'rate/already_exists',
    );
  });

  describe('prices', () => {
    let price: TRatePrice;

    test('adds a price for a room type and occupancy', async ({
      demoApp: { client: admin },
      team: { salzburgData },
    }) => {
      price = await create(ZRatePrice, admin, `/api/rates/${rate.id}/prices`, {
        roomTypeId: suite(salzburgData).id,
        occupancy: 2,
        amount: 19900,
      });
      expect(price).toMatchObject({ roomTypeId: suite(salzburgData).id, occupancy: 2, amount: 19900 });
      expect(parsed(await admin.get(`/api/rates/${rate.id}`), ZRate).prices).toEqual([price]);
    });

    test('refuses a second price for the same room type and occupancy with 409 rate/price_already_configured', async ({
      demoApp: { client: admin },
      team: { salzburgData },
    }) => {
      const body = { roomTypeId: suite(salzburgData).id, occupancy: 2, amount: 1 };
      expectProblem(
        await admin.post(`/api/rates/${rate.id}/prices`, body),
        409,
        'rate/price_already_configured',
      );
      const other = await create(ZRatePrice, admin, `/api/rates/${rate.id}/prices`, {
        ...body,
        occupancy: 3,
      });
      expectProblem(
        await admin.put(`/api/rates/${rate.id}/prices/${other.id}`, body),
        409,
        'rate/price_already_configured',
      );
      expect((await admin.delete(`/api/rates/${rate.id}/prices/${other.id}`)).statusCode).toBe(204);
    });

    test("refuses an occupancy outside the room type's range with 400 rate/price_invalid_occupancy", async ({
      demoApp: { client: admin },
      team: { salzburgData },
    }) => {
      for (const occupancy of [4, 10]) {
        const body = { roomTypeId: suite(salzburgData).id, occupancy, amount: 30000 };
        expectProblem(
          await admin.post(`/api/rates/${rate.id}/prices`, body),
          400,
          'rate/price_invalid_occupancy',
        );
      }
      const family = roomTypeByCode(salzburgData, 'FZ');
      const body = { roomTypeId: family.id, occupancy: 1, amount: 10000 };
      expectProblem(
        await admin.post(`/api/rates/${rate.id}/prices`, body),
        400,
        'rate/price_invalid_occupancy',
      );
      expectProblem(
        await admin.put(`/api/rates/${rate.id}/prices/${price.id}`, body),
        400,
        'rate/price_invalid_occupancy',
      );
    });

    test('refuses a malformed price with 400 validation', async ({
      demoApp: { client: admin },
      team: { salzburgData },
    }) => {
      const body = { roomTypeId: suite(salzburgData).id, occupancy: 1, amount: 199.5 };
      expectProblem(await admin.post(`/api/rates/${rate.id}/prices`, body), 400, 'validation');
      expectProblem(
        await admin.post(`/api/rates/${rate.id}/prices`, { ...body, amount: -100 }),
        400,
        'validation',
      );
      expectProblem(
        await admin.post(`/api/rates/${rate.id}/prices`, { ...body, occupancy: 0, amount: 100 }),
        400,
        'validation',
      );
    });

    test('answers the nightly amount for a room type and occupancy', async ({
      demoApp: { client: admin },
      team: { cleaning, salzburgData },
    }) => {
      const response = await admin.get(`/api/rates/${rate.id}/price`, {
        query: { roomTypeId: suite(salzburgData).id, occupancy: '2' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ amount: 19900 });
      expect(
        (
          await cleaning.get(`/api/rates/${rate.id}/price`, {
            query: { roomTypeId: suite(salzburgData).id, occupancy: '2' },
          })
        ).statusCode,
      ).toBe(200);
    });

    test('answers 400 rate/no_matching_price when the rate has no such price', async ({
      demoApp: { client: admin },
      team: { salzburgData },
    }) => {
      const query = { roomTypeId: suite(salzburgData).id, occupancy: '1' };
      expectProblem(await admin.get(`/api/rates/${rate.id}/price`, { query }), 400, 'rate/no_matching_price');
      const other = { roomTypeId: roomTypeByCode(salzburgData, 'EZ').id, occupancy: '2' };
      expectProblem(
        await admin.get(`/api/rates/${rate.id}/price`, { query: other }),
        400,
        'rate/no_matching_price',
      );
      expectProblem(
        await admin.get(`/api/rates/${rate.id}/price`, { query: { roomTypeId: suite(salzburgData).id } }),
        400,
        'validation',
      );
    });

    test('updates and deletes a price', async ({ demoApp: { client: admin }, team: { salzburgData } }) => {
      const updated = await admin.put(`/api/rates/${rate.id}/prices/${price.id}`, {
        roomTypeId: suite(salzburgData).id,
        occupancy: 2,
        amount: 20900,
      });
      expect(updated.statusCode).toBe(200);
      expect(parsed(updated, ZRatePrice)).toEqual({ ...price, amount: 20900 });
      expect((await admin.delete(`/api/rates/${rate.id}/prices/${price.id}`)).statusCode).toBe(204);
      expectProblem(await admin.delete(`/api/rates/${rate.id}/prices/${price.id}`), 404, 'not_found');
      const query = { roomTypeId: suite(salzburgData).id, occupancy: '2' };
      expectProblem(await admin.get(`/api/rates/${rate.id}/price`, { query }), 400, 'rate/no_matching_price');
    });

    test('answers a price of another rate or property with 404', async ({
      demoApp: { client: admin },
      team: { salzburgData, berlinData },
    }) => {
      const breakfast = rateByCode(salzburgData, 'BB');
      const body = { roomTypeId: suite(salzburgData).id, occupancy: 1, amount: 100 };
      expectProblem(
        await admin.put(`/api/rates/${rate.id}/prices/${breakfast.prices[0]!.id}`, body),
        404,
        'not_found',
      );
      const foreign = rateByCode(berlinData, 'BB');
      expectProblem(await admin.post(`/api/rates/${foreign.id}/prices`, body), 404, 'not_found');
      expectProblem(
        await admin.delete(`/api/rates/${foreign.id}/prices/${foreign.prices[0]!.id}`),
        404,
        'not_found',
      );
      const foreignType = { ...body, roomTypeId: roomTypeByCode(berlinData, 'EZ').id };
      expectProblem(await admin.post(`/api/rates/${rate.id}/prices`, foreignType), 404, 'not_found');
      const query = { roomTypeId: roomTypeByCode(berlinData, 'EZ').id, occupancy: '1' };
      expectProblem(await admin.get(`/api/rates/${foreign.id}/price`, { query }), 404, 'not_found');
    });
  });

  describe('items', () => {
    let rateItem: TRateItem;

    test('adds an item to a rate', async ({ demoApp: { client: admin }, team: { salzburgData } }) => {
      const breakfast = itemByName(salzburgData, 'Frühstück');
      rateItem = await create(ZRateItem, admin, `/api/rates/${rate.id}/items`, {
        itemId: breakfast.id,
        unit: 'person',
        frequency: 'daily',
        amount: 1600,
      });
      expect(rateItem).toMatchObject({
        itemId: breakfast.id,
        item: { name: 'Frühstück', type: 'food_and_beverage' },
        unit: 'person',
        frequency: 'daily',
        amount: 1600,
        inclusive: false,
      });
      expect(parsed(await admin.get(`/api/rates/${rate.id}`), ZRate).items).toEqual([rateItem]);
    });

    test('updates and deletes a rate item', async ({
      demoApp: { client: admin },
      team: { salzburgData },
    }) => {
      const parking = itemByName(salzburgData, 'Parkplatz');
      const updated = await admin.put(`/api/rates/${rate.id}/items/${rateItem.id}`, {
        itemId: parking.id,
        unit: 'room',
        frequency: 'check_in',
        amount: 1000,
        inclusive: true,
      });
      expect(updated.statusCode).toBe(200);
      expect(parsed(updated, ZRateItem)).toMatchObject({
        item: { name: 'Parkplatz', type: 'other' },
        unit: 'room',
        inclusive: true,
      });
      expect((await admin.delete(`/api/rates/${rate.id}/items/${rateItem.id}`)).statusCode).toBe(204);
      expectProblem(await admin.delete(`/api/rates/${rate.id}/items/${rateItem.id}`), 404, 'not_found');
      expect(parsed(await admin.get(`/api/rates/${rate.id}`), ZRate).items).toEqual([]);
    });

    test('refuses invalid rate items', async ({
      demoApp: { client: admin },
      team: { salzburgData, berlinData },
    }) => {
      const breakfast = itemByName(salzburgData, 'Frühstück').id;
      const body = { itemId: breakfast, unit: 'person', frequency: 'daily', amount: 1600 };
      expectProblem(
        await admin.post(`/api/rates/${rate.id}/items`, { ...body, unit: 'bed' }),
        400,
        'validation',
      );
      expectProblem(
        await admin.post(`/api/rates/${rate.id}/items`, { ...body, frequency: 'weekly' }),
        400,
        'validation',
      );
      const overnight = itemByName(salzburgData, 'Übernachtung').id;
      expectProblem(
        await admin.post(`/api/rates/${rate.id}/items`, { ...body, itemId: overnight }),
        400,
        'validation',
      );
      const foreignItem = itemByName(berlinData, 'Frühstück').id;
      expectProblem(
        await admin.post(`/api/rates/${rate.id}/items`, { ...body, itemId: foreignItem }),
        404,
        'not_found',
      );
      const foreignRate = rateByCode(berlinData, 'BB');
      expectProblem(await admin.post(`/api/rates/${foreignRate.id}/items`, body), 404, 'not_found');
      expectProblem(
        await admin.put(`/api/rates/${rate.id}/items/${foreignRate.items[0]!.id}`, body),
        404,
        'not_found',
      );
    });
  });

  test('refuses to delete a rate bookings use with 409 base_data/in_use', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    expectProblem(
      await admin.delete(`/api/rates/${rateByCode(salzburgData, 'BB').id}`),
      409,
      'base_data/in_use',
    );
  });

  test('deletes an unused rate, whose code can then be used again', async ({
    demoApp: { client: admin },
    team: { salzburgData },
  }) => {
    expect((await admin.delete(`/api/rates/${rate.id}`)).statusCode).toBe(204);
    expectProblem(await admin.get(`/api/rates/${rate.id}`), 404, 'not_found');
    expectProblem(
      await admin.get(`/api/rates/${rate.id}/price`, {
        query: { roomTypeId: suite(salzburgData).id, occupancy: '1' },
      }),
      404,
      'not_found',
    );
    const again = await create(ZRate, admin, '/api/rates', { name: 'Frühbucher', code: 'EARLY' });
    expect(again.id).not.toBe(rate.id);
  });

  test("answers another property's rate with 404", async ({
    demoApp: { client: admin },
    team: { berlinData },
  }) => {
    const foreign = rateByCode(berlinData, 'RO');
    expectProblem(await admin.get(`/api/rates/${foreign.id}`), 404, 'not_found');
    expectProblem(await admin.put(`/api/rates/${foreign.id}`, { name: 'X', code: 'X' }), 404, 'not_found');
    expectProblem(await admin.delete(`/api/rates/${foreign.id}`), 404, 'not_found');
  });
});
