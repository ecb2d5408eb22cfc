import type { Readable } from 'node:stream';

/** Where file contents live: local disk by default, S3-compatible storage in production. */
export interface FileStore {
  put(key: string, content: Buffer): Promise<void>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Every key under a prefix (`erasures/`), in no particular order. */
  list(prefix: string): Promise<string[]>;
  /** Lets go of connections to the store, if it keeps any. */
  close?(): void;
}
