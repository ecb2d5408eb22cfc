import type { TConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { analyzeDatabase, lockForMigrations, migrate } from './db/migrate.ts';
import { countUsers, insertFirstAdministrator } from './bootstrap.queries.ts';
import { hashPassword } from './lib/crypto.ts';
import { seedDemoData } from './demo/seed.ts';

export type TBootstrapResult = {
  created: 'demo' | 'admin' | null;
  adminEmail: string | null;
  adminPassword: string | null;
};

/** On an empty database: loads the demo data, or creates the first administrator and a property. */
export async function bootstrap(db: Db, config: TConfig): Promise<TBootstrapResult> {
  if ((await countUsers(db)) > 0) return { created: null, adminEmail: null, adminPassword: null };
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
  await insertFirstAdministrator(db, {
    email: config.adminEmail.toLowerCase(),
    name: 'Administrator',
    passwordHash: await hashPassword(config.adminPassword),
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
    await lockForMigrations(tx);
    const migrations = await migrate(tx);
    const seeded = await bootstrap(tx, config);
    return { migrations, seeded };
  });
  if (database.kind === 'pglite') await analyzeDatabase(database.db);
  return prepared;
}
