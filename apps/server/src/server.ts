import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { readConfig } from './config.ts';
import { missingSessionTimeouts, openDatabase } from './db/client.ts';
import { prepareDatabase } from './bootstrap.ts';
import { buildApp } from './app.ts';

const config = readConfig();
if (!config.webDist) {
  const candidate = fileURLToPath(new URL('../../web/dist', import.meta.url));
  if (existsSync(path.join(candidate, 'index.html'))) config.webDist = candidate;
}
const database = await openDatabase({
  ...config.postgres,
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
});
const { migrations, seeded } = await prepareDatabase(database, config);
const app = await buildApp({ config, database });
if (migrations.length > 0) app.log.info({ migrations }, 'migrations applied');
if (config.postgres.isPooled) {
  const missing = await missingSessionTimeouts(database.db);
  if (missing.length > 0)
    app.log.warn(
      { missing },
      'behind the pooler these timeouts are off: set them on the role (docs/operations.md, "Pooler")',
    );
}

// Background jobs (the room locks' daily changes among them), claimed from the jobs table by every instance.
app.jobRunner.start();

let isShuttingDown = false;
const shutdown = async () => {
  // A signal to the process group reaches npm and the server alike: npm passes it on once more.
  if (isShuttingDown) return;
  isShuttingDown = true;
  await app.close();
  await database.close();
  process.exit(0);
};
const onSignal = () => {
  shutdown().catch((error: unknown) => {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  });
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
const lines = [
  '',
  `  PMS is running: open ${config.publicUrl}`,
  `  API docs: ${config.publicUrl}/api/docs   Database: ${where}`,
];
if (seeded.created === 'demo' || (seeded.created === null && config.demoData !== false)) {
  lines.push(
    `  Demo login: ${seeded.adminEmail ?? config.adminEmail ?? 'admin@example.com'} / ${seeded.adminPassword ?? config.adminPassword ?? 'demo1234'}`,
  );
}
process.stdout.write(`${lines.join('\n')}\n\n`);
