// The channel sync benchmarks on PostgreSQL, served by the real server in its own process:
// - the import of 300 feeds (one per room of a 300-room property, 50 reservations each) from a local
//   calendar server: wall time and the time PostgreSQL was busy, then the same again unchanged (304);
// - the export of a room feed holding 500 bookings: p50/p95 latency, and with If-None-Match (304).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { addDays, formatBookingCode, todayIn } from '@pms/contract';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import {
  bookings,
  properties,
  propertyUsers,
  ratePrices,
  rates,
  rooms,
  roomTypes,
  taxRates,
  users,
} from '../../apps/server/src/db/schema/index.ts';
import { seedDemoData } from '../../apps/server/src/demo/seed.ts';
import { signIn, startServer } from './hotel.ts';
import { latencyFigures } from './wire.ts';

/** Feeds imported: one per room of a 300-room property (BENCH_CHANNEL_FEEDS for a smaller run). */
const feedCount = Number(process.env.BENCH_CHANNEL_FEEDS ?? 300);
const eventsPerFeed = 50;
const exportBookings = 500;
const samples = 100;
/** Export tokens the samples are spread over: each address takes 60 fetches a minute. */
const exportTokens = 10;

/** A property of 301 empty rooms (300 to import into, one holding the export's 500 bookings). */
async function loadProperty(databaseUrl: string) {
  const database = await openDatabase({ databaseUrl });
  await migrate(database.db);
  await seedDemoData(database.db);
  const { db } = database;
  const [property] = await db
    .insert(properties)
    .values({ name: 'Channel Bench Hotel', slug: 'channel-bench' })
    .returning();
  const propertyId = property!.id;
  const [roomType] = await db
    .insert(roomTypes)
    .values({ propertyId, name: 'Doppelzimmer', code: 'DZ', capacity: 2, maxOccupancy: 2 })
    .returning();
  await db.insert(taxRates).values({ propertyId, name: 'Beherbergung 10 %', basisPoints: 1000 });
  const [rate] = await db
    .insert(rates)
    .values({ propertyId, name: 'Standard', code: 'STD', isStandard: true })
    .returning();
  await db
    .insert(ratePrices)
    .values({ propertyId, rateId: rate!.id, roomTypeId: roomType!.id, occupancy: 1, amount: 12000 });
  const roomRows = await db
    .insert(rooms)
    .values(
      Array.from({ length: feedCount + 1 }, (_, i) => ({
        propertyId,
        number: String(2001 + i),
        roomTypeId: roomType!.id,
      })),
    )
    .returning();
  const exportRoom = roomRows[feedCount]!;
  const today = todayIn(property!.timeZone);
  await db.insert(bookings).values(
    Array.from({ length: exportBookings }, (_, i) => ({
      propertyId,
      code: formatBookingCode(900_000 + i),
      status: 'confirmed' as const,
      occupancy: 1,
      securityCode: '000000',
      checkIn: addDays(today, i),
      checkOut: addDays(today, i + 1),
      roomId: exportRoom.id,
      roomTypeId: roomType!.id,
    })),
  );
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@example.com'));
  await db.insert(propertyUsers).values({ propertyId, userId: admin!.id, roleId: 'admin' });
  await database.close();
  return {
    propertyId,
    roomIds: roomRows.slice(0, feedCount).map((room) => room.id),
    exportRoomId: exportRoom.id,
    today,
  };
}

