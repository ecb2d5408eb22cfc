import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

// The portal's source is plain React-API code, built here on Preact (preact/compat under React's
// names), which is a tenth of React DOM's size on a guest's phone. The staff app stays on React.
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * The folder the server serves the web app from (its WEB_DIST): the portal's pages and assets go
 * beside the staff app's, under the same /assets/, so the portal's urls stay /portal/... on one origin.
 */
const webDist = path.resolve(import.meta.dirname, '../web/dist');

// With `--ssr`, the home's server renderer (src/ssr.tsx) for Node, into dist-ssr/ssr.js, the package's
// `./ssr` entry: self-contained (Preact inside), so that the server loads it without resolving the
// portal's packages.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react()]
    : [react(), tailwindcss(), compression({ algorithms: ['gzip', 'brotliCompress'] })],
  resolve: { alias: preactAliases, dedupe: ['preact'] },
  ssr: { noExternal: true },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The staff build copies public/ (the favicon both apps link) into the same folder.
  publicDir: false,
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        rollupOptions: { output: { entryFileNames: 'ssr.js' } },
      }
    : {
        outDir: webDist,
        // One style sheet, linked by both pages: the home's page carries it inline, and loading the
        // app after that page has painted adds no second copy of it.
        cssCodeSplit: false,
        modulePreload: false,
        // The staff build's files stay: it runs first and empties the folder itself.
        emptyOutDir: false,
        rollupOptions: {
          input: {
            portal: path.resolve(import.meta.dirname, 'portal.html'),
            'portal-home': path.resolve(import.meta.dirname, 'portal-home.html'),
          },
        },
      },
}));
