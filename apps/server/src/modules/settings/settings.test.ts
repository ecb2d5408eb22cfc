import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { secretMask, ZGeneralSettings, ZPaged, ZSettingEntry, type TSettingEntry } from '@pms/contract';
import {
  buildTestApp,
  demo,
  expectProblem,
  login,
  parsed,
  switchProperty,
  type ApiClient,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { generalSettings } from '../../db/schema/index.ts';

const test = apiTest;

async function entries(client: ApiClient): Promise<TSettingEntry[]> {
  const response = await client.get('/api/settings', { query: { pageSize: '100' } });
  expect(response.statusCode).toBe(200);
  return parsed(response, ZPaged(ZSettingEntry)).data;
}

describe('/api/settings/general', () => {
  test("reads the current property's general settings", async ({ demoApp: { client: admin } }) => {
    const response = await admin.get('/api/settings/general');
    expect(response.statusCode).toBe(200);
    expect(parsed(response, ZGeneralSettings)).toMatchObject({
      featurePreCheckIn: true,
      featurePayment: true,
      propertyInfoUrl: 'https://alpenhof-salzburg.example/info',
    });
  });

  test('updates only the fields sent', async ({ demoApp: { client: admin } }) => {
    const response = await admin.patch('/api/settings/general', {
      featurePayment: false,
      propertyInfoUrl: 'https://alpenhof.example/hausinfo',
    });
    expect(response.statusCode).toBe(200);
    const settings = parsed(response, ZGeneralSettings);
    expect(settings).toMatchObject({
      featurePayment: false,
      featurePreCheckIn: true,
      propertyInfoUrl: 'https://alpenhof.example/hausinfo',
    });
    expect(parsed(await admin.get('/api/settings/general'), ZGeneralSettings)).toEqual(settings);
    const cleared = await admin.patch('/api/settings/general', {
      propertyInfoUrl: null,
      linkEmailSubject: null,
    });
    expect(parsed(cleared, ZGeneralSettings)).toMatchObject({
      propertyInfoUrl: null,
      linkEmailSubject: null,
      featurePayment: false,
    });
  });

  test('keeps each property its own settings', async ({ demoApp: { client: admin, ids } }) => {
    await admin.patch('/api/settings/general', { featureCheckInJack: false });
    await switchProperty(admin, ids[demo.germany]!);
    const berlin = parsed(await admin.get('/api/settings/general'), ZGeneralSettings);
    await switchProperty(admin, ids[demo.austria]!);
    expect(berlin).toMatchObject({
      featureCheckInJack: true,
      propertyInfoUrl: 'https://spreeblick-berlin.example/info',
    });
  });

  test('refuses an invalid propertyInfoUrl and wrong types with 400 validation', async ({
    demoApp: { client: admin },
  }) => {
    expectProblem(
      await admin.patch('/api/settings/general', { propertyInfoUrl: 'not a url' }),
      400,
      'validation',
    );
    expectProblem(await admin.patch('/api/settings/general', { featurePayment: 'yes' }), 400, 'validation');
  });

  test('takes only a web address for the property info: no javascript: or data: link reaches the guests', async ({
    demoApp: { client: admin },
  }) => {
    for (const propertyInfoUrl of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://alpenhof.example/info',
    ]) {
      expectProblem(await admin.patch('/api/settings/general', { propertyInfoUrl }), 400, 'validation');
    }
    // Outside production a development server's plain http address is fine.
    const plain = await admin.patch('/api/settings/general', {
      propertyInfoUrl: 'http://localhost:8080/info',
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const secure = await admin.patch('/api/settings/general', {
      propertyInfoUrl: 'https://alpenhof.example/info',
    });
    expect(parsed(secure, ZGeneralSettings).propertyInfoUrl).toBe('https://alpenhof.example/info');
  });

  test('drops a stored property info address that is no web address (migration 0023)', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const propertyId = ids[demo.austria]!;
    await t.db
      .update(generalSettings)
      .set({ propertyInfoUrl: 'javascript:alert(1)' })
      .where(eq(generalSettings.propertyId, propertyId));
    const migration = readFileSync(
      new URL('../../db/migrations/0023_hardening.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(statement));
    const settings = await admin.get('/api/settings/general');
    expect(settings.statusCode, settings.body).toBe(200);
    expect(parsed(settings, ZGeneralSettings).propertyInfoUrl).toBeNull();
    await switchProperty(admin, ids[demo.germany]!);
    expect(parsed(await admin.get('/api/settings/general'), ZGeneralSettings).propertyInfoUrl).toBe(
      'https://spreeblick-berlin.example/info',
    );
    await switchProperty(admin, propertyId);
  });

  test('takes only https for the property info in production', async ({ demoApp: { ids } }) => {
    const production = await buildTestApp({
      NODE_ENV: 'production',
      SECRET_KEY: randomBytes(32).toString('base64'),
    });
    try {
      const client = await login(production.app, demo.users.admin);
      await switchProperty(client, ids[demo.austria]!);
      const problem = expectProblem(
        await client.patch('/api/settings/general', { propertyInfoUrl: 'http://alpenhof.example/info' }),
        400,
        'validation',
      );
      expect(problem.errors?.map((error) => error.path)).toEqual(['body/propertyInfoUrl']);
      const secure = await client.patch('/api/settings/general', {
        propertyInfoUrl: 'https://alpenhof.example/info',
      });
      expect(secure.statusCode, secure.body).toBe(200);
    } finally {
      await production.close();
    }
  });

  test('is open to the manager and closed to staff, cleaning and catering', async ({ demoApp: { t } }) => {
    const manager = await login(t.app, demo.users.manager);
    expect((await manager.get('/api/settings/general')).statusCode).toBe(200);
    expect((await manager.patch('/api/settings/general', { featurePreCheckIn: true })).statusCode).toBe(200);
    for (const email of [demo.users.staff, demo.users.cleaning, demo.users.catering]) {
      const user = await login(t.app, email);
      expectProblem(await user.get('/api/settings/general'), 403, 'auth/forbidden');
      expectProblem(
        await user.patch('/api/settings/general', { featurePayment: true }),
        403,
        'auth/forbidden',
      );
    }
  });
});

describe('/api/settings entries', () => {
  test('lists the entries with secret values masked', async ({ demoApp: { client: admin } }) => {
    const list = await entries(admin);
    const byKey = Object.fromEntries(list.map((entry) => [entry.key, entry]));
    expect(byKey['payment.provider']).toMatchObject({ value: 'simulator', secret: false });
    expect(byKey['payment.stripe.secret_key']).toMatchObject({ value: secretMask, secret: true });
    expect(JSON.stringify(list)).not.toContain('sk_test_demo_not_a_real_key');
  });

  test('creates an entry, and a secret one whose value never comes back', async ({
    demoApp: { client: admin },
  }) => {
    const plain = await admin.post('/api/settings', {
      key: 'door.webhook.url',
      value: 'https://doors.example/hook',
    });
    expect(plain.statusCode).toBe(201);
    expect(parsed(plain, ZSettingEntry)).toMatchObject({
      key: 'door.webhook.url',
      value: 'https://doors.example/hook',
      secret: false,
    });

    const secret = await admin.post('/api/settings', {
      key: 'door.webhook.secret',
      value: 'hunter2-hunter2',
      secret: true,
    });
    expect(secret.statusCode).toBe(201);
    expect(parsed(secret, ZSettingEntry)).toMatchObject({
      key: 'door.webhook.secret',
      value: secretMask,
      secret: true,
    });
    expect(secret.body).not.toContain('hunter2');
    const list = await entries(admin);
    expect(list.find((entry) => entry.key === 'door.webhook.secret')?.value).toBe(secretMask);
    expect(JSON.stringify(list)).not.toContain('hunter2');
  });

  test('refuses a key the property already has with 409 setting/already_exists', async ({
    demoApp: { client: admin, ids },
  }) => {
    expectProblem(
      await admin.post('/api/settings', { key: 'payment.provider', value: 'stripe' }),
      409,
      'setting/already_exists',
    );
    // The same key in another property is fine.
    await switchProperty(admin, ids[demo.germany]!);
    expect((await admin.post('/api/settings', { key: 'only.in.berlin', value: '1' })).statusCode).toBe(201);
    await switchProperty(admin, ids[demo.austria]!);
    expect((await admin.post('/api/settings', { key: 'only.in.berlin', value: '1' })).statusCode).toBe(201);
  });

  test('refuses invalid entries with 400 validation', async ({ demoApp: { client: admin } }) => {
    for (const body of [
      { key: 'has space', value: 'x' },
      { key: 'no.value' },
      { value: 'no key' },
      { key: 'x', value: 1 },
    ]) {
      expectProblem(await admin.post('/api/settings', body), 400, 'validation');
    }
  });

  test('deletes an entry, after which its key can be used again', async ({ demoApp: { client: admin } }) => {
    const created = parsed(
      await admin.post('/api/settings', { key: 'temporary.flag', value: 'on' }),
      ZSettingEntry,
    );
    expect((await admin.delete(`/api/settings/${created.id}`)).statusCode).toBe(204);
    expect((await entries(admin)).map((entry) => entry.key)).not.toContain('temporary.flag');
    expectProblem(await admin.delete(`/api/settings/${created.id}`), 404, 'not_found');
    expect((await admin.post('/api/settings', { key: 'temporary.flag', value: 'off' })).statusCode).toBe(201);
  });

  test("answers 404 for another property's entry", async ({ demoApp: { client: admin, ids } }) => {
    await switchProperty(admin, ids[demo.germany]!);
    const foreign = (await entries(admin)).find((entry) => entry.key === 'payment.provider')!;
    await switchProperty(admin, ids[demo.austria]!);
    expectProblem(await admin.delete(`/api/settings/${foreign.id}`), 404, 'not_found');
    await switchProperty(admin, ids[demo.germany]!);
    expect((await entries(admin)).map((entry) => entry.id)).toContain(foreign.id);
    await switchProperty(admin, ids[demo.austria]!);
  });

  test('is for the admin only: a manager gets 403 auth/forbidden', async ({
    demoApp: { t, client: admin },
  }) => {
    const entry = (await entries(admin))[0]!;
    for (const email of [demo.users.manager, demo.users.staff, demo.users.cleaning, demo.users.catering]) {
      const user = await login(t.app, email);
      expectProblem(await user.get('/api/settings'), 403, 'auth/forbidden');
      expectProblem(
        await user.post('/api/settings', { key: 'by.others', value: 'x' }),
        403,
        'auth/forbidden',
      );
      expectProblem(await user.delete(`/api/settings/${entry.id}`), 403, 'auth/forbidden');
    }
    expect((await entries(admin)).map((existing) => existing.id)).toContain(entry.id);
  });
});
