// Benchmarks, all in one run on this machine, each server in its own process:
// - the room plan for 300 rooms by 60 days (median and p95 over HTTP as a browser asks for it, and
//   the bytes on the wire), on PGlite and on PostgreSQL, with and without 60,000 past stays;
// - the bookings list (a page of 15) in requests per second beside a bare Fastify route sending the
//   same bytes, the median of three rounds, with the CPU a request costs each server, and booking
//   creation throughput;
// - on PostgreSQL a booking race: 200 requests for one room at once over two server processes, 20 times;
//   and 200 bookings by room type at once over two server processes for 200 free rooms of the type;
// - on PostgreSQL the invoices (see invoices.ts);
// - files on S3: a 10 MB upload and download (see files.ts);
// - fiscal signing latency (RKSV and TSE) and the DEP export of a year of receipts, on PGlite (see fiscal.ts);
// - the reference deployment behind HAProxy with one and three instances (see topology.ts).
// - first, the web app's figures: the gzip size of the staff area's and the portal's initial JavaScript
//   in a fresh build, and a mobile Lighthouse run of the portal home (see lighthouse.ts).
// PostgreSQL comes from BENCH_DATABASE_URL (an admin url) or a throwaway cluster (scripts/pg-cluster.sh).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { addDays, todayIn } from '@pms/contract';
import { initialJsReport } from '../initial-js.ts';
import { benchInvoices } from './invoices.ts';
import { benchChannels } from './channels.ts';
import { benchTopology } from './topology.ts';
import { benchFiles } from './files.ts';
import { benchDesk } from './desk.ts';
import { benchFiscal } from './fiscal.ts';
import { benchPersonalDataExport } from './privacy-export.ts';
import { benchRetention } from './retention.ts';
import { lighthouseTargets, portalLighthouse } from './lighthouse.ts';
import {
  loadedHotel,
  planDays,
  roomCount,
  signIn,
  startServer,
  withPostgres,
  type THotel,
  type TServer,
} from './hotel.ts';
import type { TListWriterInput } from './list-writer.ts';
import type { TPlanClientInput } from './plan-client.ts';
import { percentile, wireAnswer } from './wire.ts';

const planRequests = 200;
const pastStays = 60_000;
const creations = 300;
const concurrency = 8;
const loadSeconds = 8;
const browserEncodings = 'gzip, deflate, br';

/** Requests per second that `connections` clients get from `url` over `duration` seconds, and how many were answered. */
async function load(
  url: string,
  headers: Record<string, string>,
  connections = 10,
  duration = loadSeconds,
): Promise<{ rate: number; requests: number }> {
  const result = await autocannon({ url, headers, connections, duration });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  return { rate: result.requests.average, requests: result.requests.total };
}

/** `url`'s requests per second, and the CPU its server used per request in µs (all its threads). */
async function loadOn(server: TServer, url: string, headers: Record<string, string>) {
  const cpuBefore = server.cpuMs();
  const { rate, requests } = await load(url, headers);
  return { rate, cpuPerRequest: (1000 * (server.cpuMs() - cpuBefore)) / requests };
}

type TFigures = { median: number; p95: number };

/**
 * The room plan's latency over repeated requests, from a client process of its own (plan-client.ts),
 * whose small heap keeps its garbage collector out of the timed requests. With `change`, each request
 * follows a change to the property (a room's housekeeping status, then a booking's colour, in turn),
 * so that no kept answer can serve it.
 */
async function measurePlan(
  base: string,
  headers: Record<string, string>,
  change?: { roomId: string; bookingId: string },
): Promise<TFigures> {
  const from = todayIn('Europe/Vienna');
  const input: TPlanClientInput = {
    base,
    url: `${base}/api/room_plan?from=${from}&to=${addDays(from, planDays)}`,
    headers,
    requests: planRequests,
    encodings: browserEncodings,
    change,
  };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/plan-client.ts', JSON.stringify(input)],
    { encoding: 'utf8' },
  );
  return JSON.parse(stdout) as TFigures;
}

