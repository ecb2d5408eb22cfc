import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

// The guest portal's own build, run after the staff app's into the same dist: the portal's source is
// plain React-API code, built here on Preact (preact/compat under React's names), which is a tenth of
// React DOM's size on a guest's phone. The staff app (vite.config.ts) stays on React.
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

// With `--ssr`, the home's server renderer (src/portal/ssr.tsx) for Node, into dist-ssr: self-contained
// (Preact inside), so that the server loads it without resolving the web app's packages.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react()]
    : [react(), tailwindcss(), compression({ algorithms: ['gzip', 'brotliCompress'] })],
  resolve: { alias: preactAliases, dedupe: ['preact'] },
  ssr: { noExternal: true },
  // The staff build already copied public/ into dist.
  publicDir: false,
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        rollupOptions: { output: { entryFileNames: 'portal-home.js' } },
      }
    : {
        outDir: 'dist',
        // One style sheet, linked by both pages: the home's page carries it inline, and loading the
        // app after that page has painted adds no second copy of it.
        cssCodeSplit: false,
        modulePreload: false,
        // The staff build's files stay: both pages are served from one folder.
        emptyOutDir: false,
        rollupOptions: {
          input: {
            portal: path.resolve(import.meta.dirname, 'portal.html'),
            'portal-home': path.resolve(import.meta.dirname, 'portal-home.html'),
          },
        },
      },
}));
