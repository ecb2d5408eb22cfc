// The S3 file store against a local S3-compatible server (s3rver): upload and download of a 10 MB
// file, p50 and p95 over 20 runs each.
import { randomBytes, randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { readConfig } from '../../apps/server/src/config.ts';
import { S3FileStore } from '../../apps/server/src/integrations/files/s3-file-store.ts';
import { newBucketSettings, startS3Server } from '../../apps/server/test/s3-server.ts';
import { latencyFigures } from './wire.ts';

const runs = 20;
const size = 10 * 1024 * 1024;

export async function benchFiles(): Promise<void> {
  const server = await startS3Server();
  const store = await S3FileStore.open(
    readConfig(await newBucketSettings(server.endpoint, `bench-${randomUUID()}`)).s3!,
  );
  try {
    const uploads: number[] = [];
    const downloads: number[] = [];
    for (let run = 0; run < runs; run++) {
      const content = randomBytes(size);
      const key = `bench/${run}`;
      let started = performance.now();
      await store.put(key, content);
      uploads.push(performance.now() - started);
      started = performance.now();
      const read = await buffer(await store.get(key));
      downloads.push(performance.now() - started);
      if (read.length !== size) throw new Error(`read ${read.length} bytes of ${size}`);
    }
    console.log(`\nFiles on S3 (s3rver on loopback), a 10 MB file, ${runs} runs each`);
    console.log(`  upload (multipart, 8 MiB parts): ${latencyFigures(uploads)}`);
    console.log(`  download (streamed): ${latencyFigures(downloads)}`);
  } finally {
    store.close();
    await server.stop();
  }
}
