import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { sha256 } from '../../lib/crypto.ts';
import type { S3FileStore } from './s3-file-store.ts';

export type TCopyReport = {
  copied: string[];
  /** Already in the bucket with the same size and hash: left as they are. */
  skipped: string[];
  /** In the bucket afterwards with another size or hash than on disk. */
  mismatched: string[];
};

/** Every file under `root`, as the store's keys name them (`<property>/<file id>`). */
async function keysUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Whether the bucket holds exactly `content` under `key`: the same size, then the same hash. */
async function holds(store: S3FileStore, key: string, content: Buffer): Promise<boolean> {
  if ((await store.sizeOf(key)) !== content.length) return false;
  return sha256(await buffer(await store.get(key))) === sha256(content);
}

/**
 * Copies the files of a local DATA_DIR/files into the bucket, for a hotel moving from one machine to
 * several: each file is put under the same key and read back to compare its size and SHA-256. A second
 * run skips what is already there unchanged, so an interrupted copy simply runs again.
 */
export async function copyFilesToS3(
  root: string,
  store: S3FileStore,
  onFile: (key: string, outcome: 'copied' | 'skipped' | 'mismatched') => void = () => {},
): Promise<TCopyReport> {
  const report: TCopyReport = { copied: [], skipped: [], mismatched: [] };
  for (const key of await keysUnder(root)) {
    const content = await readFile(path.join(root, key));
    let outcome: keyof TCopyReport;
    if (await holds(store, key, content)) outcome = 'skipped';
    else {
      await store.put(key, content);
      outcome = (await holds(store, key, content)) ? 'copied' : 'mismatched';
    }
    report[outcome].push(key);
    onFile(key, outcome);
  }
  return report;
}
