// The reference deployment under load (scripts/topology.ts): the 300-room hotel behind HAProxy with
// one and with three instances; requests per second and p95 of the bookings list, the room plan and
// booking creation, and the streaming replica's lag while bookings are being written.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, todayIn } from '@pms/contract';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { startTopology, stopTopology } from '../topology.ts';
import { percentile } from './wire.ts';
import { loadHotel, planDays, roomCount, signIn, type THotel } from './hotel.ts';

const connections = 16;
const loadSeconds = 10;

type TLoad = { perSecond: number; p95: number; median: number; count: number };

/** `connections` clients asking `request(i)` in turn for `seconds`: rate and latency. */
async function load(request: (i: number) => Promise<Response>, seconds = loadSeconds): Promise<TLoad> {
  const times: number[] = [];
  let next = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const begun = performance.now();
        const response = await request(next++);
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
        times.push(performance.now() - begun);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    perSecond: times.length / elapsed,
    p95: percentile(times, 95),
    median: percentile(times, 50),
    count: times.length,
  };
}

const raceRounds = 10;
const raceRequests = 200;

const lagShown = (lags: number[]) =>
  `median ${percentile(lags, 50).toFixed(0)} ms, p95 ${percentile(lags, 95).toFixed(0)} ms, largest ${lags.at(-1)!.toFixed(0)} ms (${lags.length} samples)`;

const shown = ({ perSecond, median, p95 }: TLoad) =>
  `${perSecond.toFixed(0)} requests/s, median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`;

/** The replica's lag, sampled every 100 ms while `work` runs: the largest and the 95th percentile. */
async function replicaLagDuring<T>(
  replicaOf: { databaseUrl: string; replicaUrl: string },
  work: () => Promise<T>,
) {
  const database = await openDatabase(replicaOf);
  const lags: number[] = [];
  let running = true;
  const sampling = (async () => {
    while (running) {
      const lag = await database.reads.measureLag();
      if (lag !== null) lags.push(lag * 1000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    return { result: await work(), lags: lags.sort((a, b) => a - b) };
  } finally {
    running = false;
    await sampling;
    await database.close();
  }
}

async function benchInstances(count: number): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pms-bench-topology-'));
  const topology = await startTopology(dir, count);
  try {
    const primary = new URL(topology.primaryUrl);
    primary.pathname = '/pms';
    const replica = new URL(topology.replicaUrl);
    replica.pathname = '/pms';
    const database = await openDatabase({ databaseUrl: primary.toString() });
    let hotel: THotel;
    try {
      hotel = await loadHotel(database);
      await database.db.execute(sql`analyze`);
    } finally {
      await database.close();
    }
    const headers = await signIn(topology.url, hotel.propertyId);
    console.log(
      `\nThrough HAProxy, ${count} instance${count === 1 ? '' : 's'} (${connections} clients, ${loadSeconds} s each)`,
    );
    const list = await load(() => fetch(`${topology.url}/api/bookings?pageSize=15`, { headers }));
    console.log(`  bookings list (page of 15): ${shown(list)}`);
    const from = todayIn('Europe/Vienna');
    const plan = await load(() =>
      fetch(`${topology.url}/api/room_plan?from=${from}&to=${addDays(from, planDays)}`, {
        headers: { ...headers, 'accept-encoding': 'gzip' },
      }),
    );
    console.log(`  room plan (${roomCount} rooms x ${planDays} days): ${shown(plan)}`);
    const startDay = addDays(from, 400);
    const { result: creation, lags } = await replicaLagDuring(
      { databaseUrl: primary.toString(), replicaUrl: replica.toString() },
      () =>
        load((i) =>
          fetch(`${topology.url}/api/bookings`, {
            method: 'POST',
            headers,
            body: JSON.stringify({
              roomId: hotel.roomIds[i % roomCount],
              occupancy: 2,
              checkIn: addDays(startDay, Math.floor(i / roomCount) * 3),
              checkOut: addDays(startDay, Math.floor(i / roomCount) * 3 + 2),
              customer: { name: `Verteilt ${i}` },
            }),
          }),
        ),
    );
    console.log(`  booking creation: ${shown(creation)} (${creation.count} bookings)`);
    console.log(`  replica lag while booking: ${lagShown(lags)}`);
    // The booking race: 200 requests at once for overlapping stays in one room, round after round.
    const raceDay = addDays(from, 900);
    const { result: winners, lags: raceLags } = await replicaLagDuring(
      { databaseUrl: primary.toString(), replicaUrl: replica.toString() },
      async () => {
        let won = 0;
        for (let round = 0; round < raceRounds; round++) {
          const answers = await Promise.all(
            Array.from({ length: raceRequests }, (_, i) =>
              fetch(`${topology.url}/api/bookings`, {
                method: 'POST',
                headers,
                body: JSON.stringify({
                  roomId: hotel.roomIds[round],
                  occupancy: 1,
                  checkIn: addDays(raceDay, i % 3),
                  checkOut: addDays(raceDay, 3),
                  customer: { name: `Wettlauf ${i}` },
                }),
              }).then((response) => response.status),
            ),
          );
          won += answers.filter((status) => status === 201).length;
        }
        return won;
      },
    );
    console.log(
      `  replica lag under the booking race (${raceRounds} rounds of ${raceRequests}, ${winners} won): ${lagShown(raceLags)}`,
    );
  } finally {
    await stopTopology(dir);
  }
}

export async function benchTopology(): Promise<void> {
  for (const count of [1, 3]) await benchInstances(count);
}
