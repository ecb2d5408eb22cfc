import { execFile } from 'node:child_process';
import { access, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** The same server url with another database name. */
export function withDatabaseName(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function runAdminQuery(adminUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * Drops a database once its connections have left (pool.end() resolves before they have), or at once
 * when `waitForClients` is false.
 */
export async function dropPostgresDatabase(
  adminUrl: string,
  name: string,
  { waitForClients = true } = {},
): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 0; waitForClients && attempt < 100; attempt++) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/** A PostgreSQL client program (pg_dump, pg_restore): the newest server's, else the one on the PATH. */
async function clientProgram(name: string): Promise<string> {
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const candidate = `/usr/lib/postgresql/${version}/bin/${name}`;
    if (
      await access(candidate).then(
        () => true,
        () => false,
      )
    )
      return candidate;
  }
  return name;
}

/** Backs a database up with pg_dump, as an operator would, and restores it into a new database `target`. */
export async function dumpAndRestore(adminUrl: string, source: string, target: string): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'pms-backup-'));
  try {
    const file = path.join(folder, 'backup.dump');
    await run(await clientProgram('pg_dump'), [
      '--format=custom',
      `--file=${file}`,
      withDatabaseName(adminUrl, source),
    ]);
    await runAdminQuery(adminUrl, `create database ${target}`);
    await run(await clientProgram('pg_restore'), [
      '--no-owner',
      `--dbname=${withDatabaseName(adminUrl, target)}`,
      file,
    ]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
