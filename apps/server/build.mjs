import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
// The invoice documents render in a worker thread, whose script is an entry of its own beside the
// server (see src/integrations/invoice-documents/document-renderer.ts).
await build({
  entryPoints: {
    server: 'src/server.ts',
    'invoice-render-worker': 'src/integrations/invoice-documents/render-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  packages: 'external',
  alias: { '@pms/contract': '../../packages/contract/src/index.ts' },
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built: dist/server.js, dist/invoice-render-worker.js');
