import type { Readable } from 'node:stream';

/** Where file contents live: local disk by default, S3-compatible storage in production. */
export interface FileStore {
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Lets go of connections to the store, if it keeps any. */
  close?(): void;
}
