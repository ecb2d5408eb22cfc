import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/**
 * Compresses answers of 1 KiB and more with brotli or gzip, as the client accepts. Brotli runs at
 * quality 4: for answers written per request (a room plan of 1 MB) it still shrinks better than gzip
 * and takes a few milliseconds, where the default quality 11 takes hundreds. The web app's files go
 * out precompressed at build time (see web.ts). Request bodies are never decompressed: the body limit
 * must hold for what the client sends.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
  });
}
