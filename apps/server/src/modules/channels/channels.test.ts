import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import {
  ZBooking,
  ZChannel,
  ZCreatedRooms,
  ZDashboard,
  ZPaged,
  ZRoomType,
  ZSyncReport,
  type TChannel,
} from '@pms/contract';
import { bookings, channelFeeds, roomLocks } from '../../db/schema/index.ts';
import {
  demo,
  expectProblem,
  loginAt,
  parsed,
  type ApiClient,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { airbnbCalendar } from '../../../test/fixtures/airbnb-calendar.ts';

type TServed = { status: number; body: string; headers?: Record<string, string> };

/** A platform's calendar server on this machine: what each path serves, and the requests it had. */
async function startFeedServer() {
  const served = new Map<string, TServed>();
  const requests: { path: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, headers: request.headers });
    const answer = served.get(path) ?? { status: 404, body: 'not found' };
    const etag = answer.headers?.etag;
    if (etag && request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag }).end();
      return;
    }
    response.writeHead(answer.status, { 'content-type': 'text/calendar; charset=utf-8', ...answer.headers });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    served,
    requests,
    base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const reserved = [
  { uid: 'res-one@airbnb.com', from: '2027-02-10', to: '2027-02-13' },
  { uid: 'res-two@airbnb.com', from: '2027-02-20', to: '2027-02-22' },
];
const windowOn = (from: string, to: string) => ({
  uid: 'window@airbnb.com',
  from,
  to,
  summary: 'Airbnb (Not available)',
});

const ZChannels = z.object({ data: z.array(ZChannel) });

const test = apiTest
  .extend('feeds', { scope: 'file' }, async ({}, { onCleanup }) => {
    const server = await startFeedServer();
    onCleanup(server.close);
    return server;
  })
  .extend('sync', { scope: 'file' }, async ({ demoApp: { t, client: admin }, feeds }) => {
    // The platform's server is on this machine: private addresses allowed, as in development.
    t.app.context.config.allowPrivateOutbound = true;
    t.clock.set('2027-02-01T09:00:00Z');
    const type = parsed(await admin.get('/api/room_types'), ZPaged(ZRoomType)).data[0]!;
    const newRoom = async (number: string) =>
      parsed(await admin.post('/api/rooms', { number, roomTypeId: type.id }), ZCreatedRooms).data[0]!.id;
    const rooms = { k1: await newRoom('K901'), k2: await newRoom('K902') };
    const airbnb = parsed(await admin.post('/api/channels', { name: 'Airbnb' }), ZChannel);
    const booking = parsed(
      await admin.post('/api/channels', { name: 'Booking.com', color: '#003580' }),
      ZChannel,
    );
    const url = `${feeds.base}/airbnb/k1.ics`;
    parsed(await admin.put(`/api/channels/${airbnb.id}/rooms/${rooms.k1}`, { importUrl: url }), ZChannel);
    return { t, admin, rooms, airbnb, booking, url, path: '/airbnb/k1.ics' };
  });

async function synchronize(admin: ApiClient, channelId?: string) {
  const response = await admin.post('/api/bookings/synchronize', channelId ? { channelId } : {}, {
    headers: { accept: 'application/json' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZSyncReport);
}

/** The live stays the channel's feed made in the room: its bookings (by status) and its locks. */
async function madeIn(t: TTestApp, channelId: string, roomId: string) {
  const booked = await t.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.channelId, channelId), isNull(bookings.deletedAt)));
  const locks = await t.db
    .select()
    .from(roomLocks)
    .where(and(eq(roomLocks.roomId, roomId), eq(roomLocks.reason, 'Airbnb'), isNull(roomLocks.deletedAt)));
  return { booked, locks };
}

function exportPath(channel: TChannel, roomId: string): string {
  const url = channel.feeds.find((feed) => feed.roomId === roomId)!.exportUrl!;
  return url.slice(url.indexOf('/api/ical/'));
}

