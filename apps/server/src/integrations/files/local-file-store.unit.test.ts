import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LocalFileStore } from './local-file-store.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pms-local-store-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

test('keeps a file under its folder, reads it back and deletes it', async () => {
  const store = new LocalFileStore(root);
  await store.put('property/one', Buffer.from('Rechnung 2026-0001'));
  expect((await buffer(await store.get('property/one'))).toString()).toBe('Rechnung 2026-0001');
  await store.delete('property/one');
  await expect(buffer(await store.get('property/one'))).rejects.toMatchObject({ code: 'ENOENT' });
  await store.delete('property/one');
});

test('lists the keys under a prefix, and none under a prefix it never had', async () => {
  const store = new LocalFileStore(root);
  await store.put('erasures/p1/c1', Buffer.from('{}'));
  await store.put('erasures/p2/c2', Buffer.from('{}'));
  await store.put('p1/file', Buffer.from('x'));
  expect((await store.list('erasures/')).sort()).toEqual(['erasures/p1/c1', 'erasures/p2/c2']);
  expect(await store.list('exports/')).toEqual([]);
});

test('refuses a key that leads out of its folder', async () => {
  const store = new LocalFileStore(root);
  await expect(store.put('../outside', Buffer.from('x'))).rejects.toThrow(/outside the store/);
  await expect(store.get('../../etc/passwd')).rejects.toThrow(/outside the store/);
});
