import type { Clock } from './clock.ts';
import type { TConfig } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { FileStore } from './integrations/files/file-store.ts';
import type { IdDocumentReader } from './integrations/id-documents/id-document-reader.ts';
import type { InvoiceDocumentRenderer } from './integrations/invoice-documents/index.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { TPasswordHasher } from './lib/crypto.ts';
import type { SecretBox } from './lib/secret-box.ts';

/**
 * What every service call runs with, whoever calls it (a route, a job, a test): the database, the
 * file store, the job queue, the clock and the configuration. Services take `(ctx, actor, input)`.
 */
export type AppContext = {
  db: Db;
  files: FileStore;
  jobs: JobQueue;
  clock: Clock;
  config: TConfig;
  database: Database;
  signingKey: string;
  /** Hashes and checks passwords (argon2id). */
  passwords: TPasswordHasher;
  /** Seals and opens secret settings. */
  secrets: SecretBox;
  /** Renders invoice documents in a worker thread. */
  documents: Pick<InvoiceDocumentRenderer, 'render'>;
  /** Reads the machine readable zone of ID document pictures (offline OCR, started with the first). */
  idDocuments: Pick<IdDocumentReader, 'analyze'>;
};
