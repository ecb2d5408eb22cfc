import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client.ts';

const defaultDir = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant shared by all instances: the advisory lock that serialises migrations. */
export const migrationLockId = 727_001;

type TJournal = { entries: { idx: number; tag: string }[] };

/** Applies the committed SQL migrations not yet applied, one transaction, under an advisory lock. */
export async function migrate(
  db: Db,
  migrationsDir = process.env.MIGRATIONS_DIR ?? defaultDir,
): Promise<string[]> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'),
  ) as TJournal;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${migrationLockId})`);
    await tx.execute(
      sql`create table if not exists schema_migrations (tag text primary key, applied_at timestamptz not null default now())`,
    );
    const done = rowsOf<{ tag: string }>(await tx.execute(sql`select tag from schema_migrations`));
    const applied = new Set(done.map((row) => row.tag));
    const added: string[] = [];
    for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
      if (applied.has(entry.tag)) continue;
      const text = readFileSync(path.join(migrationsDir, `${entry.tag}.sql`), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement));
      }
      await tx.execute(sql`insert into schema_migrations (tag) values (${entry.tag})`);
      added.push(entry.tag);
    }
    return added;
  });
}

/**
 * Takes the migration lock for the transaction, waiting as long as it takes: the first start on an
 * empty database takes a while, and waiting for it must not time out.
 */
export async function lockForMigrations(tx: Db): Promise<void> {
  await tx.execute(sql`set local lock_timeout = 0`);
  await tx.execute(sql`set local statement_timeout = 0`);
  await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
  await tx.execute(sql`select pg_advisory_xact_lock(${migrationLockId})`);
}

/** Refreshes the planner's statistics (PGlite has no autovacuum to keep them). */
export async function analyzeDatabase(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}
