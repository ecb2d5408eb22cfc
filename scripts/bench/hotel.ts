// The benchmarks' hotel: 300 rooms with a realistic load of bookings around today, optionally with a
// long history of past stays before it, and the server processes that serve it.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import getPort from 'get-port';
import pg from 'pg';
import { addDays, formatBookingCode, todayIn } from '@pms/contract';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import {
  bookings,
  contacts,
  properties,
  propertyUsers,
  ratePrices,
  rates,
  roomTypes,
  rooms,
  taxRates,
  users,
} from '../../apps/server/src/db/schema/index.ts';
import { seededRandom } from '../../apps/server/src/demo/seed-front-office.ts';
import { seedDemoData } from '../../apps/server/src/demo/seed.ts';

export const roomCount = 300;
export const planDays = 60;

export type THotel = { propertyId: string; roomIds: string[]; roomTypeId: string };

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/** A stay of the bench hotel: its room (0 to 299, numbered 1001 on), nights and customer's name. */
export type THotelStay = {
  room: number;
  checkIn: string;
  checkOut: string;
  isPast: boolean;
  occupancy: number;
  /** Every other stay has a customer (every past stay its own), named `Gast <n>`; else null. */
  customer: string | null;
};

/**
 * The bench hotel's stays around `today` (seed 42): each room booked through from a week before today
 * to a week after the plan's window, with `pastBookings` checked-out stays in the years before. The
 * same stays for every system the bench loads them into (ours, HotelDruid's `hoteldruid-load.ts`).
 */
export function hotelStays(today: string, pastBookings = 0): THotelStay[] {
  const random = seededRandom(42);
  const stays: Omit<THotelStay, 'occupancy' | 'customer'>[] = [];
  const pastPerRoom = Math.ceil(pastBookings / roomCount);
  for (let room = 0; room < roomCount; room++) {
    let day = addDays(today, -7 - pastPerRoom * 4);
    let past = 0;
    while (day < addDays(today, planDays + 7)) {
      const isPast = day < addDays(today, -7);
      if (isPast && past >= pastPerRoom) {
        day = addDays(today, -7);
        continue;
      }
      day = addDays(day, random.next() < 0.3 ? random.int(1, 2) : 0);
      const nights = isPast ? random.int(1, 3) : random.int(1, 5);
      if (isPast) past++;
      stays.push({ room, checkIn: day, checkOut: addDays(day, nights), isPast });
      day = addDays(day, nights);
    }
  }
  let customers = 0;
  const named = stays.map((stay, i) => ({
    ...stay,
    customer: stay.isPast || i % 2 === 0 ? `Gast ${customers++}` : null,
  }));
  return named.map((stay) => ({ ...stay, occupancy: random.int(1, 2) }));
}

/**
 * A hotel of 300 rooms booked through from a week before today to a week after the plan's window,
 * every other booking with a customer; with `pastBookings`, that many checked-out stays (each with its
 * own customer) fill the years before.
 */
export async function loadHotel(database: Database, pastBookings = 0): Promise<THotel> {
  const { db } = database;
  const [property] = await db
    .insert(properties)
    .values({ name: 'Benchmark Grand Hotel', slug: 'bench' })
    .returning();
  const propertyId = property!.id;
  const [roomType] = await db
    .insert(roomTypes)
    .values({ propertyId, name: 'Doppelzimmer', code: 'DZ', capacity: 2, maxOccupancy: 2 })
    .returning();
  const roomRows = await db
    .insert(rooms)
    .values(
      Array.from({ length: roomCount }, (_, i) => ({
        propertyId,
        number: String(1001 + i),
        roomTypeId: roomType!.id,
      })),
    )
    .returning();
  await db.insert(taxRates).values({ propertyId, name: 'Beherbergung 10 %', basisPoints: 1000 });
  const [rate] = await db
    .insert(rates)
    .values({ propertyId, name: 'Standard', code: 'STD', isStandard: true })
    .returning();
  await db.insert(ratePrices).values(
    [1, 2].map((occupancy) => ({
      propertyId,
      rateId: rate!.id,
      roomTypeId: roomType!.id,
      occupancy,
      amount: 12000,
    })),
  );
  const today = todayIn(property!.timeZone);
  const stays = hotelStays(today, pastBookings);
  const withCustomer = stays.filter((stay) => stay.customer !== null);
  const customerIds: string[] = [];
  await insertInChunks(withCustomer, async (chunk) => {
    const rows = await db
      .insert(contacts)
      .values(chunk.map((stay) => ({ propertyId, name: stay.customer! })))
      .returning({ id: contacts.id });
    customerIds.push(...rows.map((row) => row.id));
  });
  const customerOf = new Map(withCustomer.map((stay, i) => [stay, customerIds[i]!]));
  const values = stays.map((stay, i) => ({
    propertyId,
    code: formatBookingCode(i),
    status: stay.isPast ? ('checked_out' as const) : ('confirmed' as const),
    occupancy: stay.occupancy,
    securityCode: '000000',
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    roomId: roomRows[stay.room]!.id,
    roomTypeId: roomType!.id,
    rateId: rate!.id,
    customerId: customerOf.get(stay) ?? null,
  }));
  await insertInChunks(values, (chunk) => db.insert(bookings).values(chunk));
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@example.com'));
  await db.insert(propertyUsers).values({ propertyId, userId: admin!.id, roleId: 'admin' });
  const past = stays.filter((stay) => stay.isPast).length;
  console.log(`  loaded ${roomCount} rooms and ${values.length} bookings, ${past} of them past stays`);
  return { propertyId, roomIds: roomRows.map((r) => r.id), roomTypeId: roomType!.id };
}

