import { constants, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** The encodings answers go out in, the preferred first. */
export const compressionEncodings = ['br', 'gzip'] as const;
/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const compressionThreshold = 1024;
/**
 * Brotli at quality 2: for answers written per request (a room plan of 1 MB) it still shrinks better
 * than gzip and takes about 5 ms, half of quality 4 for a tenth more bytes, where the default quality
 * 11 takes hundreds.
 */
export const brotliOptions: BrotliOptions = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 2,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
};
export const zlibOptions: ZlibOptions = { level: 6 };

/**
 * Compresses answers of 1 KiB and more with brotli or gzip, as the client accepts. The web app's
 * files go out precompressed at build time (see plugins/web.ts), cached answers compressed once (see
 * answer-cache.ts). Request bodies are never decompressed: the body limit must hold for what the
 * client sends.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: compressionThreshold,
    encodings: [...compressionEncodings],
    brotliOptions,
    zlibOptions,
  });
}
