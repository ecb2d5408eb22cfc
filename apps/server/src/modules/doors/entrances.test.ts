import { describe, expect } from 'vitest';
import { z } from 'zod';
import type { TAccessPointRecord } from '@pms/contract';
import { ZAccessPoint, ZAccessPointRecord, ZAccessToken, ZBooking, ZPaged } from '@pms/contract';
import {
  createStayFixture,
  demo,
  expectProblem,
  loginAt,
  parsed,
  type ApiClient,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

const test = apiTest;

/** Vienna in May: check-in opens at 15:00 (13:00Z). */
const arrival = '2027-05-10';

async function entrances(client: ApiClient): Promise<TAccessPointRecord[]> {
  const response = await client.get('/api/access_points', { query: { pageSize: '100' } });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZPaged(ZAccessPointRecord)).data;
}

async function createEntrance(client: ApiClient, name: string): Promise<TAccessPointRecord> {
  const response = await client.post('/api/access_points', { name });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZAccessPointRecord);
}

describe('entrances in base data', () => {
  test('lists the demo entrances by name, never a room’s door', async ({ demoApp: { client: admin } }) => {
    const list = await entrances(admin);
    expect(list.map((entrance) => entrance.name)).toEqual(
      expect.arrayContaining(['Haupteingang', 'Skiraum']),
    );
    expect(list.every((entrance) => !entrance.isRoom && entrance.roomId === null)).toBe(true);
    const names = list.map((entrance) => entrance.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  test('creates, renames and deletes an entrance; a deleted one is gone and its name free', async ({
    demoApp: { client: admin },
  }) => {
    const created = await createEntrance(admin, 'Garage');
    expect(created).toMatchObject({ name: 'Garage', isRoom: false, roomId: null, lockId: null });
    const renamed = await admin.patch(`/api/access_points/${created.id}`, {
      name: ' Tiefgarage ',
      lockId: 'L-7',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(parsed(renamed, ZAccessPointRecord)).toMatchObject({ name: 'Tiefgarage', lockId: 'L-7' });
    expect((await entrances(admin)).map((entrance) => entrance.name)).toContain('Tiefgarage');

    expect((await admin.delete(`/api/access_points/${created.id}`)).statusCode).toBe(204);
    expect((await entrances(admin)).map((entrance) => entrance.id)).not.toContain(created.id);
    expectProblem(await admin.delete(`/api/access_points/${created.id}`), 404, 'not_found');
    expectProblem(await admin.patch(`/api/access_points/${created.id}`, { name: 'X' }), 404, 'not_found');
    expect((await createEntrance(admin, 'tiefgarage')).name).toBe('tiefgarage');
  });

  test('refuses a second entrance of the same name, in any case, also by renaming', async ({
    demoApp: { client: admin },
  }) => {
    expectProblem(
      await admin.post('/api/access_points', { name: 'HAUPTEINGANG' }),
      409,
      'access_point/already_exists',
    );
    const other = await createEntrance(admin, 'Hintereingang');
    expectProblem(
      await admin.patch(`/api/access_points/${other.id}`, { name: 'haupteingang' }),
      409,
      'access_point/already_exists',
    );
    const both = await Promise.all([
      admin.post('/api/access_points', { name: 'Sauna' }),
      admin.post('/api/access_points', { name: 'Sauna' }),
    ]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });

  test('answers bad input with 400 and the failing field', async ({ demoApp: { client: admin } }) => {
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 7 }])
      expectProblem(await admin.post('/api/access_points', body), 400, 'validation');
    const entrance = await createEntrance(admin, 'Lieferanteneingang');
    expectProblem(
      await admin.patch(`/api/access_points/${entrance.id}`, { isRoom: true }),
      400,
      'validation',
    );
    expectProblem(await admin.patch(`/api/access_points/${entrance.id}`, { name: '' }), 400, 'validation');
    expectProblem(await admin.patch('/api/access_points/not-an-id', { name: 'X' }), 400, 'validation');
    expectProblem(await admin.get('/api/access_points', { query: { pageSize: '0' } }), 400, 'validation');
  });

  test('refuses a change without the XSRF token', async ({ demoApp: { client: admin } }) => {
    expectProblem(
      await admin.post('/api/access_points', { name: 'Ohne' }, { xsrf: false }),
      403,
      'auth/xsrf_invalid',
    );
    const [entrance] = await entrances(admin);
    expectProblem(
      await admin.delete(`/api/access_points/${entrance!.id}`, { xsrf: false }),
      403,
      'auth/xsrf_invalid',
    );
  });

  test('lets every base-data reader list, and only admins and managers change', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const [entrance] = await entrances(admin);
    for (const role of ['manager', 'staff', 'cleaning', 'catering'] as const) {
      const client = await loginAt(t.app, demo.users[role], ids[demo.austria]!);
      expect((await entrances(client)).length).toBeGreaterThan(0);
      const created = await client.post('/api/access_points', { name: `Tür ${role}` });
      const renamed = await client.patch(`/api/access_points/${entrance!.id}`, { name: entrance!.name });
      if (role === 'manager') {
        expect(created.statusCode).toBe(201);
        expect(renamed.statusCode).toBe(200);
      } else {
        expectProblem(created, 403, 'auth/forbidden');
        expectProblem(renamed, 403, 'auth/forbidden');
        expectProblem(await client.delete(`/api/access_points/${entrance!.id}`), 403, 'auth/forbidden');
      }
    }
  });

  test('keeps each property’s entrances apart: another property’s is not found', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const berlin = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    const berlinEntrances = await entrances(berlin);
    expect(berlinEntrances.map((entrance) => entrance.name)).toContain('Fahrradkeller');
    expect(berlinEntrances.map((entrance) => entrance.name)).not.toContain('Skiraum');
    const foreign = berlinEntrances[0]!;
    expectProblem(await admin.patch(`/api/access_points/${foreign.id}`, { name: 'Fremd' }), 404, 'not_found');
    expectProblem(await admin.delete(`/api/access_points/${foreign.id}`), 404, 'not_found');
    // The same name may exist in each property.
    expect((await createEntrance(admin, 'Fahrradkeller')).name).toBe('Fahrradkeller');
  });
});

describe('entrances and the keys that open them', () => {
  test('adds a new entrance to the live keys, and takes a deleted one (or a room’s door) out of reach', async ({
    demoApp: { t, client: admin },
  }) => {
    t.clock.set(`${arrival}T08:00:00Z`);
    const { roomIds, rateId } = await createStayFixture(admin, {
      roomType: { name: 'Zugangszimmer', code: 'ZUG' },
      rooms: '1701-1702',
      rate: { name: 'Zugangsrate', code: 'ZUGR' },
      prices: [10000, 15000],
    });
    const created = await admin.post('/api/bookings', {
      occupancy: 1,
      rateId,
      roomId: roomIds['1701'],
      checkIn: arrival,
      checkOut: '2027-05-12',
      isDebtor: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const booking = parsed(created, ZBooking);
    expect((await admin.post(`/api/bookings/${booking.id}/actions/check_in`)).statusCode).toBe(200);
    const doors = async () =>
      parsed(
        await admin.get(`/api/bookings/${booking.id}/access_points`),
        z.object({ data: z.array(ZAccessPoint) }),
      ).data;
    const before = await doors();

    const pool = await createEntrance(admin, 'Pool');
    const after = (await doors()).map((door) => door.name);
    expect(after).toHaveLength(before.length + 1);
    expect(after).toEqual(expect.arrayContaining([...before.map((door) => door.name), 'Pool']));

    const roomDoor = before.find((door) => door.isRoom)!;
    expectProblem(await admin.patch(`/api/access_points/${roomDoor.id}`, { name: 'Tür' }), 404, 'not_found');
    expectProblem(await admin.delete(`/api/access_points/${roomDoor.id}`), 404, 'not_found');

    t.clock.set(`${arrival}T14:00:00Z`);
    expect((await admin.post(`/api/bookings/${booking.id}/access_points/${pool.id}/unlock`)).statusCode).toBe(
      200,
    );
    expect((await admin.delete(`/api/access_points/${pool.id}`)).statusCode).toBe(204);
    expect((await doors()).map((door) => door.id)).not.toContain(pool.id);
    expectProblem(
      await admin.post(`/api/bookings/${booking.id}/access_points/${pool.id}/unlock`),
      404,
      'not_found',
    );
    const token = parsed(
      await admin.get(`/api/bookings/${booking.id}/access_token`),
      z.object({ data: ZAccessToken.nullable() }),
    ).data!;
    const poolCredential = token.credentials.find((credential) => credential.accessPoint.id === pool.id);
    expect(poolCredential?.status).toMatch(/^(revoking|revoked)$/);
    t.clock.reset();
  });
});
