// Builds whatever is missing or older than its sources, then starts the server (migrations and demo data run at start).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStale } from './build-state.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

try {
  buildStale(root);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

await import(path.join(root, 'apps/server/dist/server.js'));
