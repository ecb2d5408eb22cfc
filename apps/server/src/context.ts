import type { TConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { FileStore } from './integrations/files/file-store.ts';
import type { SecretBox } from './lib/secret-box.ts';

/** What every module's routes and services are built with. */
export type AppContext = {
  db: Db;
  database: Database;
  config: TConfig;
  fileStore: FileStore;
  signingKey: string;
  /** Seals and opens secret settings. */
  secrets: SecretBox;
};
