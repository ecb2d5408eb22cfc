// The retention job's benchmark on PGlite with the demo data, through the application's own context
// (buildApp in this process, not listening, no job runner): 100,000 guests, each with a stay 8 years ago
// whose registration form and signature (200,000 small files on the local store) are due for deletion
// under the Austrian rule, and whose profile is due for anonymisation. One run of the job: wall time,
// database time (the run's time outside the file store), files deleted per second.
import { mkdir, writeFile } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../apps/server/src/db/client.ts';
import type { AppContext } from '../../apps/server/src/context.ts';
import { applyRetentionEverywhere } from '../../apps/server/src/modules/retention/index.ts';
import { openApp } from './fiscal.ts';

const guests = 100_000;
const entry = '2018-01-10';
const writeConcurrency = 256;

/** The guests, their stays and the stays' forms and signatures, written by the database itself. */
async function seedGuests(ctx: AppContext, propertyId: string): Promise<void> {
  const roomTypeId = sql`(select id from room_types where property_id = ${propertyId} limit 1)`;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into files (property_id, id, name, purpose, type, mime_type, size, storage_key, created_at)
      select ${propertyId}, md5(kind || g)::uuid, kind || '.pdf', case kind when 'r' then 'registration' else 'signature' end,
        '.pdf', 'application/pdf', 16, ${propertyId} || '/' || md5(kind || g)::uuid, ${entry}::timestamptz + interval '16 hours'
      from generate_series(1, ${guests}) g cross join (values ('r'), ('s')) k(kind)`);
    await tx.execute(sql`
      insert into contacts (property_id, id, name, email, type)
      select ${propertyId}, md5('c' || g)::uuid, 'Bench Gast ' || g, 'bench-' || g || '@bench.example', 'person'
      from generate_series(1, ${guests}) g`);
    await tx.execute(sql`
      insert into bookings (property_id, id, code, status, occupancy, security_code, check_in, check_out,
        room_type_id, customer_id, registration_file_id, signature_file_id)
      select ${propertyId}, md5('b' || g)::uuid, 'BENCH-' || g, 'checked_out', 1, md5('x' || g), ${entry}::date,
        ${entry}::date + 2, ${roomTypeId}, md5('c' || g)::uuid, md5('r' || g)::uuid, md5('s' || g)::uuid
      from generate_series(1, ${guests}) g`);
    await tx.execute(sql`
      insert into booking_guests (property_id, booking_id, contact_id, is_primary)
      select ${propertyId}, md5('b' || g)::uuid, md5('c' || g)::uuid, true from generate_series(1, ${guests}) g`);
  });
  await ctx.db.execute(sql`analyze`);
}

/** The files' contents on the local store: a few bytes each, written many at a time. */
async function writeFiles(ctx: AppContext, dataDir: string, propertyId: string): Promise<void> {
  const folder = path.join(dataDir, 'files', propertyId);
  await mkdir(folder, { recursive: true });
  const keys = rowsOf<{ id: string }>(
    await ctx.db.execute(
      sql`select id from files where purpose in ('registration', 'signature') and property_id = ${propertyId}`,
    ),
  );
  for (let index = 0; index < keys.length; index += writeConcurrency)
    await Promise.all(
      keys
        .slice(index, index + writeConcurrency)
        .map(({ id }) => writeFile(path.join(folder, id), '%PDF-1.7 bench\n')),
    );
}

/** Wraps the file store to measure the time it is busy (any delete in flight). */
function timedStore(ctx: AppContext) {
  let inFlight = 0;
  let since = 0;
  let busyMs = 0;
  const store = ctx.files;
  const files = {
    ...store,
    put: store.put.bind(store),
    get: store.get.bind(store),
    delete: async (key: string) => {
      if (inFlight++ === 0) since = performance.now();
      try {
        await store.delete(key);
      } finally {
        if (--inFlight === 0) busyMs += performance.now() - since;
      }
    },
  };
  return { ctx: { ...ctx, files }, busyMs: () => busyMs };
}

export async function benchRetention(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pms-bench-retention-'));
  try {
    const { ctx, close } = await openApp(dataDir);
    try {
      const [property] = rowsOf<{ id: string }>(
        await ctx.db.execute(sql`select id from properties where address->>'country' = 'at' limit 1`),
      );
      const propertyId = property!.id;
      let started = performance.now();
      await seedGuests(ctx, propertyId);
      await writeFiles(ctx, dataDir, propertyId);
      console.log(
        `  seeded ${guests.toLocaleString('en')} guests with a stay and ${(2 * guests).toLocaleString('en')} files in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const timed = timedStore(ctx);
      started = performance.now();
      await applyRetentionEverywhere(timed.ctx);
      const wallMs = performance.now() - started;
      const [counts] = rowsOf<{ deleted: number; anonymised: number; files: number }>(
        await ctx.db.execute(sql`
          select count(*) filter (where action = 'deleted')::int as deleted,
            count(*) filter (where action = 'anonymised')::int as anonymised,
            coalesce(sum(file_count), 0)::int as files
          from retention_log where property_id = ${propertyId}`),
      );
      const storeMs = timed.busyMs();
      console.log(
        `  retention job: ${(wallMs / 1000).toFixed(1)} s wall, ${((wallMs - storeMs) / 1000).toFixed(1)} s database (outside the file store), ${(storeMs / 1000).toFixed(1)} s file store; ${counts!.files.toLocaleString('en')} files deleted (${Math.round(counts!.files / (wallMs / 1000)).toLocaleString('en')} files/s), ${counts!.deleted.toLocaleString('en')} stays' forms, ${counts!.anonymised.toLocaleString('en')} profiles anonymised`,
      );
    } finally {
      await close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