/** The id of a booking the plan shows. */
async function firstPlanBooking(base: string, headers: Record<string, string>): Promise<string> {
  const from = todayIn('Europe/Vienna');
  const url = `${base}/api/room_plan?from=${from}&to=${addDays(from, planDays)}`;
  const plan = (await (await fetch(url, { headers })).json()) as { rooms: { bookings: { id: string }[] }[] };
  const booking = plan.rooms.flatMap((room) => room.bookings)[0];
  if (!booking) throw new Error('the plan shows no booking');
  return booking.id;
}

async function reportPlanBytes(base: string, headers: Record<string, string>) {
  const from = todayIn('Europe/Vienna');
  const url = `${base}/api/room_plan?from=${from}&to=${addDays(from, planDays)}`;
  const plan = (await (await fetch(url, { headers })).json()) as {
    rooms: { bookings: unknown[] }[];
    unassigned: { bookings: unknown[] }[];
  };
  const stays = [...plan.rooms, ...plan.unassigned].reduce((sum, row) => sum + row.bookings.length, 0);
  const [plain, gzip, br] = await Promise.all(
    ['identity', 'gzip', 'br'].map(async (encoding) => (await wireAnswer(url, headers, encoding)).bytes),
  );
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(
    `  room plan ${plan.rooms.length} rooms x ${planDays} days, ${stays} bookings: ${kib(plain!)} plain (${(plain! / stays).toFixed(0)} bytes a booking), ${kib(gzip!)} gzip, ${kib(br!)} brotli on the wire`,
  );
}

/**
 * The writer beside the list's load (list-writer.ts): a room's housekeeping status, ten times a second.
 * Returned once its first change has been answered, so that its own start (about a second of CPU,
 * compiling its TypeScript) does not share the machine with the measurement.
 */
async function startListWriter(base: string, headers: Record<string, string>, roomId: string) {
  const input: TListWriterInput = { base, headers, roomId };
  const child = execFile(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/list-writer.ts', JSON.stringify(input)],
    {
      encoding: 'utf8',
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const failed = (code: number | null) => new Error(`the list's writer ended with ${code}`);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      if (output.startsWith('writing\n')) resolve();
    });
    void exited.then((code) => reject(failed(code)));
  });
  return {
    stop: async () => {
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw failed(code);
      return JSON.parse(output.slice('writing\n'.length)) as { changes: number; seconds: number };
    },
  };
}

/** How many times the list, the bare route and the list under a writer are measured, in turn. */
const listRounds = 5;

/**
 * The bookings list (a page of 15) in requests per second, beside a bare Fastify route sending the
 * same bytes: without a writer, and with one changing a room ten times a second (each change a new
 * data version of the property). The three are measured in turn, five rounds, and each figure is the
 * median of its rounds: one run's figure moves with what else the machine does, the bare route's too
 * (under the writer, one run of three rounds gave 34 % of the bare route in one round, 64 % in another).
 */