describe('channel sync', () => {
  test('imports an Airbnb calendar as one booking per reservation and one lock for its window', async ({
    sync: { t, admin, airbnb, rooms, path },
    feeds,
  }) => {
    feeds.served.set(path, {
      status: 200,
      body: airbnbCalendar([...reserved, windowOn('2027-06-01', '2027-12-01')]),
    });
    const report = await synchronize(admin);
    expect(report.feeds).toEqual([
      expect.objectContaining({
        channel: 'Airbnb',
        roomNumber: 'K901',
        outcome: 'fetched',
        created: 2,
        blocks: 1,
        conflicts: 0,
        canceled: 0,
      }),
    ]);
    const { booked, locks } = await madeIn(t, airbnb.id, rooms.k1);
    expect(
      booked.map((row) => [row.checkIn, row.checkOut, row.roomId, row.status, row.source]).sort(),
    ).toEqual([
      ['2027-02-10', '2027-02-13', rooms.k1, 'confirmed', 'Airbnb'],
      ['2027-02-20', '2027-02-22', rooms.k1, 'confirmed', 'Airbnb'],
    ]);
    expect(booked.map((row) => row.externalCode).sort()).toEqual(['HMRESONEAI', 'HMRESTWOAI']);
    expect(locks.map((row) => [row.startDate, row.endDate])).toEqual([['2027-06-01', '2027-11-30']]);
    // The list filters by the channel; the guest is named after it in German.
    const listed = parsed(
      await admin.get('/api/bookings', { query: { channelId: airbnb.id, expand: 'customer' } }),
      ZPaged(ZBooking),
    );
    expect(listed.data.map((entry) => [entry.checkIn, entry.channelId, entry.customer?.name]).sort()).toEqual(
      [
        ['2027-02-10', airbnb.id, 'Airbnb-Gast 4711'],
        ['2027-02-20', airbnb.id, 'Airbnb-Gast 4711'],
      ],
    );
  });

  test('moves the same lock when the window moves a day, and books nothing twice', async ({
    sync: { t, admin, airbnb, rooms, path },
    feeds,
  }) => {
    t.clock.set('2027-02-02T09:00:00Z');
    feeds.served.set(path, {
      status: 200,
      body: airbnbCalendar([...reserved, windowOn('2027-06-02', '2027-12-02')]),
    });
    const report = await synchronize(admin);
    expect(report.feeds[0]).toMatchObject({ created: 0, updated: 0, blocks: 1, canceled: 0 });
    const { booked, locks } = await madeIn(t, airbnb.id, rooms.k1);
    expect(booked).toHaveLength(2);
    expect(locks.map((row) => [row.startDate, row.endDate])).toEqual([['2027-06-02', '2027-12-01']]);
  });

  test('changes nothing when the same calendar comes again, and asks with its ETag', async ({
    sync: { t, admin, airbnb, rooms, path },
    feeds,
  }) => {
    const body = airbnbCalendar([...reserved, windowOn('2027-06-02', '2027-12-02')]);
    feeds.served.set(path, { status: 200, body });
    expect((await synchronize(admin)).feeds[0]).toMatchObject({
      outcome: 'fetched',
      created: 0,
      updated: 0,
      blocks: 0,
      canceled: 0,
    });
    feeds.served.set(path, { status: 200, body, headers: { etag: '"v7"' } });
    await synchronize(admin);
    const report = await synchronize(admin);
    expect(report.feeds[0]).toMatchObject({ outcome: 'not_modified', created: 0, canceled: 0 });
    expect(feeds.requests.at(-1)!.headers['if-none-match']).toBe('"v7"');
    const { booked, locks } = await madeIn(t, airbnb.id, rooms.k1);
    expect([booked.length, locks.length]).toEqual([2, 1]);
  });

  test('cancels the booking of an event that left a whole calendar', async ({
    sync: { t, admin, airbnb, rooms, path },
    feeds,
  }) => {
    feeds.served.set(path, {
      status: 200,
      body: airbnbCalendar([reserved[0]!, windowOn('2027-06-02', '2027-12-02')]),
    });
    expect((await synchronize(admin)).feeds[0]).toMatchObject({ canceled: 1, created: 0 });
    const { booked } = await madeIn(t, airbnb.id, rooms.k1);
    expect(booked.map((row) => [row.checkIn, row.status]).sort()).toEqual([
      ['2027-02-10', 'confirmed'],
      ['2027-02-20', 'canceled'],
    ]);
  });

  test('cancels nothing after an empty, failed, truncated or non-calendar answer, and keeps the error', async ({
    sync: { t, admin, airbnb, rooms, path },
    feeds,
  }) => {
    const whole = airbnbCalendar([windowOn('2027-06-02', '2027-12-02')]);
    const answers: TServed[] = [
      { status: 200, body: '' },
      { status: 500, body: 'Internal Server Error' },
      { status: 200, body: whole.slice(0, whole.length - 30) },
      { status: 200, body: '<html><body>Bitte anmelden</body></html>' },
      { status: 200, body: airbnbCalendar([]) },
    ];
    for (const answer of answers) {
      feeds.served.set(path, answer);
      const report = await synchronize(admin);
      expect(report.feeds[0]).toMatchObject({ outcome: 'failed', canceled: 0 });
      expect(report.feeds[0]!.errors).toHaveLength(1);
    }
    const { booked, locks } = await madeIn(t, airbnb.id, rooms.k1);
    expect(booked.filter((row) => row.status === 'confirmed')).toHaveLength(1);
    expect(locks).toHaveLength(1);
    const [feed] = await t.db
      .select()
      .from(channelFeeds)
      .where(and(eq(channelFeeds.roomId, rooms.k1), eq(channelFeeds.channelId, airbnb.id)));
    expect(feed).toMatchObject({ failures: answers.length, lastError: 'the calendar has no events' });
    const listed = parsed(await admin.get(`/api/channels/${airbnb.id}`), ZChannel);
    expect(listed.feeds.find((entry) => entry.roomId === rooms.k1)!.lastError).toBe(
      'the calendar has no events',
    );
  });

  test('places one of two overlapping reservations and holds the other as a conflict without a room', async ({
    sync: { t, admin, airbnb, rooms, path },
    feeds,
  }) => {
    feeds.served.set(path, {
      status: 200,
      body: airbnbCalendar([
        reserved[0]!,
        { uid: 'double@airbnb.com', from: '2027-02-11', to: '2027-02-14' },
        windowOn('2027-06-02', '2027-12-02'),
      ]),
    });
    const report = await synchronize(admin);
    expect(report.feeds[0]).toMatchObject({ outcome: 'fetched', created: 1, conflicts: 1 });
    const { booked } = await madeIn(t, airbnb.id, rooms.k1);
    const conflict = booked.find((row) => row.externalId === 'double@airbnb.com')!;
    expect(conflict).toMatchObject({ roomId: null, isChannelConflict: true, status: 'confirmed' });
    const placed = booked.filter((row) => row.status === 'confirmed' && row.roomId === rooms.k1);
    expect(placed.map((row) => row.checkIn)).toEqual(['2027-02-10']);
    // The dashboard lists it until staff move it to a free room.
    const dashboard = () => admin.get('/api/dashboard', { query: { date: '2027-02-02' } });
    expect(parsed(await dashboard(), ZDashboard).channelConflicts.map((entry) => entry.id)).toEqual([
      conflict.id,
    ]);
    const moved = parsed(await admin.put(`/api/bookings/${conflict.id}`, { roomId: rooms.k2 }), ZBooking);
    expect(moved).toMatchObject({ roomId: rooms.k2, isChannelConflict: false, channelId: airbnb.id });
    expect(parsed(await dashboard(), ZDashboard).channelConflicts).toEqual([]);
  });

  test("exports the room's held days, leaving out the channel's own imports, with ETag and 304", async ({
    sync: { admin, airbnb, booking, rooms },
  }) => {
    const anonymous = admin.clone();
    const forBooking = await anonymous.get(exportPath(booking, rooms.k1), { headers: { cookie: '' } });
    expect(forBooking.statusCode, forBooking.body).toBe(200);
    expect(forBooking.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const events = (body: string) =>
      new ICAL.Component(ICAL.parse(body) as unknown[]).getAllSubcomponents('vevent').map((event) => {
        const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
        const end = event.getFirstPropertyValue('dtend') as ICAL.Time;
        return [
          start.toString(),
          end.toString(),
          event.getFirstPropertyValue('summary'),
          event.getFirstPropertyValue('transp'),
        ];
      });
    // Booking.com is told of Airbnb's booking and closed days, named neutrally.
    expect(events(forBooking.body)).toEqual([
      ['2027-02-10', '2027-02-13', 'Not available', 'OPAQUE'],
      ['2027-06-02', '2027-12-02', 'Not available', 'OPAQUE'],
    ]);
    expect(forBooking.body).not.toMatch(/airbnb guest|4711/i);
    // Airbnb's own feed leaves out what it sent.
    const forAirbnb = await anonymous.get(exportPath(airbnb, rooms.k1));
    expect(events(forAirbnb.body)).toEqual([]);
    const again = await anonymous.get(exportPath(booking, rooms.k1), {
      headers: { 'if-none-match': forBooking.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  test('answers 404 for a revoked, renewed, unknown or malformed export address', async ({
    sync: { admin, booking, rooms },
  }) => {
    const before = exportPath(booking, rooms.k2);
    const renewed = parsed(
      await admin.post(`/api/channels/${booking.id}/rooms/${rooms.k2}/export_token`),
      ZChannel,
    );
    expectProblem(await admin.get(before), 404, 'not_found');
    expect((await admin.get(exportPath(renewed, rooms.k2))).statusCode).toBe(200);
    const revoked = parsed(
      await admin.delete(`/api/channels/${booking.id}/rooms/${rooms.k2}/export_token`),
      ZChannel,
    );
    expect(revoked.feeds.find((feed) => feed.roomId === rooms.k2)!.exportUrl).toBeNull();
    expectProblem(await admin.get(exportPath(renewed, rooms.k2)), 404, 'not_found');
    expectProblem(await admin.get(`/api/ical/${'A'.repeat(43)}.ics`), 404, 'not_found');
    expectProblem(await admin.get('/api/ical/../../etc/passwd'), 404, 'not_found');
    expectProblem(await admin.get('/api/ical/short.ics'), 404, 'not_found');
  });

  test('answers the sync report as CSV by default, named by the property and time', async ({
    sync: { admin },
  }) => {
    const response = await admin.post('/api/bookings/synchronize', {});
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /channel-sync-Alpenhof-Salzburg-2027-02-02-09-00\.csv/,
    );
    expect(response.body.split('\r\n')[0]).toBe(
      'channel,room,outcome,created,updated,canceled,blocks,conflicts,errors',
    );
    expect(response.body).toContain('Airbnb,K901,fetched');
  });

  test('refuses what the roles and the property do not allow, and feed addresses into the hotel network', async ({
    demoApp: { t, ids },
    sync: { admin, airbnb, rooms },
  }) => {
    const staff = await loginAt(t.app, demo.users.staff, ids[demo.austria]!);
    parsed(await staff.get('/api/channels'), ZChannels);
    expectProblem(await staff.post('/api/channels', { name: 'VRBO' }), 403, 'auth/forbidden');
    expectProblem(
      await staff.put(`/api/channels/${airbnb.id}/rooms/${rooms.k2}`, { importUrl: null }),
      403,
      'auth/forbidden',
    );
    const cleaning = await loginAt(t.app, demo.users.cleaning, ids[demo.austria]!);
    expectProblem(await cleaning.get('/api/channels'), 403, 'auth/forbidden');
    expectProblem(await cleaning.post('/api/bookings/synchronize', {}), 403, 'auth/forbidden');
    const berlin = await loginAt(t.app, demo.users.admin, ids[demo.germany]!);
    expectProblem(await berlin.get(`/api/channels/${airbnb.id}`), 404, 'not_found');
    expectProblem(await berlin.put(`/api/channels/${airbnb.id}`, { name: 'X' }), 404, 'not_found');
    expectProblem(
      await berlin.put(`/api/channels/${airbnb.id}/rooms/${rooms.k1}`, { importUrl: null }),
      404,
      'not_found',
    );
    expect(parsed(await berlin.get('/api/channels'), ZChannels).data).toEqual([]);
    expectProblem(
      await admin.put(`/api/channels/${airbnb.id}/rooms/${crypto.randomUUID()}`, { importUrl: null }),
      404,
      'not_found',
    );
    expectProblem(await admin.post('/api/channels', { name: 'airbnb' }), 409, 'channel/already_exists');
    expectProblem(
      await admin.put(`/api/channels/${airbnb.id}/rooms/${rooms.k2}`, {
        importUrl: 'ftp://example.com/a.ics',
      }),
      400,
      'validation',
    );
    t.app.context.config.allowPrivateOutbound = false;
    try {
      for (const url of [
        'http://127.0.0.1:8080/a.ics',
        'http://10.1.2.3/a.ics',
        'http://[::1]/a.ics',
        'http://169.254.169.254/latest',
      ])
        expectProblem(
          await admin.put(`/api/channels/${airbnb.id}/rooms/${rooms.k2}`, { importUrl: url }),
          400,
          'outbound/url_not_allowed',
        );
    } finally {
      t.app.context.config.allowPrivateOutbound = true;
    }
  });
});
