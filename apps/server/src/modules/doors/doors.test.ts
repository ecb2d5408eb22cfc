import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { TAccessToken, TBooking } from '@pms/contract';
import { ZAccessPoint, ZAccessToken, ZBooking } from '@pms/contract';
import type { TGuestActor } from '../../actor.ts';
import { accessCredentials, accessTokens, events } from '../../db/schema/index.ts';
import { webhookSignature } from '../../integrations/doors/lock-system.ts';
import {
  createStayFixture,
  expectProblem,
  parsed,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { doorSettingKeys, listAccessPoints, unlockAccessPoint } from './doors.service.ts';

/** Vienna in April: CEST, two hours ahead of UTC. Check-in 15:00 is 13:00Z, check-out 11:00 is 09:00Z. */
const arrival = '2027-04-20';
const departure = '2027-04-22';
const secret = 'door-secret';

type TDoorDesk = {
  t: TTestApp;
  admin: ApiClient;
  propertyId: string;
  roomIds: Record<string, string>;
  rateId: string;
  /** The room the next booking takes: each gets one of its own. */
  nextRoom: number;
};

type TLockCall = { body: Record<string, unknown>; headers: IncomingHttpHeaders; raw: string };

const test = apiTest
  /** Rooms of a type and rate of their own, on the arrival morning. */
  .extend('desk', { scope: 'file' }, async ({ demoApp: { t, client: admin, ids } }): Promise<TDoorDesk> => {
    t.clock.set(`${arrival}T08:00:00Z`);
    const { roomIds, rateId } = await createStayFixture(admin, {
      roomType: { name: 'Türzimmer', code: 'TUER' },
      rooms: '1601-1630',
      rate: { name: 'Türrate', code: 'TUERR' },
      prices: [10000, 15000],
    });
    return { t, admin, propertyId: ids['Alpenhof Salzburg']!, roomIds, rateId, nextRoom: 1601 };
  })
  /** A stand-in lock system behind the webhook, recording its calls; `failUnlock` makes it fail unlocking. */
  .extend('lockSystem', { scope: 'file' }, async ({ demoApp: { t, client: admin } }, { onCleanup }) => {
    const lock = { calls: [] as TLockCall[], failUnlock: false };
    // The stand-in listens on this machine: ALLOW_PRIVATE_OUTBOUND, as in development.
    t.app.context.config.allowPrivateOutbound = true;
    const server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const body = JSON.parse(raw) as Record<string, unknown>;
        lock.calls.push({ body, headers: request.headers, raw });
        if (lock.failUnlock && body.action === 'unlock') {
          response.writeHead(500).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(body.action === 'issue' ? { lockCredentialId: `lock-${lock.calls.length}` } : {}),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onCleanup(() => {
      server.close();
      t.app.context.config.allowPrivateOutbound = false;
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/locks`;
    for (const [key, value, isSecret] of [
      [doorSettingKeys.webhookUrl, url, false],
      [doorSettingKeys.webhookSecret, secret, true],
    ] as const) {
      const response = await admin.post('/api/settings', { key, value, secret: isSecret });
      expect(response.statusCode, response.body).toBe(201);
    }
    return lock;
  });

async function checkedIn(desk: TDoorDesk): Promise<TBooking> {
  const { t, admin, rateId, roomIds } = desk;
  t.clock.set(`${arrival}T08:00:00Z`);
  const created = await admin.post('/api/bookings', {
    occupancy: 1,
    rateId,
    roomId: roomIds[String(desk.nextRoom++)],
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

async function tokenOf(admin: ApiClient, bookingId: string): Promise<TAccessToken | null> {
  const response = await admin.get(`/api/bookings/${bookingId}/access_token`);
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, z.object({ data: ZAccessToken.nullable() })).data;
}

function unlock(admin: ApiClient, bookingId: string, accessPointId: string) {
  return admin.post(`/api/bookings/${bookingId}/access_points/${accessPointId}/unlock`);
}

async function eventTypes(t: TTestApp, bookingId: string): Promise<string[]> {
  const rows = await t.db
    .select({ type: events.type })
    .from(events)
    .where(and(eq(events.objectType, 'booking'), eq(events.objectId, bookingId)))
    .orderBy(events.createdAt);
  return rows.map((row) => row.type);
}

describe('a guest’s key', () => {
  test('is issued at check-in for the room and the entrances, valid from check-in to check-out time', async ({
    demoApp: { t, client: admin },
    desk,
  }) => {
    const booking = await checkedIn(desk);
    const token = (await tokenOf(admin, booking.id))!;
    expect(token).toMatchObject({
      validFrom: `${arrival}T13:00:00.000Z`,
      validUntil: `${departure}T09:00:00.000Z`,
      revokedAt: null,
    });
    expect(token.credentials.map((c) => [c.accessPoint.name, c.accessPoint.isRoom, c.status])).toEqual([
      [String(desk.nextRoom - 1), true, 'pending'],
      ['Haupteingang', false, 'pending'],
      ['Skiraum', false, 'pending'],
    ]);
    await t.app.jobRunner.runDue();
    expect((await tokenOf(admin, booking.id))!.credentials.map((c) => c.status)).toEqual([
      'issued',
      'issued',
      'issued',
    ]);
    expect(await eventTypes(t, booking.id)).toContain('access_token_issued');
  });

  test('opens a door only between check-in and check-out time, each attempt an event', async ({
    demoApp: { t, client: admin },
    desk,
  }) => {
    const booking = await checkedIn(desk);
    const [room] = (await tokenOf(admin, booking.id))!.credentials.map((c) => c.accessPoint);
    t.clock.set(`${arrival}T12:59:00Z`);
    expectProblem(await unlock(admin, booking.id, room!.id), 400, 'door/outside_window');
    t.clock.set(`${arrival}T13:00:00Z`);
    const opened = await unlock(admin, booking.id, room!.id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(parsed(opened, ZAccessPoint)).toEqual(room);
    t.clock.set(`${departure}T09:00:00Z`);
    expectProblem(await unlock(admin, booking.id, room!.id), 400, 'door/outside_window');
    expect((await eventTypes(t, booking.id)).filter((type) => type === 'door_unlocked')).toHaveLength(1);
  });

  test('is revoked at check-out, and a guest reaches only the doors of their own booking', async ({
    demoApp: { t, client: admin },
    desk,
  }) => {
    const booking = await checkedIn(desk);
    const other = await checkedIn(desk);
    const guest: TGuestActor = {
      kind: 'guest',
      id: booking.id,
      propertyId: desk.propertyId,
      bookingId: booking.id,
      name: 'Gast',
    };
    const doors = await listAccessPoints(t.app.context, guest, booking.id);
    expect(doors).toHaveLength(3);
    const otherDoor = (await tokenOf(admin, other.id))!.credentials[0]!.accessPoint;
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
    const revoked = (await tokenOf(admin, booking.id))!;
    expect(revoked.revokedAt).not.toBeNull();
    expect(revoked.credentials.every((c) => c.status === 'revoking' || c.status === 'revoked')).toBe(true);
    expect(await listAccessPoints(t.app.context, guest, booking.id)).toEqual([]);
    await expect(unlockAccessPoint(t.app.context, guest, booking.id, doors[0]!.id)).rejects.toMatchObject({
      code: 'door/no_access_token',
    });
    expect(await eventTypes(t, booking.id)).toContain('access_token_revoked');
    expectProblem(await unlock(admin, booking.id, 'nope'), 400, 'validation');
  });
});

describe('the lock system behind a webhook', () => {
  test('issues, opens and revokes through signed calls, and reports a door that did not open', async ({
    demoApp: { t, client: admin },
    desk,
    lockSystem: lock,
  }) => {
    const { calls } = lock;
    const booking = await checkedIn(desk);
    await t.app.jobRunner.runDue();
    const ours = () =>
      calls.filter((call) => call.body.bookingCode === booking.code || call.body.lockCredentialId);
    expect(ours().filter((call) => call.body.action === 'issue')).toHaveLength(3);
    for (const call of calls) {
      const timestamp = Math.floor(t.clock.now().getTime() / 1000);
      expect(call.headers['x-pms-signature']).toBe(webhookSignature(secret, call.raw, timestamp));
    }
    const [room] = (await tokenOf(admin, booking.id))!.credentials.map((c) => c.accessPoint);
    t.clock.set(`${arrival}T15:00:00Z`);
    expect((await unlock(admin, booking.id, room!.id)).statusCode).toBe(200);
    expect(calls.at(-1)!.body).toMatchObject({ action: 'unlock', accessPoint: { name: room!.name } });
    lock.failUnlock = true;
    expectProblem(await unlock(admin, booking.id, room!.id), 502, 'door/unlock_failed');
    lock.failUnlock = false;
    expect(await eventTypes(t, booking.id)).toEqual(
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
