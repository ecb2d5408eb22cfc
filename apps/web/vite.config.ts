import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

/** React's API on Preact (see the file). */
const reactOnPreact = path.resolve(import.meta.dirname, 'src/lib/react-on-preact.ts');

/**
 * The page's first script: `src/early.ts`, an entry of its own, which starts the first screen's data
 * request while the app's chunks still load (a script of index.html would be bundled into the app's
 * entry and run only after all of it).
 */
function earlyScript(): Plugin {
  return {
    name: 'early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const early = chunks.find((chunk) => chunk.isEntry && chunk.name === 'early');
        if (!early) throw new Error('the build has no early chunk');
        // Its static imports, at every depth, load at once beside it rather than one level after another.
        const imports = new Set<string>();
        const visit = (fileName: string) => {
          for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? [])
            if (!imports.has(imported)) {
              imports.add(imported);
              visit(imported);
            }
        };
        visit(early.fileName);
        return [
          { tag: 'script', attrs: { type: 'module', crossorigin: true, src: `/${early.fileName}` } },
          ...[...imports]
            .filter((fileName) => !html.includes(`/${fileName}"`))
            .map((fileName) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            })),
        ].map((tag) => ({ ...tag, injectTo: 'head-prepend' as const }));
      },
    },
  };
}

// With `--ssr`, the room plan's server renderer (src/ssr.tsx) for Node, into dist-ssr/ssr.js, the
// package's `./ssr` entry: self-contained (Preact and the app's libraries inside), so that the server
// loads it without resolving the web app's packages.
export default defineConfig(({ isSsrBuild }) => ({
  // Each asset also as .gz and .br beside it, so that the server sends compressed files without
  // compressing them per request.
  plugins: isSsrBuild
    ? [react()]
    : [react(), tailwindcss(), earlyScript(), compression({ algorithms: ['gzip', 'brotliCompress'] })],
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
      { find: /^react-dom$/, replacement: reactOnPreact },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: reactOnPreact },
    ],
    dedupe: ['preact'],
  },
  ssr: { noExternal: true },
  // The favicon is the page's, not the renderer's.
  publicDir: isSsrBuild ? false : 'public',
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        rollupOptions: { output: { entryFileNames: 'ssr.js' } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // The staff app only: the guest portal (apps/portal) builds its pages on Preact after this one,
        // into the same folder.
        rollupOptions: {
          input: {
            main: path.resolve(import.meta.dirname, 'index.html'),
            early: path.resolve(import.meta.dirname, 'src/early.ts'),
          },
        },
      },
}));
