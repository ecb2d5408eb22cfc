// Copies the files of a local DATA_DIR into the S3 bucket the S3_* settings name, and checks each
// (size and SHA-256 read back): for a hotel moving from one machine to several.
//   DATA_DIR=./data S3_ENDPOINT=… S3_BUCKET=… S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=… npm run files:copy-to-s3
// Exits with 1 when a file in the bucket differs from the disk; running it again skips what is there.
import path from 'node:path';
import { readConfig } from '../apps/server/src/config.ts';
import { copyFilesToS3 } from '../apps/server/src/integrations/files/copy-to-s3.ts';
import { S3FileStore } from '../apps/server/src/integrations/files/s3-file-store.ts';

const config = readConfig();
if (!config.s3) {
  console.error(
    'Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY for your store) first.',
  );
  process.exit(2);
}
const root = path.join(config.dataDir ?? '.', 'files');
const store = await S3FileStore.open(config.s3);
try {
  const report = await copyFilesToS3(root, store, (key, outcome) =>
    console.log(`${outcome.padEnd(10)} ${key}`),
  );
  console.log(
    `\n${report.copied.length} copied, ${report.skipped.length} already there, ${report.mismatched.length} different after the copy (from ${root} to bucket ${config.s3.bucket})`,
  );
  if (report.mismatched.length > 0) process.exitCode = 1;
} finally {
  store.close();
}