/**
 * A migrated database with the demo data and the hotel (with `past` past stays) loaded, analysed;
 * `prepare` adds what a benchmark needs besides, before the statistics are taken.
 */
export async function loadedHotel(
  databaseUrl: string | undefined,
  dataDir?: string,
  past = 0,
  prepare?: (database: Database, hotel: THotel) => Promise<void>,
): Promise<THotel> {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: dataDir! });
  await migrate(database.db);
  await seedDemoData(database.db);
  const hotel = await loadHotel(database, past);
  await prepare?.(database, hotel);
  // Fresh statistics, as PostgreSQL's autovacuum (and PGlite's start) would take them after such a load.
  await database.db.execute(sql`analyze`);
  await database.close();
  return hotel;
}

export type TServer = {
  base: string;
  /** The CPU time (user and system, all threads) the server has used so far, in ms. */
  cpuMs: () => number;
  /** Waits until the server is idle again (see settled). */
  settled: () => Promise<void>;
  stop: () => Promise<void>;
};

/** The CPU time a process has used so far, in ms (Linux's clock ticks are hundredths of a second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** How long a started server must stay idle to count as settled: longer than its job runner's poll (5 s). */
const quietMs = 6_000;

/**
 * Waits until a started server is idle: below a tenth of a core in each half second for `quietMs`.
 * What it does after it answers (the demo invoices' documents rendered in its worker, about 20 s of
 * CPU, from the job runner's first polls) would otherwise share the machine with the first
 * measurements and make them the slowest.
 */
async function settled(pid: number): Promise<void> {
  let quietSince = performance.now();
  for (let last = cpuMs(pid), waited = 0; waited < 180_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuMs(pid);
    if (now - last >= 50) quietSince = performance.now();
    else if (performance.now() - quietSince >= quietMs) return;
    last = now;
  }
  throw new Error('the server was still busy 3 minutes after it started');
}

/**
 * Starts the real server in its own process, so that the client measuring it does not share its CPU,
 * on a free port. A port found free can be taken by another process before the server listens on it
 * (an outgoing connection's port): a server that ends before it answers is started again on another.
 * It is returned once it has settled (see settled).
 */
export async function startServer(
  env: Record<string, string>,
  entry = 'apps/server/src/server.ts',
): Promise<TServer> {
  // BENCH_CPU_PROF=<folder>: each server writes a CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF]
    : [];
  for (let start = 0; start < 5; start++) {
    const port = String(await getPort({ host: '127.0.0.1' }));
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', entry], {
      env: { ...process.env, ...env, PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: 'false' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    let hasExited = false;
    const exited = new Promise<void>((resolve) =>
      child.once('exit', () => {
        hasExited = true;
        resolve();
      }),
    );
    const base = `http://127.0.0.1:${port}`;
    for (let attempt = 0; attempt < 600 && !hasExited; attempt++) {
      const isUp = await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (isUp) {
        const pid = child.pid!;
        await settled(pid);
        return {
          base,
          cpuMs: () => cpuMs(pid),
          settled: () => settled(pid),
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGTERM');
    await exited;
  }
  throw new Error(`${entry} did not start`);
}

/** Signs in as the demo admin and switches to the property: the headers of that session. */
export async function signIn(base: string, propertyId: string): Promise<Record<string, string>> {
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

/**
 * Runs the work against a new database on PostgreSQL: BENCH_DATABASE_URL (an admin url) or a
 * throwaway cluster (scripts/pg-cluster.sh), which is stopped afterwards.
 */
export async function withPostgres<T>(work: (newDatabase: () => Promise<string>) => Promise<T>): Promise<T> {
  const given = process.env.BENCH_DATABASE_URL;
  const clusterDir = mkdtempSync(path.join(tmpdir(), 'pms-bench-pg-'));
  const adminUrl =
    given ??
    execFileSync('bash', ['scripts/pg-cluster.sh', 'start', clusterDir], { encoding: 'utf8' }).trim();
  let count = 0;
  const newDatabase = async () => {
    const name = `pms_bench_${Date.now()}_${count++}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  try {
    return await work(newDatabase);
  } finally {
    if (!given) execFileSync('bash', ['scripts/pg-cluster.sh', 'stop', clusterDir]);
  }
}
