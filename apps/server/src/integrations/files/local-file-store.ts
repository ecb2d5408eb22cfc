import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStore } from './file-store.ts';

/** Keeps files under a folder on the local disk (DATA_DIR/files). */
export class LocalFileStore implements FileStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error('file key outside the store');
    return full;
  }

  async put(key: string, content: Buffer): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, content);
  }

  get(key: string): Promise<Readable> {
    // The stream opens by itself, so there is nothing to await; a key outside the store still rejects.
    return new Promise((resolve) => resolve(createReadStream(this.pathOf(key))));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async list(prefix: string): Promise<string[]> {
    const folder = this.pathOf(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
    try {
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        );
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}
