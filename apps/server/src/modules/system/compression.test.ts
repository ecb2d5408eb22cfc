import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { addDays, todayIn } from '@pms/contract';
import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { apiTest } from '../../../test/api-test.ts';

const script = `export const greeting = ${JSON.stringify('Grüß Gott '.repeat(400))};\n`;

/** The web app with its files, precompressed as the build leaves them, on an empty database of its own. */
const test = apiTest.extend('web', { scope: 'file' }, async ({}, { onCleanup }) => {
  const folder = await mkdtemp(path.join(tmpdir(), 'pms-compress-'));
  const webDist = path.join(folder, 'web');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><body></body></html>');
  await writeFile(path.join(webDist, 'assets', 'app.js'), script);
  // Marked so that a test can tell the precompressed file from one compressed on the fly.
  await writeFile(path.join(webDist, 'assets', 'app.js.br'), brotliCompressSync(`${script}// br\n`));
  await writeFile(path.join(webDist, 'assets', 'app.js.gz'), gzipSync(`${script}// gz\n`));
  const webDatabase = await openDatabase({ dataDir: null });
  await migrate(webDatabase.db);
  const config = {
    ...readConfig({ DATA_DIR: path.join(folder, 'data'), NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    webDist,
  };
  const web = await buildApp({ config, database: webDatabase, logger: false });
  onCleanup(async () => {
    await web.close();
    await webDatabase.close();
    await rm(folder, { recursive: true, force: true });
  });
  await web.ready();
  return web;
});

describe('compression', () => {
  test('sends API answers in brotli or gzip as the client accepts, with the same content', async ({
    demoApp: { t, client: admin },
  }) => {
    const today = todayIn('Europe/Vienna', t.clock.now());
    const query = { from: today, to: addDays(today, 60) };
    const plain = await admin.get('/api/room_plan', { query, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await admin.get('/api/room_plan', { query, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    // The room plan is written in parts and goes out in gzip wherever the client takes it.
    const gzip = await admin.get('/api/room_plan', {
      query,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // Other answers go out in brotli where the client takes it.
    const bookings = await admin.get('/api/bookings', {
      query: { pageSize: '100' },
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(bookings.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(bookings.rawPayload).toString()).toBe(
      (await admin.get('/api/bookings', { query: { pageSize: '100' } })).body,
    );
  });

  test('leaves small answers as they are', async ({ demoApp: { client: admin } }) => {
    const response = await admin.get('/api/session', { headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  test('never inflates a request body: a compressed body is refused like any unreadable one', async ({
    demoApp: { client: admin },
  }) => {
    const response = await admin.post('/api/contacts', gzipSync(JSON.stringify({ name: 'Gezippt' })), {
      headers: { 'content-encoding': 'gzip', 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  test("serves the web app's files precompressed by the build", async ({ web }) => {
    const br = await web.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${script}// br\n`);
    expect(br.headers['cache-control']).toContain('immutable');
    const gzip = await web.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${script}// gz\n`);
    const plain = await web.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.body).toBe(script);
  });
});
