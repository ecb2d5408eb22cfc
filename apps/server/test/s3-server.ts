import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** The credentials s3rver takes. */
export const s3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** An S3-compatible server on a free port of 127.0.0.1, its objects in a folder of its own. */
export async function startS3Server(): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), 'pms-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The S3_* settings of a new bucket of its own on the server at `endpoint`. */
export async function newBucketSettings(endpoint: string, name: string): Promise<Record<string, string>> {
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: s3Credentials,
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  } finally {
    client.destroy();
  }
  return {
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: name,
    S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}
