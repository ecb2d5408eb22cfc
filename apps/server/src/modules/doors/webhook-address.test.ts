// The lock system's webhook address on a server with the default settings: only public addresses are
// saved and called (doors.test.ts allows private ones, ALLOW_PRIVATE_OUTBOUND, for its local stand-in).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { ZAccessToken, ZBooking, ZSettingEntry } from '@pms/contract';
import { accessCredentials, accessTokens, events, settingEntries } from '../../db/schema/index.ts';
import { createStayFixture, expectProblem, parsed, type ApiClient } from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { doorSettingKeys } from './doors.service.ts';

const arrival = '2027-05-20';

/** On the arrival morning: rooms of a type and rate of their own, and the Austrian property's id. */
const test = apiTest
  .extend('arrival', { scope: 'file' }, async ({ demoApp: { t, client: admin, ids } }) => {
    expect(t.app.context.config.allowPrivateOutbound).toBe(false);
    t.clock.set(`${arrival}T08:00:00Z`);
    const stay = await createStayFixture(admin, {
      roomType: { name: 'Adresszimmer', code: 'ADRZ' },
      rooms: '1701-1705',
      rate: { name: 'Adressrate', code: 'ADRR' },
      prices: [10000, 15000],
    });
    return { stay, propertyId: ids['Alpenhof Salzburg']! };
  })
  /** A lock system on this machine, counting the calls it gets. */
  .extend('lockServer', { scope: 'file' }, async ({}, { onCleanup }) => {
    let calls = 0;
    const server = createServer((_request, response) => {
      calls += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onCleanup(() => {
      server.close();
    });
    return { server, calls: () => calls };
  });

function saveWebhookUrl(admin: ApiClient, value: string, secret = false) {
  return admin.post('/api/settings', { key: doorSettingKeys.webhookUrl, value, secret });
}

describe('saving the webhook address', () => {
  test('refuses loopback, private, shared, link-local, metadata, unspecified and multicast addresses', async ({
    demoApp: { client: admin },
  }) => {
    for (const url of [
      'http://127.0.0.1/locks',
      'http://localhost:8080/locks',
      'http://[::1]/locks',
      'http://[::ffff:127.0.0.1]/locks',
      'http://2130706433/locks',
      'https://10.0.0.5/locks',
      'https://172.16.0.1/locks',
      'https://192.168.1.20/locks',
      'https://100.64.0.1/locks',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://[fe80::1]/locks',
      'http://[fc00::1]/locks',
      'http://0.0.0.0/locks',
      'http://224.0.0.1/locks',
    ]) {
      expectProblem(await saveWebhookUrl(admin, url), 400, 'outbound/url_not_allowed');
    }
    expectProblem(
      await saveWebhookUrl(admin, 'http://127.0.0.1/locks', true),
      400,
      'outbound/url_not_allowed',
    );
  });

  test('refuses what is no http or https address, and takes a public one', async ({
    demoApp: { client: admin },
  }) => {
    for (const url of ['ftp://93.184.216.34/locks', 'file:///etc/passwd', 'locks.example.com']) {
      expectProblem(await saveWebhookUrl(admin, url), 400, 'validation');
    }
    const saved = await saveWebhookUrl(admin, 'https://93.184.216.34/locks');
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await admin.delete(`/api/settings/${parsed(saved, ZSettingEntry).id}`)).statusCode).toBe(204);
  });
});

describe('calling the webhook', () => {
  test('refuses an address whose name resolves to this machine, before connecting to it', async ({
    demoApp: { t, client: admin },
    arrival: { stay, propertyId },
    lockServer: { server, calls },
  }) => {
    // Stored before the rule, or while its name still pointed elsewhere: the call checks it again.
    const port = (server.address() as AddressInfo).port;
    await t.db.insert(settingEntries).values({
      propertyId,
      key: doorSettingKeys.webhookUrl,
      value: `http://localhost:${port}/locks`,
      secret: false,
    });
    const secret = await admin.post('/api/settings', {
      key: doorSettingKeys.webhookSecret,
      value: 'door-secret',
      secret: true,
    });
    expect(secret.statusCode, secret.body).toBe(201);

    const created = await admin.post('/api/bookings', {
      occupancy: 1,
      rateId: stay.rateId,
      roomId: stay.roomIds['1701'],
      checkIn: arrival,
      checkOut: '2027-05-22',
      isDebtor: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const booking = parsed(created, ZBooking);
    const checkedIn = await admin.post(`/api/bookings/${booking.id}/actions/check_in`);
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    await t.app.jobRunner.runDue();
    const credentials = await t.db
      .select({ status: accessCredentials.status })
      .from(accessCredentials)
      .innerJoin(accessTokens, eq(accessTokens.id, accessCredentials.tokenId))
      .where(eq(accessTokens.bookingId, booking.id));
    expect(credentials.map((credential) => credential.status)).toEqual(['pending', 'pending', 'pending']);

    t.clock.set(`${arrival}T15:00:00Z`);
    const token = parsed(
      await admin.get(`/api/bookings/${booking.id}/access_token`),
      z.object({ data: ZAccessToken.nullable() }),
    ).data!;
    const room = token.credentials[0]!.accessPoint;
    expectProblem(
      await admin.post(`/api/bookings/${booking.id}/access_points/${room.id}/unlock`),
      502,
      'door/unlock_failed',
    );
    expect(calls()).toBe(0);
    const [failure] = await t.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.objectId, booking.id), eq(events.type, 'door_unlock_failed')));
    expect(failure).toBeDefined();
  });
});
