import { describe, expect } from 'vitest';
import pg from 'pg';
import { ZBooking, ZDashboard } from '@pms/contract';
import { createStayFixture, parsed, type ApiClient } from '../../test/helpers.ts';
import { apiTest } from '../../test/api-test.ts';
import { runAdminQuery } from '../../test/postgres.ts';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from './client.ts';

/** A day far from the demo data: its dashboard shows only what these tests book. */
const day = '2032-05-12';
const replicaAdminUrl = process.env.TEST_DATABASE_REPLICA_URL;

const test = apiTest.extend('stay', { scope: 'file' }, async ({ demoApp: { client: admin } }) =>
  createStayFixture(admin, {
    roomType: { name: 'Replikazimmer', code: 'RZ' },
    rooms: '971-979',
    rate: { name: 'Replikarate', code: 'RR' },
    prices: [9000, 9000],
  }),
);

async function bookArrival(
  admin: ApiClient,
  stay: { roomIds: Record<string, string>; rateId: string },
  room: string,
) {
  const response = await admin.post('/api/bookings', {
    roomId: stay.roomIds[room],
    rateId: stay.rateId,
    occupancy: 1,
    checkIn: day,
    checkOut: '2032-05-14',
    customer: { name: `Replika ${room}` },
  });
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZBooking);
}

async function arrivalsOf(admin: ApiClient): Promise<string[]> {
  const response = await admin.get('/api/dashboard', { query: { date: day } });
  expect(response.statusCode, response.body).toBe(200);
  return parsed(response, ZDashboard).arrivals.map((arrival) => arrival.id);
}

/** Waits until the replica has replayed everything the primary has committed so far. */
async function replicaCaughtUp(database: Database): Promise<void> {
  const [primary] = rowsOf<{ lsn: string }>(
    await database.db.execute(sql`select pg_current_wal_insert_lsn() as lsn`),
  );
  const client = new pg.Client({ connectionString: replicaAdminUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await client.query<{ done: boolean }>(
        'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
        [primary!.lsn],
      );
      if (rows[0]!.done) break;
      if (Date.now() > deadline) throw new Error('the replica did not catch up within 20 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await client.end();
  }
  await database.reads.measureLag();
}

if (replicaAdminUrl)
  describe('heavy reads on a streaming replica', () => {
    test('go to the replica once it holds every change made before the request', async ({
      demoApp: { t, client: admin },
      stay,
    }) => {
      const booking = await bookArrival(admin, stay, '971');
      await replicaCaughtUp(t.database);
      const before = t.database.reads.misses.none;
      expect(await arrivalsOf(admin)).toContain(booking.id);
      expect(t.database.reads.misses.none, JSON.stringify(t.database.reads.misses)).toBe(before + 1);
    });

    test('never read one’s own write stale: a replica that has not replayed it leaves the read to the primary', async ({
      demoApp: { t, client: admin },
      stay,
    }) => {
      await replicaCaughtUp(t.database);
      await runAdminQuery(replicaAdminUrl, 'select pg_wal_replay_pause()');
      try {
        const booking = await bookArrival(admin, stay, '972');
        const behind = t.database.reads.misses.behind;
        expect(await arrivalsOf(admin)).toContain(booking.id);
        expect(t.database.reads.misses.behind).toBe(behind + 1);
      } finally {
        await runAdminQuery(replicaAdminUrl, 'select pg_wal_replay_resume()');
      }
      await replicaCaughtUp(t.database);
      const none = t.database.reads.misses.none;
      await arrivalsOf(admin);
      expect(t.database.reads.misses.none, JSON.stringify(t.database.reads.misses)).toBe(none + 1);
    });

    test('fall back to the primary while the replica lags beyond the bound or cannot be reached', async ({
      demoApp: { t, client: admin },
      stay,
    }) => {
      const databaseUrl = t.app.context.config.databaseUrl!;
      const replicaUrl = new URL(replicaAdminUrl);
      replicaUrl.pathname = new URL(databaseUrl).pathname;
      const propertyId = admin.session!.propertyId;
      // No lag allowed, and the replica held back while a booking is made: the primary answers.
      const strict = await openDatabase({
        databaseUrl,
        isPooled: t.app.context.config.postgres.isPooled,
        replicaUrl: replicaUrl.toString(),
        replicaMaxLagSeconds: 0,
      });
      await runAdminQuery(replicaAdminUrl, 'select pg_wal_replay_pause()');
      try {
        await bookArrival(admin, stay, '973');
        // The replica receives the booking's WAL but does not replay it: it falls behind.
        await expect.poll(() => strict.reads.measureLag(), { timeout: 20_000 }).toBeGreaterThan(0);
        expect(await strict.reads.read(propertyId, 1, () => Promise.resolve('read'))).toBe('read');
        expect(strict.reads.misses).toMatchObject({ lagging: 1, none: 0 });
      } finally {
        await runAdminQuery(replicaAdminUrl, 'select pg_wal_replay_resume()');
        await strict.close();
      }
      // A replica address nobody answers on: heavy reads still answer, from the primary.
      const unreachable = new URL(replicaUrl);
      unreachable.port = '1';
      const down = await openDatabase({
        databaseUrl,
        isPooled: t.app.context.config.postgres.isPooled,
        replicaUrl: unreachable.toString(),
      });
      try {
        expect(await down.reads.measureLag()).toBeNull();
        expect(await down.reads.read(propertyId, 1, () => Promise.resolve('read'))).toBe('read');
        expect(down.reads.misses).toMatchObject({ lagging: 1, none: 0 });
      } finally {
        await down.close();
      }
      expect((await arrivalsOf(admin)).length).toBeGreaterThan(0);
    });
  });
else
  describe('heavy reads without a replica', () => {
    test('all go to the primary, which answers them fresh', async ({
      demoApp: { t, client: admin },
      stay,
    }) => {
      const booking = await bookArrival(admin, stay, '975');
      expect(await arrivalsOf(admin)).toContain(booking.id);
      expect(t.database.reads.misses).toEqual({ none: 0, lagging: 0, behind: 0, failed: 0 });
    });
  });