/** A calendar of 50 two-night reservations a week apart, from tomorrow on. */
function calendar(feed: number, today: string): string {
  const day = (date: string) => date.replaceAll('-', '');
  const events = Array.from({ length: eventsPerFeed }, (_, i) => {
    const checkIn = addDays(today, 1 + i * 7);
    return [
      'BEGIN:VEVENT',
      `UID:${feed}-${i}@bench`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;VALUE=DATE:${day(checkIn)}`,
      `DTEND;VALUE=DATE:${day(addDays(checkIn, 2))}`,
      'SUMMARY:Reserved',
      'END:VEVENT',
    ];
  });
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//bench//EN',
    ...events.flat(),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** How long PostgreSQL has been busy with the database's statements (ms), its statistics flushed first. */
async function activeMs(databaseUrl: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ active: number }>(
    'select active_time as active from pg_stat_database where datname = current_database()',
  );
  await client.end();
  return Number(rows[0]!.active);
}

export async function benchChannels(databaseUrl: string): Promise<void> {
  console.log('\nChannel sync on PostgreSQL');
  const hotel = await loadProperty(databaseUrl);
  const bodies = Array.from({ length: feedCount }, (_, feed) => calendar(feed, hotel.today));
  const feeds = createServer((request, response) => {
    const feed = Number(/\/(\d+)\.ics$/.exec(request.url ?? '')?.[1]);
    const etag = `"feed-${feed}"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
    response.writeHead(200, { 'content-type': 'text/calendar', etag }).end(bodies[feed]);
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  const feedBase = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
  const server = await startServer({ DATABASE_URL: databaseUrl, ALLOW_PRIVATE_OUTBOUND: 'true' });
  try {
    const headers = await signIn(server.base, hotel.propertyId);
    const post = (path: string, body: unknown, method = 'POST') =>
      fetch(`${server.base}${path}`, {
        method,
        headers: { ...headers, accept: 'application/json' },
        body: JSON.stringify(body),
      });
    // Ten channels of 30 rooms each: one "Sync now" per channel, as staff would press it.
    const channelIds: string[] = [];
    for (const [i, roomId] of hotel.roomIds.entries()) {
      if (i % 30 === 0)
        channelIds.push(
          ((await (await post('/api/channels', { name: `Kanal ${i / 30}` })).json()) as { id: string }).id,
        );
      await post(
        `/api/channels/${channelIds.at(-1)}/rooms/${roomId}`,
        { importUrl: `${feedBase}/${i}.ics` },
        'PUT',
      );
    }
    const imported = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from bookings where channel_id is not null',
      );
      await client.end();
      return Number(rows[0]!.n);
    };
    for (const round of ['first import', 'unchanged (304)']) {
      const busyBefore = await activeMs(databaseUrl);
      const before = await imported();
      const started = performance.now();
      let errors = 0;
      let feedsDone = 0;
      for (const channelId of channelIds) {
        const answer = await post('/api/bookings/synchronize', { channelId });
        const report = (await answer.json()) as { feeds: { errors: string[] }[] };
        feedsDone += report.feeds.length;
        errors += report.feeds.reduce((sum, feed) => sum + feed.errors.length, 0);
      }
      const wall = performance.now() - started;
      const busy = (await activeMs(databaseUrl)) - busyBefore;
      console.log(
        `  import of ${feedsDone} feeds × ${eventsPerFeed} events, ${round}: ${(wall / 1000).toFixed(1)} s wall, PostgreSQL busy ${(busy / 1000).toFixed(1)} s; ${(await imported()) - before} bookings created (the minute's job may take some feeds), ${errors} errors`,
      );
    }

    const files: string[] = [];
    for (let i = 0; i < exportTokens; i++) {
      const made = (await (await post('/api/channels', { name: `Export ${i}` })).json()) as {
        feeds: { roomId: string; exportUrl: string }[];
      };
      const url = made.feeds.find((feed) => feed.roomId === hotel.exportRoomId)!.exportUrl;
      files.push(url.slice(url.indexOf('/api/ical/')));
    }
    const full: number[] = [];
    const notModified: number[] = [];
    let etag = '';
    let events = 0;
    for (let i = 0; i < samples; i++) {
      const file = files[i % exportTokens]!;
      let started = performance.now();
      const answer = await fetch(`${server.base}${file}`);
      const body = await answer.text();
      full.push(performance.now() - started);
      etag = answer.headers.get('etag') ?? '';
      events = body.split('BEGIN:VEVENT').length - 1;
      started = performance.now();
      const again = await fetch(`${server.base}${file}`, { headers: { 'if-none-match': etag } });
      await again.arrayBuffer();
      if (again.status !== 304) throw new Error(`If-None-Match answered ${again.status}`);
      notModified.push(performance.now() - started);
    }
    console.log(
      `  export of a room feed with ${events} bookings: ${latencyFigures(full)}; with If-None-Match (304): ${latencyFigures(notModified)}`,
    );
  } finally {
    await server.stop();
    feeds.close();
  }
}
