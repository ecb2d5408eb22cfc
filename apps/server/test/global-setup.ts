// Builds the migrated, seeded demo database once per test run; every test file then starts from a
// copy of it (a PGlite dump, or a PostgreSQL template database) instead of migrating and seeding.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { jobs } from '../src/db/schema/index.ts';
import type { Db } from '../src/db/client.ts';
import { seedDemoData } from '../src/demo/seed.ts';
import { dropPostgresDatabase, runAdminQuery, withDatabaseName } from './postgres.ts';
import { startS3Server } from './s3-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the file holding the template dump. */
    pgliteTemplate: string | null;
    /** PostgreSQL: the template database's name. */
    postgresTemplate: string | null;
    /** The S3-compatible server every test app keeps its files on, a bucket each. */
    s3Endpoint: string;
  }
}

/**
 * The demo data, with an empty job queue: each test works the jobs it causes, and the test of the
 * demo invoices' documents renders them itself.
 */
async function seedTemplate(db: Db): Promise<void> {
  await migrate(db);
  await seedDemoData(db);
  await db.delete(jobs);
}

export default async function setup(project: TestProject) {
  const s3 = await startS3Server();
  project.provide('s3Endpoint', s3.endpoint);
  const database = await setupDatabase(project);
  return async () => {
    await database();
    await s3.stop();
  };
}

async function setupDatabase(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `pms_template_${randomUUID().replaceAll('-', '')}`;
    await runAdminQuery(adminUrl, `create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabaseName(adminUrl, name) });
    await seedTemplate(database.db);
    await database.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', null);
    return () => dropPostgresDatabase(adminUrl, name);
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'pms-template-'));
  const database = await openDatabase({ dataDir: null });
  await seedTemplate(database.db);
  const dump = await database.dump!();
  await database.close();
  const file = path.join(folder, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', null);
  return () => rm(folder, { recursive: true, force: true });
}
