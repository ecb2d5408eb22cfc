// Benchmarks: the room plan for 300 rooms by 60 days under a realistic load of bookings (median and
// p95 latency over HTTP, on PGlite and on PostgreSQL), booking creation throughput, and on PostgreSQL
// a booking race: 200 requests for one room at once over two server processes, 20 times.
// The web app's figure comes first: the gzip size of the staff area's initial JavaScript in a fresh build.
// PostgreSQL comes from BENCH_DATABASE_URL (an admin url) or a throwaway cluster (scripts/pg-cluster.sh).
import { execFileSync, spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { addDays, formatBookingCode, todayIn } from '@pms/contract';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemoData } from '../apps/server/src/demo/seed.ts';
import {
  bookings,
  properties,
  ratePrices,
  rates,
  roomTypes,
  rooms,
  taxRates,
  propertyUsers,
  users,
} from '../apps/server/src/db/schema/index.ts';
import { seededRandom } from '../apps/server/src/demo/seed-front-office.ts';
import { initialJsGzipBytes } from './initial-js.ts';

const roomCount = 300;
const days = 60;
const planRequests = 200;
const creations = 300;
const concurrency = 8;
const initialJsBudgetKiB = 170;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function loadHotel(
  database: Database,
): Promise<{ propertyId: string; roomIds: string[]; roomTypeId: string }> {
  const { db } = database;
  const [property] = await db
    .insert(properties)
    .values({ name: 'Benchmark Grand Hotel', slug: 'bench' })
    .returning();
  const [roomType] = await db
    .insert(roomTypes)
    .values({ propertyId: property!.id, name: 'Doppelzimmer', code: 'DZ', capacity: 2, maxOccupancy: 2 })
    .returning();
  const roomRows = await db
    .insert(rooms)
    .values(
      Array.from({ length: roomCount }, (_, i) => ({
        propertyId: property!.id,
        number: String(1001 + i),
        roomTypeId: roomType!.id,
      })),
    )
    .returning();
  await db
    .insert(taxRates)
    .values({ propertyId: property!.id, name: 'Beherbergung 10 %', basisPoints: 1000 });
  const [rate] = await db
    .insert(rates)
    .values({ propertyId: property!.id, name: 'Standard', code: 'STD', isStandard: true })
    .returning();
  await db.insert(ratePrices).values(
    [1, 2].map((occupancy) => ({
      propertyId: property!.id,
      rateId: rate!.id,
      roomTypeId: roomType!.id,
      occupancy,
      amount: 12000,
    })),
  );
  const random = seededRandom(42);
  const today = todayIn(property!.timeZone);
  const values: (typeof bookings.$inferInsert)[] = [];
  let code = 0;
  for (const room of roomRows) {
    let day = addDays(today, -7);
    while (day < addDays(today, days + 7)) {
      day = addDays(day, random.next() < 0.3 ? random.int(1, 2) : 0);
      const nights = random.int(1, 5);
      values.push({
        propertyId: property!.id,
        code: formatBookingCode(code++),
        status: 'confirmed',
        occupancy: random.int(1, 2),
        securityCode: '000000',
        checkIn: day,
        checkOut: addDays(day, nights),
        roomId: room.id,
        roomTypeId: roomType!.id,
        rateId: rate!.id,
      });
      day = addDays(day, nights);
    }
  }
  for (let i = 0; i < values.length; i += 500) await db.insert(bookings).values(values.slice(i, i + 500));
  console.log(`  loaded ${roomCount} rooms and ${values.length} bookings`);
  return { propertyId: property!.id, roomIds: roomRows.map((r) => r.id), roomTypeId: roomType!.id };
}

/** Starts the real server in its own process, so that the client measuring it does not share its CPU. */
async function startServer(
  env: Record<string, string>,
): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = String(40_000 + Math.floor(Math.random() * 10_000));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: { ...process.env, ...env, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    const isUp = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (isUp) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Signs in as the demo admin and switches to the property: the headers of that session. */
async function signIn(base: string, propertyId: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo1234' }),
  });
  const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length);
  const headers = {
    cookie: cookies.join('; '),
    'x-xsrf-token': decodeURIComponent(xsrf),
    'content-type': 'application/json',
  };
  const switched = await fetch(`${base}/api/session/switch_property?propertyId=${propertyId}`, {
    method: 'POST',
    headers: { cookie: headers.cookie, 'x-xsrf-token': headers['x-xsrf-token'] },
  });
  if (switched.status !== 200) throw new Error(`switching property answered ${switched.status}`);
  return headers;
}

