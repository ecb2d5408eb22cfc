import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, inject, test } from 'vitest';
import { readConfig } from '../../config.ts';
import { files } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { sha256 } from '../../lib/crypto.ts';
import { buildTestApp, demo, expectProblem, login } from '../../../test/helpers.ts';
import { newBucketSettings } from '../../../test/s3-server.ts';
import { S3FileStore } from './s3-file-store.ts';
import { copyFilesToS3 } from './copy-to-s3.ts';

/** A store on a new bucket of the run's S3 server. */
async function newStore(): Promise<S3FileStore> {
  const settings = await newBucketSettings(inject('s3Endpoint'), `pms-store-${randomUUID()}`);
  return S3FileStore.open(readConfig(settings).s3!);
}

/** A store whose server is not there: nothing answers on port 1. */
function unreachableStore(): Promise<S3FileStore> {
  const config = readConfig({ S3_ENDPOINT: 'http://127.0.0.1:1', S3_BUCKET: 'gone' });
  return S3FileStore.open(config.s3!);
}

describe('the S3 file store', () => {
  test('keeps a file, streams it back byte for byte, and deletes it', async () => {
    const store = await newStore();
    try {
      const content = Buffer.from('Meldeblatt Zimmer 101');
      await store.put('property/one', content);
      expect(await store.sizeOf('property/one')).toBe(content.length);
      expect(await buffer(await store.get('property/one'))).toEqual(content);
      await store.delete('property/one');
      expect(await store.sizeOf('property/one')).toBeNull();
      // Deleting what is gone is no error: a retried delete finds nothing.
      await store.delete('property/one');
    } finally {
      store.close();
    }
  });

  test('lists every key under a prefix, page after page', async () => {
    const store = await newStore();
    try {
      const keys = Array.from({ length: 1003 }, (_, index) => `erasures/p/${String(index).padStart(4, '0')}`);
      for (let index = 0; index < keys.length; index += 50)
        await Promise.all(keys.slice(index, index + 50).map((key) => store.put(key, Buffer.from('{}'))));
      await store.put('p/file', Buffer.from('x'));
      expect((await store.list('erasures/')).sort()).toEqual(keys);
      expect(await store.list('exports/')).toEqual([]);
    } finally {
      store.close();
    }
  });

  test('uploads a 10 MB file in parts and reads the same bytes back', async () => {
    const store = await newStore();
    try {
      const content = randomBytes(10 * 1024 * 1024);
      await store.put('property/large', content);
      expect(await store.sizeOf('property/large')).toBe(content.length);
      expect(sha256(await buffer(await store.get('property/large')))).toBe(sha256(content));
    } finally {
      store.close();
    }
  });

  test('answers a missing file as not found', async () => {
    const store = await newStore();
    try {
      await expect(store.get('property/never')).rejects.toMatchObject({ code: 'not_found', status: 404 });
    } finally {
      store.close();
    }
  });

  test('says the store is unavailable when it cannot be reached', async () => {
    const store = await unreachableStore();
    try {
      for (const attempt of [store.put('a/b', Buffer.from('x')), store.get('a/b'), store.delete('a/b')]) {
        const error: unknown = await attempt.catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(AppError);
        expect(error).toMatchObject({ code: 'file/store_unavailable', status: 503 });
      }
    } finally {
      store.close();
    }
  });
});

describe('uploads while the store is down', () => {
  test('answer a 503 problem and write nothing in the database', async () => {
    const t = await buildTestApp({ S3_ENDPOINT: 'http://127.0.0.1:1' });
    try {
      const admin = await login(t.app, demo.users.admin);
      const before = await t.db.select({ id: files.id }).from(files);
      const picture = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#1d5fd8' } })
        .png()
        .toBuffer();
      const response = await admin.upload('/api/files', { name: 'ausweis.png', content: picture });
      expectProblem(response, 503, 'file/store_unavailable');
      expect(await t.db.select({ id: files.id }).from(files)).toEqual(before);
      expect(await t.db.select().from(files).where(eq(files.name, 'ausweis.png'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('copying a DATA_DIR into a bucket', () => {
  test('copies every file under its key, checks it, and skips it the second time', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'pms-copy-'));
    const store = await newStore();
    try {
      const contents = {
        'p1/a': randomBytes(1000),
        'p1/b': Buffer.from('Meldeblatt'),
        'p2/c': randomBytes(9 * 1024 * 1024),
      };
      for (const [key, content] of Object.entries(contents)) {
        await mkdir(path.join(root, path.dirname(key)), { recursive: true });
        await writeFile(path.join(root, key), content);
      }
      expect(await copyFilesToS3(root, store)).toEqual({
        copied: ['p1/a', 'p1/b', 'p2/c'],
        skipped: [],
        mismatched: [],
      });
      for (const [key, content] of Object.entries(contents))
        expect(sha256(await buffer(await store.get(key)))).toBe(sha256(content));
      await writeFile(path.join(root, 'p1/b'), 'Meldeblatt, korrigiert');
      expect(await copyFilesToS3(root, store)).toEqual({
        copied: ['p1/b'],
        skipped: ['p1/a', 'p2/c'],
        mismatched: [],
      });
    } finally {
      store.close();
      await rm(root, { recursive: true, force: true });
    }
  });

  test('names a file the bucket holds differently after the copy', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'pms-copy-'));
    const store = await newStore();
    // A store that loses the last byte of what it is given.
    const lossy = Object.assign(Object.create(store) as S3FileStore, {
      put: (key: string, content: Buffer) => store.put(key, content.subarray(0, -1)),
    });
    try {
      await writeFile(path.join(root, 'rechnung.pdf'), '%PDF-1.7 Rechnung');
      expect(await copyFilesToS3(root, lossy)).toEqual({
        copied: [],
        skipped: [],
        mismatched: ['rechnung.pdf'],
      });
    } finally {
      store.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