async function reportBookingsList(server: TServer, headers: Record<string, string>, hotel: THotel) {
  const url = `${server.base}/api/bookings?pageSize=15`;
  const body = await (await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } })).text();
  const folder = mkdtempSync(path.join(tmpdir(), 'pms-bench-body-'));
  const bodyFile = path.join(folder, 'bookings.json');
  writeFileSync(bodyFile, body);
  const bare = await startServer({ BENCH_BODY_FILE: bodyFile }, 'scripts/bench/bare-server.ts');
  const bareUrl = `${bare.base}/api/bookings?pageSize=15`;
  // Each warmed up first (the server's code is compiled by then: in 2 s it was not), so that the first
  // round is not the slower for it; one after the other, so that neither shares the machine.
  await load(url, headers, 10, 5);
  await load(bareUrl, {}, 10, 5);
  type TLoad = Awaited<ReturnType<typeof loadOn>>;
  const rounds: { list: TLoad; bare: TLoad; written: TLoad; changesPerSecond: number }[] = [];
  for (let round = 0; round < listRounds; round++) {
    const list = await loadOn(server, url, headers);
    const bareLoad = await loadOn(bare, bareUrl, {});
    const writer = await startListWriter(server.base, headers, hotel.roomIds[0]!);
    const written = await loadOn(server, url, headers);
    const changes = await writer.stop();
    rounds.push({ list, bare: bareLoad, written, changesPerSecond: changes.changes / changes.seconds });
  }
  await bare.stop();
  rmSync(folder, { recursive: true, force: true });
  const medianOf = (pick: (round: (typeof rounds)[number]) => number) =>
    percentile(
      rounds.map(pick).sort((a, b) => a - b),
      50,
    );
  const bareRate = medianOf((round) => round.bare.rate);
  const share = (rate: number) => `${((100 * rate) / bareRate).toFixed(0)} %`;
  const each = (pick: (round: (typeof rounds)[number]) => TLoad) =>
    rounds.map((round) => `${((100 * pick(round).rate) / round.bare.rate).toFixed(0)} %`).join(', ');
  // The CPU a request costs its server is steadier than a rate, which moves with what else runs.
  const cpu = (pick: (round: (typeof rounds)[number]) => TLoad) =>
    `${medianOf((round) => pick(round).cpuPerRequest).toFixed(0)} µs of CPU a request`;
  const listRate = medianOf((round) => round.list.rate);
  const writtenRate = medianOf((round) => round.written.rate);
  console.log(
    `  bookings list (page of 15, ${(body.length / 1024).toFixed(1)} KiB), median of ${listRounds} rounds: ${listRate.toFixed(0)} requests/s, ${cpu((round) => round.list)}; a bare Fastify route with the same bytes: ${bareRate.toFixed(0)} requests/s, ${cpu((round) => round.bare)}; ${share(listRate)} of it (rounds: ${each((round) => round.list)})`,
  );
  console.log(
    `  bookings list while a room changes ${medianOf((round) => round.changesPerSecond).toFixed(1)} times a second: ${writtenRate.toFixed(0)} requests/s, ${cpu((round) => round.written)} (the changes included); ${share(writtenRate)} of the bare route (rounds: ${each((round) => round.written)})`,
  );
}

async function reportCreation(base: string, headers: Record<string, string>, hotel: THotel) {
  let next = 0;
  let created = 0;
  const startDay = addDays(todayIn('Europe/Vienna'), 400);
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
}

/** The bookings list alone, with and without a writer, on one database (BENCH_ONLY=list). */
async function runList(databaseUrl: string | undefined) {
  console.log(`\n${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}: bookings list`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pms-bench-'));
  const hotel = await loadedHotel(databaseUrl, dataDir);
  const server = await startServer(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir });
  try {
    await reportBookingsList(server, await signIn(server.base, hotel.propertyId), hotel);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * One database with the hotel (and `past` past stays) served by its own server process: the room
 * plan's figures, and with `full` the list, bytes and creation too.
 */
async function run(databaseUrl: string | undefined, past: number, full: boolean) {
  console.log(
    `\n${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}, ${past.toLocaleString('en')} past stays`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pms-bench-'));
  const hotel = await loadedHotel(databaseUrl, dataDir, past);
  const server = await startServer(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir });
  try {
    const headers = await signIn(server.base, hotel.propertyId);
    const plan = await measurePlan(server.base, headers);
    const booking = await firstPlanBooking(server.base, headers);
    // A change the plan shows, as the desk makes them all day: a room's housekeeping status, then a
    // booking's colour, in turn.
    const changed = await measurePlan(server.base, headers, {
      roomId: hotel.roomIds[0]!,
      bookingId: booking,
    });
    const figures = ({ median, p95 }: TFigures) => `median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`;
    console.log(`  room plan latency over ${planRequests} requests: ${figures(plan)}`);
    console.log(
      `  room plan right after a change (a room's housekeeping status or a booking's colour), ${planRequests} times: ${figures(changed)}`,
    );
    if (full) {
      await reportPlanBytes(server.base, headers);
      await reportBookingsList(server, headers, hotel);
      await reportCreation(server.base, headers, hotel);
    }
    return { hotel, plan, changed };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const raceRounds = 20;
const raceRequests = 200;

/** Two server processes on one PostgreSQL database, and an API key's headers valid on both. */
async function twoServers(databaseUrl: string, hotel: THotel) {
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
  return { servers, headers, stop: () => Promise.all(servers.map((server) => server.stop())) };
}

type TAnswer = { status: number; type: string | undefined; ms: number };

/** `count` bookings posted at once, half to each server, each answer timed. */
function postBookingsAtOnce(
  bases: string[],
  headers: Record<string, string>,
  count: number,
  body: (i: number) => Record<string, unknown>,
): Promise<TAnswer[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const started = performance.now();
      const response = await fetch(`${bases[i % bases.length]!}/api/bookings`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body(i)),
      });
      const answer = (await response.json()) as { type?: string };
      return { status: response.status, type: answer.type, ms: performance.now() - started };
    }),
  );
}

