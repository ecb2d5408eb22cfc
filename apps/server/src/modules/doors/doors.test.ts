import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TAccessToken, TBooking } from '@pms/contract';
import { ZAccessPoint, ZBooking } from '@pms/contract';
import type { TGuestActor } from '../../actor.ts';
import { accessCredentials, accessTokens, events } from '../../db/schema/index.ts';
import { webhookSignature } from '../../integrations/doors/lock-system.ts';
import {
  createStayFixture,
  expectProblem,
  parsed,
  startDemoApp,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { doorSettingKeys, listAccessPoints, unlockAccessPoint } from './doors.service.ts';

let t: TTestApp;
let admin: ApiClient;
let propertyId: string;
let roomIds: Record<string, string>;
let rateId: string;
let nextRoom = 1601;

/** Vienna in April: CEST, two hours ahead of UTC. Check-in 15:00 is 13:00Z, check-out 11:00 is 09:00Z. */
const arrival = '2027-04-20';
const departure = '2027-04-22';

async function checkedIn(): Promise<TBooking> {
  t.clock.set(`${arrival}T08:00:00Z`);
  const created = await admin.post('/api/bookings', {
    occupancy: 1,
    rateId,
    roomId: roomIds[String(nextRoom++)],
    checkIn: arrival,
    checkOut: departure,
    isDebtor: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  const booking = parsed(created, ZBooking);
  const response = await admin.post(`/api/bookings/${booking.id}/actions/check_in`);
  expect(response.statusCode, response.body).toBe(200);
  return booking;
}

async function tokenOf(bookingId: string): Promise<TAccessToken | null> {
  const response = await admin.get(`/api/bookings/${bookingId}/access_token`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: TAccessToken | null }>().data;
}

function unlock(bookingId: string, accessPointId: string) {
  return admin.post(`/api/bookings/${bookingId}/access_points/${accessPointId}/unlock`);
}

async function eventTypes(bookingId: string): Promise<string[]> {
  const rows = await t.db
    .select({ type: events.type })
    .from(events)
    .where(and(eq(events.objectType, 'booking'), eq(events.objectId, bookingId)))
    .orderBy(events.createdAt);
  return rows.map((row) => row.type);
}

beforeAll(async () => {
  let ids: Record<string, string>;
  ({ t, client: admin, ids } = await startDemoApp());
  propertyId = ids['Alpenhof Salzburg']!;
  t.clock.set(`${arrival}T08:00:00Z`);
  ({ roomIds, rateId } = await createStayFixture(admin, {
    roomType: { name: 'Türzimmer', code: 'TUER' },
    rooms: '1601-1630',
    rate: { name: 'Türrate', code: 'TUERR' },
    prices: [10000, 15000],
  }));
});
afterAll(async () => {
  await t.close();
});

describe('a guest’s key', () => {
  it('is issued at check-in for the room and the entrances, valid from check-in to check-out time', async () => {
    const booking = await checkedIn();
    const token = (await tokenOf(booking.id))!;
    expect(token).toMatchObject({
      validFrom: `${arrival}T13:00:00.000Z`,
      validUntil: `${departure}T09:00:00.000Z`,
      revokedAt: null,
    });
    expect(token.credentials.map((c) => [c.accessPoint.name, c.accessPoint.isRoom, c.status])).toEqual([
      [String(nextRoom - 1), true, 'pending'],
      ['Haupteingang', false, 'pending'],
      ['Skiraum', false, 'pending'],
    ]);
    await t.app.jobRunner.runDue();
    expect((await tokenOf(booking.id))!.credentials.map((c) => c.status)).toEqual([
      'issued',
      'issued',
      'issued',
    ]);
    expect(await eventTypes(booking.id)).toContain('access_token_issued');
  });

  it('opens a door only between check-in and check-out time, each attempt an event', async () => {
    const booking = await checkedIn();
    const [room] = (await tokenOf(booking.id))!.credentials.map((c) => c.accessPoint);
    t.clock.set(`${arrival}T12:59:00Z`);
    expectProblem(await unlock(booking.id, room!.id), 400, 'door/outside_window');
    t.clock.set(`${arrival}T13:00:00Z`);
    const opened = await unlock(booking.id, room!.id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(parsed(opened, ZAccessPoint)).toEqual(room);
    t.clock.set(`${departure}T09:00:00Z`);
    expectProblem(await unlock(booking.id, room!.id), 400, 'door/outside_window');
    expect((await eventTypes(booking.id)).filter((type) => type === 'door_unlocked')).toHaveLength(1);
  });

  it('is revoked at check-out, and a guest reaches only the doors of their own booking', async () => {
    const booking = await checkedIn();
    const other = await checkedIn();
    const guest: TGuestActor = {
      kind: 'guest',
      id: booking.id,
      propertyId,
      bookingId: booking.id,
      name: 'Gast',
    };
    const doors = await listAccessPoints(t.app.context, guest, booking.id);
    expect(doors).toHaveLength(3);
    const otherDoor = (await tokenOf(other.id))!.credentials[0]!.accessPoint;
    t.clock.set(`${arrival}T14:00:00Z`);
    await expect(listAccessPoints(t.app.context, guest, other.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(unlockAccessPoint(t.app.context, guest, booking.id, otherDoor.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect((await unlockAccessPoint(t.app.context, guest, booking.id, doors[1]!.id)).name).toBe(
      'Haupteingang',
    );

    const out = await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
      query: { confirmDueAmount: 'true' },
    });
    expect(out.statusCode, out.body).toBe(200);
    const revoked = (await tokenOf(booking.id))!;
    expect(revoked.revokedAt).not.toBeNull();
    expect(revoked.credentials.every((c) => c.status === 'revoking' || c.status === 'revoked')).toBe(true);
    expect(await listAccessPoints(t.app.context, guest, booking.id)).toEqual([]);
    await expect(unlockAccessPoint(t.app.context, guest, booking.id, doors[0]!.id)).rejects.toMatchObject({
      code: 'door/no_access_token',
    });
    expect(await eventTypes(booking.id)).toContain('access_token_revoked');
    expectProblem(await unlock(booking.id, 'nope'), 400, 'validation');
  });
});

describe('the lock system behind a webhook', () => {
  const secret = 'door-secret';
  const calls: { body: Record<string, unknown>; headers: IncomingHttpHeaders; raw: string }[] = [];
  let failUnlock = false;
  let server: Server;

  beforeAll(async () => {
    // The stand-in listens on this machine: ALLOW_PRIVATE_OUTBOUND, as in development.
    t.app.context.config.allowPrivateOutbound = true;
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const body = JSON.parse(raw) as Record<string, unknown>;
        calls.push({ body, headers: request.headers, raw });
        if (failUnlock && body.action === 'unlock') {
          response.writeHead(500).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(body.action === 'issue' ? { lockCredentialId: `lock-${calls.length}` } : {}),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/locks`;
    for (const [key, value, isSecret] of [
      [doorSettingKeys.webhookUrl, url, false],
      [doorSettingKeys.webhookSecret, secret, true],
    ] as const) {
      const response = await admin.post('/api/settings', { key, value, secret: isSecret });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
  afterAll(() => {
    server.close();
    t.app.context.config.allowPrivateOutbound = false;
  });

  it('issues, opens and revokes through signed calls, and reports a door that did not open', async () => {
    const booking = await checkedIn();
    await t.app.jobRunner.runDue();
    const ours = () =>
      calls.filter((call) => call.body.bookingCode === booking.code || call.body.lockCredentialId);
    expect(ours().filter((call) => call.body.action === 'issue')).toHaveLength(3);
    for (const call of calls) {
      const timestamp = Math.floor(t.clock.now().getTime() / 1000);
      expect(call.headers['x-pms-signature']).toBe(webhookSignature(secret, call.raw, timestamp));
    }
    const [room] = (await tokenOf(booking.id))!.credentials.map((c) => c.accessPoint);
    t.clock.set(`${arrival}T15:00:00Z`);
    expect((await unlock(booking.id, room!.id)).statusCode).toBe(200);
    expect(calls.at(-1)!.body).toMatchObject({ action: 'unlock', accessPoint: { name: room!.name } });
    failUnlock = true;
    expectProblem(await unlock(booking.id, room!.id), 502, 'door/unlock_failed');
    failUnlock = false;
    expect(await eventTypes(booking.id)).toEqual(
      expect.arrayContaining(['door_unlocked', 'door_unlock_failed']),
    );
    const canceled = await admin.post(`/api/bookings/${booking.id}/actions/check_out`, undefined, {
      query: { confirmDueAmount: 'true' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    await t.app.jobRunner.runDue();
    const credentials = await t.db
      .select({ status: accessCredentials.status, lockId: accessCredentials.lockCredentialId })
      .from(accessCredentials)
      .innerJoin(accessTokens, eq(accessTokens.id, accessCredentials.tokenId))
      .where(eq(accessTokens.bookingId, booking.id));
    expect(credentials.map((c) => c.status)).toEqual(['revoked', 'revoked', 'revoked']);
    const revoked = calls
      .filter((call) => call.body.action === 'revoke')
      .map((call) => call.body.lockCredentialId);
    expect(revoked).toEqual(expect.arrayContaining(credentials.map((c) => c.lockId)));
  });
});