async function run(label: string, databaseUrl: string | undefined) {
  console.log(`\n${label}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pms-bench-'));
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  await migrate(database.db);
  await seedDemoData(database.db);
  const hotel = await loadHotel(database);
  const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
  await database.db
    .insert(propertyUsers)
    .values({ propertyId: hotel.propertyId, userId: admin!.id, roleId: 'admin' });
  await database.close();
  const server = await startServer(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir });
  const base = server.base;
  const headers = await signIn(base, hotel.propertyId);

  const from = todayIn('Europe/Vienna');
  const to = addDays(from, days);
  const latencies: number[] = [];
  let size = 0;
  for (let i = 0; i < planRequests + 10; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/api/room_plan?from=${from}&to=${to}`, { headers });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`room plan answered ${response.status}: ${body}`);
    if (i >= 10) latencies.push(performance.now() - started);
    size = body.length;
  }
  latencies.sort((a, b) => a - b);
  const plan = JSON.parse(
    await (await fetch(`${base}/api/room_plan?from=${from}&to=${to}`, { headers })).text(),
  ) as { rooms: unknown[]; bookings: unknown[] };
  console.log(
    `  room plan ${plan.rooms.length} rooms x ${days} days, ${plan.bookings.length} bookings, ${(size / 1024).toFixed(0)} KiB`,
  );
  console.log(
    `  room plan latency over ${planRequests} requests: median ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
  );

  let next = 0;
  let created = 0;
  const startDay = addDays(from, 400);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < creations) {
        const i = next++;
        const response = await fetch(`${base}/api/bookings`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            roomId: hotel.roomIds[i % roomCount],
            occupancy: 2,
            checkIn: addDays(startDay, Math.floor(i / roomCount) * 3),
            checkOut: addDays(startDay, Math.floor(i / roomCount) * 3 + 2),
            customer: { name: `Gast ${i}` },
          }),
        });
        if (response.status === 201) created++;
        else throw new Error(`booking creation answered ${response.status}: ${await response.text()}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  booking creation: ${created} bookings with charges and links in ${seconds.toFixed(1)} s = ${(created / seconds).toFixed(0)} per second (${concurrency} concurrent clients)`,
  );
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return hotel;
}

const raceRounds = 20;
const raceRequests = 200;

/**
 * The booking race on PostgreSQL: two server processes on one database, 200 requests at once for
 * overlapping stays in one room, half to each; exactly one may win, every other must be a 409.
 */
async function race(databaseUrl: string, hotel: { propertyId: string; roomIds: string[] }) {
  console.log('\nBooking race on PostgreSQL (two server processes)');
  const servers = [
    await startServer({ DATABASE_URL: databaseUrl }),
    await startServer({ DATABASE_URL: databaseUrl }),
  ];
  const session = await signIn(servers[0]!.base, hotel.propertyId);
  const key = await fetch(`${servers[0]!.base}/api/api_keys`, {
    method: 'POST',
    headers: session,
    body: JSON.stringify({ name: 'Race', roleId: 'staff' }),
  });
  const { secret } = (await key.json()) as { secret: string };
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  const from = addDays(todayIn('Europe/Vienna'), 900);
  let worst = 0;
  let failures = 0;
  for (let round = 0; round < raceRounds; round++) {
    const roomId = hotel.roomIds[round]!;
    const results = await Promise.all(
      Array.from({ length: raceRequests }, async (_, i) => {
        const started = performance.now();
        const response = await fetch(`${servers[i % 2]!.base}/api/bookings`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            roomId,
            occupancy: 1,
            checkIn: addDays(from, i % 3),
            checkOut: addDays(from, 3),
            customer: { name: `Wettlauf ${i}` },
          }),
        });
        const body = (await response.json()) as { type?: string };
        return { status: response.status, type: body.type, ms: performance.now() - started };
      }),
    );
    const winners = results.filter((r) => r.status === 201).length;
    const refused = results.filter((r) => r.status === 409 && r.type === 'booking/overlap_detected').length;
    const slowest = Math.max(...results.map((r) => r.ms));
    worst = Math.max(worst, slowest);
    const isClean = winners === 1 && refused === raceRequests - 1;
    if (!isClean) {
      failures++;
      const others = results
        .filter((r) => r.status !== 201 && r.status !== 409)
        .map((r) => `${r.status} ${r.type}`);
      console.log(
        `  round ${round + 1}: ${winners} winners, ${refused} refused, others: ${others.join(', ')}`,
      );
    }
  }
  console.log(
    `  ${raceRounds} rounds of ${raceRequests} requests: ${raceRounds - failures} clean, ${failures} with a failure; slowest answer ${(worst / 1000).toFixed(2)} s`,
  );
  for (const server of servers) await server.stop();
}

async function withPostgres(work: (url: string) => Promise<void>) {
  const given = process.env.BENCH_DATABASE_URL;
  const clusterDir = mkdtempSync(path.join(tmpdir(), 'pms-bench-pg-'));
  const adminUrl =
    given ??
    execFileSync('bash', ['scripts/pg-cluster.sh', 'start', clusterDir], { encoding: 'utf8' }).trim();
  const name = `pms_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    if (!given) execFileSync('bash', ['scripts/pg-cluster.sh', 'stop', clusterDir]);
  }
}

/** Staff initial JS: the entry chunk and its static imports, as the built index.html loads them. */
function reportInitialJs() {
  console.log('\nWeb app');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'ignore' });
  const { files, bytes } = initialJsGzipBytes('apps/web/dist');
  console.log(
    `  staff initial JS (gzip): ${(bytes / 1024).toFixed(1)} KiB in ${files.length} files (budget ${initialJsBudgetKiB} KiB)`,
  );
}

reportInitialJs();
await run('PGlite (embedded)', undefined);
await withPostgres(async (url) => {
  const hotel = await run('PostgreSQL', url);
  await race(url, hotel);
});
