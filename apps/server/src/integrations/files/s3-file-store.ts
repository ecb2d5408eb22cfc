import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Client, ServerSideEncryption } from '@aws-sdk/client-s3';
import type * as S3Storage from '@aws-sdk/lib-storage';
import { AppError, notFound } from '../../errors.ts';
import type { FileStore } from './file-store.ts';

/** S3_*: where the files are kept when they are not on the local disk. */
export type TS3Settings = {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** S3_SERVER_SIDE_ENCRYPTION: what the store is asked to encrypt objects with; null asks for nothing. */
  serverSideEncryption: ServerSideEncryption | null;
};

/** The SDK's modules: loaded when a store is opened, so a server without S3 never loads them. */
type TSdk = typeof S3 & typeof S3Storage;

/** Files above this size go up in parts of this size, several at once. */
const partSize = 8 * 1024 * 1024;

/** Whether the store said the object is not there (rather than that it could not be asked). */
function isMissing(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/**
 * A store that cannot be reached, refuses the credentials or has no such bucket: the request fails
 * with a 503 problem before anything is written in the database (the object is put first).
 */
function unavailable(error: unknown): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError('file/store_unavailable', `the file store cannot be reached: ${reason}`);
}

/**
 * Keeps files in a bucket of an S3-compatible store (AWS S3, MinIO, Ceph, Hetzner, …), so that every
 * instance sees every file. Uploads of large files go in parts (lib-storage), downloads are streamed.
 */
export class S3FileStore implements FileStore {
  readonly client: S3Client;

  static async open(settings: TS3Settings): Promise<S3FileStore> {
    const [client, storage] = await Promise.all([
      import('@aws-sdk/client-s3'),
      import('@aws-sdk/lib-storage'),
    ]);
    return new S3FileStore(settings, { ...client, ...storage });
  }

  private constructor(
    private readonly settings: TS3Settings,
    private readonly sdk: TSdk,
  ) {
    this.client = new sdk.S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
      // Checksums only where the API requires them: S3-compatible stores refuse the aws-chunked
      // bodies that newer SDKs otherwise send.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that is down answers nothing: give up soon rather than hold the request.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 60_000 },
      maxAttempts: 2,
    });
  }

  async put(key: string, content: Buffer): Promise<void> {
    const upload = new this.sdk.Upload({
      client: this.client,
      partSize,
      queueSize: 4,
      leavePartsOnError: false,
      params: {
        Bucket: this.settings.bucket,
        Key: key,
        Body: content,
        ...(this.settings.serverSideEncryption
          ? { ServerSideEncryption: this.settings.serverSideEncryption }
          : {}),
      },
    });
    try {
      await upload.done();
    } catch (error) {
      throw unavailable(error);
    }
  }

  async get(key: string): Promise<Readable> {
    try {
      const answer = await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error('the store answered without a body');
      return answer.Body;
    } catch (error) {
      if (isMissing(error)) throw notFound('file');
      throw unavailable(error);
    }
  }

  /** The object's size, or null when there is none under the key. */
  async sizeOf(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new this.sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable(error);
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    } catch (error) {
      if (!isMissing(error)) throw unavailable(error);
    }
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    // Page by page, each after the last key of the one before: the marker every S3-compatible store
    // understands (some cannot make version 2's continuation tokens).
    let isTruncated = true;
    try {
      while (isTruncated) {
        const page = await this.client.send(
          new this.sdk.ListObjectsCommand({
            Bucket: this.settings.bucket,
            Prefix: prefix,
            ...(keys.length > 0 ? { Marker: keys.at(-1) } : {}),
          }),
        );
        const found = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        keys.push(...found);
        isTruncated = page.IsTruncated === true && found.length > 0;
      }
    } catch (error) {
      throw unavailable(error);
    }
    return keys;
  }

  close(): void {
    this.client.destroy();
  }
}
