import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  // Each asset also as .gz and .br beside it, so that the server sends compressed files without
  // compressing them per request.
  plugins: [react(), tailwindcss(), compression({ algorithms: ['gzip', 'brotliCompress'] })],
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The staff app only: the guest portal (apps/portal) builds its pages on Preact after this one,
    // into the same folder.
    rollupOptions: {
      input: { main: path.resolve(import.meta.dirname, 'index.html') },
    },
  },
});
