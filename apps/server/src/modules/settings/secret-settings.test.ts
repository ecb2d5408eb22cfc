import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { secretMask, ZPaged, ZSettingEntry } from '@pms/contract';
import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import { settingEntries } from '../../db/schema/index.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import {
  buildTestApp,
  demo,
  login,
  parsed,
  propertyIds,
  switchProperty,
  type TTestApp,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { readSettingValue } from './settings.service.ts';

const key = randomBytes(32);
const box = new SecretBox(key);
/** The demo app started with a SECRET_KEY, signed in as the admin in the Austrian property. */
const test = apiTest
  .override('demoApp', { scope: 'file' }, async ({}, { onCleanup }) => {
    const t = await buildTestApp({ SECRET_KEY: key.toString('base64') });
    onCleanup(() => t.close());
    const client = await login(t.app, demo.users.admin);
    const ids = await propertyIds(client);
    await switchProperty(client, ids[demo.austria]!);
    return { t, client, ids };
  })
  .extend('sealed', { scope: 'file' }, ({ demoApp: { ids } }) => ({ propertyId: ids[demo.austria]! }));

async function storedValue(t: TTestApp, propertyId: string, settingKey: string): Promise<string> {
  const [row] = await t.db
    .select({ value: settingEntries.value })
    .from(settingEntries)
    .where(and(eq(settingEntries.propertyId, propertyId), eq(settingEntries.key, settingKey)));
  return row!.value;
}

describe('secret settings at rest', () => {
  test('seals at start the secrets stored in clear before encryption existed', async ({
    demoApp: { t },
    sealed: { propertyId },
  }) => {
    // The demo data writes its payment secret in clear, as older versions stored every secret.
    const stored = await storedValue(t, propertyId, 'payment.stripe.secret_key');
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain('sk_test_demo_not_a_real_key');
    expect(await readSettingValue(t.db, box, propertyId, 'payment.stripe.secret_key')).toBe(
      'sk_test_demo_not_a_real_key',
    );
  });

  test('stores a new secret only sealed, answers the mask, and reads the value back for the server', async ({
    demoApp: { t, client: admin },
    sealed: { propertyId },
  }) => {
    const secret = `whsec_${randomBytes(12).toString('hex')}`;
    const created = await admin.post('/api/settings', {
      key: 'door.webhook.secret',
      value: secret,
      secret: true,
    });
    expect(created.statusCode).toBe(201);
    expect(parsed(created, ZSettingEntry).value).toBe(secretMask);
    const list = await admin.get('/api/settings', { query: { pageSize: '100' } });
    const entry = parsed(list, ZPaged(ZSettingEntry)).data.find((e) => e.key === 'door.webhook.secret');
    expect(entry).toMatchObject({ value: secretMask, secret: true });
    for (const body of [created.body, list.body]) expect(body).not.toContain(secret);

    const stored = await storedValue(t, propertyId, 'door.webhook.secret');
    expect(stored).toMatch(/^enc:v1:/);
    expect(stored).not.toContain(secret);
    expect(await readSettingValue(t.db, box, propertyId, 'door.webhook.secret')).toBe(secret);
  });

  test('keeps plain settings plain', async ({ demoApp: { t, client: admin }, sealed: { propertyId } }) => {
    const created = await admin.post('/api/settings', {
      key: 'door.webhook.url',
      value: 'https://door.example/hook',
    });
    expect(parsed(created, ZSettingEntry).value).toBe('https://door.example/hook');
    expect(await storedValue(t, propertyId, 'door.webhook.url')).toBe('https://door.example/hook');
  });

  test('refuses to start with another key, saying why', async ({
    demoApp: { t },
    sealed: { propertyId },
  }) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pms-wrong-key-'));
    const config = readConfig({
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SECRET_KEY: randomBytes(32).toString('hex'),
    });
    const other = await buildApp({
      config: { ...config, webDist: null },
      database: t.database,
      logger: false,
    });
    await expect(other.ready()).rejects.toThrow(/secret setting cannot be decrypted/);
    await rm(dataDir, { recursive: true, force: true });
    // The values stay as they were, sealed under the right key.
    expect(await readSettingValue(t.db, box, propertyId, 'payment.stripe.secret_key')).toBe(
      'sk_test_demo_not_a_real_key',
    );
  });
});