/**
 * The booking race on PostgreSQL: two server processes on one database, 200 requests at once for
 * overlapping stays in one room, half to each; exactly one may win, every other must be a 409.
 */
async function race(databaseUrl: string, hotel: THotel) {
  console.log('\nBooking race on PostgreSQL (two server processes)');
  const { servers, headers, stop } = await twoServers(databaseUrl, hotel);
  const bases = servers.map((server) => server.base);
  const from = addDays(todayIn('Europe/Vienna'), 900);
  let worst = 0;
  let failures = 0;
  for (let round = 0; round < raceRounds; round++) {
    const roomId = hotel.roomIds[round]!;
    const results = await postBookingsAtOnce(bases, headers, raceRequests, (i) => ({
      roomId,
      occupancy: 1,
      checkIn: addDays(from, i % 3),
      checkOut: addDays(from, 3),
      customer: { name: `Wettlauf ${i}` },
    }));
    const winners = results.filter((r) => r.status === 201).length;
    const refused = results.filter((r) => r.status === 409 && r.type === 'booking/overlap_detected').length;
    const slowest = Math.max(...results.map((r) => r.ms));
    worst = Math.max(worst, slowest);
    if (winners !== 1 || refused !== raceRequests - 1) {
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
  await stop();
}

const burstRounds = 5;

/**
 * A burst by room type on PostgreSQL, as a channel or booking engine pushes it: 200 bookings of one
 * room type at once over two server processes, for 200 free rooms of that type; every one must be
 * placed, each in a room of its own.
 */
async function burstByRoomType(databaseUrl: string, hotel: THotel) {
  console.log('\nBookings by room type at once on PostgreSQL (two server processes)');
  const { servers, headers, stop } = await twoServers(databaseUrl, hotel);
  const bases = servers.map((server) => server.base);
  for (let round = 0; round < burstRounds; round++) {
    const checkIn = addDays(todayIn('Europe/Vienna'), 1000 + 3 * round);
    const started = performance.now();
    const results = await postBookingsAtOnce(bases, headers, raceRequests, (i) => ({
      roomTypeId: hotel.roomTypeId,
      occupancy: 1,
      checkIn,
      checkOut: addDays(checkIn, 2),
      customer: { name: `Ansturm ${i}` },
    }));
    const wall = performance.now() - started;
    const placed = results.filter((r) => r.status === 201).length;
    const others = results.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.type}`);
    const times = results.map((r) => r.ms).sort((a, b) => a - b);
    const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
    console.log(
      `  round ${round + 1}: ${placed} of ${raceRequests} placed in ${wall.toFixed(0)} ms; answers median ${times[times.length >> 1]!.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms${others.length ? `; refused: ${others.join(', ')}` : ''}`,
    );
  }
  await stop();
}

/** How much slower the plan got with the past stays, in percent. */
function growth(without: TFigures, withPast: TFigures): string {
  const change = (a: number, b: number) => `${b >= a ? '+' : ''}${((100 * (b - a)) / a).toFixed(0)} %`;
  return `median ${change(without.median, withPast.median)}, p95 ${change(without.p95, withPast.p95)}`;
}

type TPlanRun = { plan: TFigures; changed: TFigures };

/** How the plan's figures changed with the past stays, kept and right after a change. */
function reportGrowth(database: string, without: TPlanRun, withPast: TPlanRun): void {
  console.log(
    `  ${database} room plan with ${pastStays.toLocaleString('en')} past stays: kept ${growth(without.plan, withPast.plan)}; after a change ${growth(without.changed, withPast.changed)}`,
  );
}

/**
 * Initial JS, staff and portal: the entry chunk and its static imports, as the built index.html and
 * portal.html load them; then Lighthouse on the portal home in that build.
 */
async function reportWebApp() {
  console.log('\nWeb app');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { stdio: 'ignore' });
  execFileSync('npm', ['run', 'build', '-w', 'apps/portal'], { stdio: 'ignore' });
  for (const { line } of initialJsReport('apps/web/dist')) console.log(`  ${line}`);
  const { score, lcpMs, runs, reportFile } = await portalLighthouse();
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  console.log(
    `  portal home in Lighthouse (mobile, simulated slow 4G), median of ${runs.length} runs: performance ${score} (target ${lighthouseTargets.score} or more), LCP ${seconds(lcpMs)} s (target under ${(lighthouseTargets.lcpMs / 1000).toFixed(1)} s); report ${reportFile}`,
  );
  console.log(
    `    runs (score / LCP): ${runs.map((run) => `${run.score} / ${seconds(run.lcpMs)} s`).join(', ')}`,
  );
}

// BENCH_ONLY=channels runs the channel sync figures alone, BENCH_ONLY=invoices the invoice figures, BENCH_ONLY=plan the room plan on PostgreSQL,
// BENCH_ONLY=web the web app's figures (initial JS and Lighthouse), BENCH_ONLY=burst the bookings by
// room type at once, BENCH_ONLY=topology the reference deployment behind HAProxy, BENCH_ONLY=files the
// file store on S3, BENCH_ONLY=fiscal the signing of receipts and the DEP export, BENCH_ONLY=retention
// the retention job over 100,000 guests and 200,000 files (see retention.ts), BENCH_ONLY=privacy the
// export of a guest's personal data with 50 stays (see privacy-export.ts), BENCH_ONLY=list the bookings
// list with and without a writer, on PGlite and on PostgreSQL, BENCH_ONLY=desk the receptionist's
// actions in Chromium on the built app (see desk.ts).
const only = process.env.BENCH_ONLY;
if (only === 'web') await reportWebApp();
else if (only === 'topology') await benchTopology();
else if (only === 'files') await benchFiles();
else if (only === 'fiscal') await benchFiscal();
else if (only === 'privacy') await benchPersonalDataExport();
else if (only === 'retention') await benchRetention();
else if (only === 'desk') await benchDesk();
else {
  if (only === 'list') await runList(undefined);
  if (!only) {
    await reportWebApp();
    const pglite = await run(undefined, 0, true);
    const pglitePast = await run(undefined, pastStays, false);
    reportGrowth('PGlite', pglite, pglitePast);
  }
  await withPostgres(async (newDatabase) => {
    if (!only) {
      const url = await newDatabase();
      const postgres = await run(url, 0, true);
      const postgresPast = await run(await newDatabase(), pastStays, false);
      reportGrowth('PostgreSQL', postgres, postgresPast);
      await race(url, postgres.hotel);
      await burstByRoomType(url, postgres.hotel);
    }
    if (only === 'list') {
      await runList(await newDatabase());
      return;
    }
    if (only === 'burst') {
      const url = await newDatabase();
      await burstByRoomType(url, await loadedHotel(url));
      return;
    }
    if (only === 'channels') {
      await benchChannels(await newDatabase());
      return;
    }
    if (only === 'plan') {
      const postgres = await run(await newDatabase(), 0, false);
      reportGrowth('PostgreSQL', postgres, await run(await newDatabase(), pastStays, false));
      return;
    }
    if (!only) await benchChannels(await newDatabase());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pms-bench-invoices-'));
    await benchInvoices(await newDatabase(), dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });
  if (!only) {
    await benchFiles();
    await benchFiscal();
    await benchPersonalDataExport();
    await benchRetention();
    await benchTopology();
    await benchDesk();
  }
}
