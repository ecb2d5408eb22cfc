import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
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

/** The home's page and the app's, as the bundle names the entries of their scripts. */
const homePage = path.resolve(import.meta.dirname, 'portal-home.html');
const appPage = path.resolve(import.meta.dirname, 'portal.html');

/**
 * portal-home.html's script written into the page (decision 215): the page then asks for nothing
 * before its first paint, as a phone on a slow network would otherwise wait one more round trip for
 * it. The script must stand alone (no import, no `</script`); its element names the app's script
 * (portal.html's entry) in `data-app`, which it fetches once the page has painted.
 */
function inlineHomeScript(): Plugin {
  return {
    name: 'pms:inline-home-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { chunk, bundle }) {
        if (!chunk || chunk.facadeModuleId !== homePage || !bundle) return html;
        const app = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId === appPage,
        );
        if (!app) throw new Error('the bundle has no entry for portal.html');
        if (chunk.imports.length > 0 || chunk.dynamicImports.length > 0 || chunk.code.includes('</script'))
          throw new Error(`${chunk.fileName} does not stand alone: it cannot be written into the page`);
        const tag = `<script type="module" crossorigin src="/${chunk.fileName}"></script>`;
        if (!html.includes(tag)) throw new Error(`portal-home.html has no ${tag}`);
        delete bundle[chunk.fileName];
        // Vite leaves a comment where the page's style sheet was imported.
        const code = chunk.code.replace(/\/\*\s*empty css\s*\*\//, '').trim();
        return html.replace(tag, () => `<script type="module" data-app="/${app.fileName}">${code}</script>`);
      },
    },
  };
}

// With `--ssr`, the home's server renderer (src/ssr.tsx) for Node, into dist-ssr/ssr.js, the package's
// `./ssr` entry: self-contained (Preact inside), so that the server loads it without resolving the
// portal's packages.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react()]
    : [react(), tailwindcss(), inlineHomeScript(), compression({ algorithms: ['gzip', 'brotliCompress'] })],
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
