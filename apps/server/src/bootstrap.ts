import { count, sql } from 'drizzle-orm';
import type { TConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { migrate, migrationLockId } from './db/migrate.ts';
import { generalSettings, properties, propertyUsers, users } from './db/schema/index.ts';
import { hashPassword } from './lib/crypto.ts';
import { seedDemoData } from './demo/seed.ts';

export type TBootstrapResult = {
  created: 'demo' | 'admin' | null;
  adminEmail: string | null;
  adminPassword: string | null;
};

/** On an empty database: loads the demo data, or creates the first administrator and a property. */
export async function bootstrap(db: Db, config: TConfig): Promise<TBootstrapResult> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { created: null, adminEmail: null, adminPassword: null };
  if (config.demoData !== false) {
    const admin = await seedDemoData(db, {
      adminEmail: config.adminEmail,
      adminPassword: config.adminPassword,
      publicUrl: config.publicUrl,
    });
    return { created: 'demo', ...admin };
  }
  if (!config.adminEmail || !config.adminPassword) {
    throw new Error(
      'The database is empty and DEMO_DATA=false: set ADMIN_EMAIL and ADMIN_PASSWORD for the first administrator.',
    );
  }
  await db.transaction(async (tx) => {
    const [property] = await tx.insert(properties).values({ name: 'Hotel', slug: 'hotel' }).returning();
    const [user] = await tx
      .insert(users)
      .values({
        email: config.adminEmail!.toLowerCase(),
        name: 'Administrator',
        passwordHash: await hashPassword(config.adminPassword!),
      })
      .returning();
    await tx.insert(propertyUsers).values({ propertyId: property!.id, userId: user!.id, roleId: 'admin' });
    await tx.insert(generalSettings).values({ propertyId: property!.id });
  });
  return { created: 'admin', adminEmail: config.adminEmail, adminPassword: null };
}

export type TPrepareResult = { migrations: string[]; seeded: TBootstrapResult };

/**
 * Everything a start does to the database before serving: migrations (extensions included), then the
 * demo data or first administrator, in one transaction under the migration lock. Instances starting
 * at once wait for the first; they then find the work done, and a failed start leaves nothing behind.
 * PGlite has no autovacuum to keep the planner's statistics, so it is analysed on every start.
 */
export async function prepareDatabase(database: Database, config: TConfig): Promise<TPrepareResult> {
  const prepared = await database.db.transaction(async (tx) => {
    // The first start on an empty database takes a while: waiting for it must not time out.
    await tx.execute(sql`set local lock_timeout = 0`);
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
    await tx.execute(sql`select pg_advisory_xact_lock(${migrationLockId})`);
    const migrations = await migrate(tx);
    const seeded = await bootstrap(tx, config);
    return { migrations, seeded };
  });
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
  return prepared;
}
