import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import type { TCreatedApiKey } from '@pms/contract';
import { ZApiKey, ZCreatedApiKey, ZPaged, ZProperty, ZPropertyMembership, ZSession } from '@pms/contract';
import { z } from 'zod';
import {
  bearer,
  demo,
  expectProblem,
  login,
  parsed,
  switchProperty,
  type ApiClient,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import type { TUserActor } from '../../actor.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { createApiKey, updateApiKey } from './api-keys.service.ts';

const test = apiTest;

/** The answer of GET /api/session/properties. */
const ZPropertyMemberships = z.object({ data: z.array(ZPropertyMembership) });

async function createKey(client: ApiClient, body: Record<string, unknown>): Promise<TCreatedApiKey> {
  const response = await client.post('/api/api_keys', body);
  expect(response.statusCode, response.body).toBe(201);
  return parsed(response, ZCreatedApiKey);
}

describe('POST /api/api_keys', () => {
  test('generates a secret when none is given, shows it once and never again', async ({
    demoApp: { client: admin },
  }) => {
    const key = await createKey(admin, { name: 'Channel manager', roleId: 'staff' });
    expect(key).toMatchObject({
      name: 'Channel manager',
      roleId: 'staff',
      lastUsedAt: null,
      deletedAt: null,
    });
    expect(key.secret.length).toBeGreaterThanOrEqual(32);
    expect(key.prefix).toBe(key.secret.slice(0, key.prefix.length));
    expect(key.prefix.length).toBeLessThan(key.secret.length);

    const list = await admin.get('/api/api_keys');
    expect(list.statusCode).toBe(200);
    expect(parsed(list, ZPaged(ZApiKey)).data.map((entry) => entry.id)).toContain(key.id);
    const single = await admin.get(`/api/api_keys/${key.id}`);
    expect(single.statusCode).toBe(200);
    expect(parsed(single, ZApiKey)).toMatchObject({
      id: key.id,
      name: 'Channel manager',
      prefix: key.prefix,
    });
    for (const body of [list.body, single.body]) {
      expect(body).not.toContain(key.secret);
      expect(body).not.toMatch(/"secret/);
    }
  });

  test('generates a different secret for every key', async ({ demoApp: { client: admin } }) => {
    const first = await createKey(admin, { name: 'One', roleId: 'staff' });
    const second = await createKey(admin, { name: 'Two', roleId: 'staff' });
    expect(first.secret).not.toBe(second.secret);
  });

  test('takes a given secret', async ({ demoApp: { t, client: admin } }) => {
    const secret = 'my-own-long-secret-for-the-door-system-0001';
    const key = await createKey(admin, { name: 'Door system', roleId: 'admin', secret });
    expect(key.secret).toBe(secret);
    expect((await bearer(t.app, secret).get('/api/properties/current')).statusCode).toBe(200);
  });

  test('shows none of a given secret: its key is listed by a random prefix of its own', async ({
    demoApp: { t, client: admin },
  }) => {
    const secret = 'ChosenByTheHotel-LockBridge-Secret-Zq8Wv3Kx';
    const key = await createKey(admin, { name: 'Lock bridge', roleId: 'staff', secret });
    expect(key.prefix).toMatch(/^pms_[\w-]{4}$/);
    const list = await admin.get('/api/api_keys', { query: { pageSize: '100' } });
    const single = await admin.get(`/api/api_keys/${key.id}`);
    const renamed = await admin.put(`/api/api_keys/${key.id}`, { name: 'Lock bridge 2', roleId: 'staff' });
    for (const response of [list, single, renamed]) {
      expect(response.statusCode, response.body).toBe(200);
      // No six characters in a row of the secret appear anywhere in the answer.
      for (let start = 0; start + 6 <= secret.length; start += 1) {
        expect(response.body).not.toContain(secret.slice(start, start + 6));
      }
    }
    expect(parsed(single, ZApiKey).prefix).toBe(key.prefix);
    expect((await bearer(t.app, secret).get('/api/properties/current')).statusCode).toBe(200);
    const other = await createKey(admin, { name: 'Second bridge', roleId: 'staff', secret: `${secret}-2` });
    expect(other.prefix).not.toBe(key.prefix);
  });

  test('gives keys stored with a chosen secret’s first characters a random prefix (migration 0023)', async ({
    demoApp: { t, client: admin },
  }) => {
    const chosen = await createKey(admin, {
      name: 'Old bridge',
      roleId: 'staff',
      secret: 'OldChosen-secret-of-the-bridge-0000',
    });
    const generated = await createKey(admin, { name: 'Old generated', roleId: 'staff' });
    await t.db.update(apiKeys).set({ prefix: 'OldChose' }).where(eq(apiKeys.id, chosen.id));
    const migration = readFileSync(
      new URL('../../db/migrations/0023_hardening.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(statement));
    const prefixOf = async (id: string) => parsed(await admin.get(`/api/api_keys/${id}`), ZApiKey).prefix;
    expect(await prefixOf(chosen.id)).toMatch(/^pms_[0-9a-f]{4}$/);
    expect(await prefixOf(generated.id)).toBe(generated.prefix);
    expect(generated.secret.startsWith(generated.prefix)).toBe(true);
  });

  test('refuses bad input with 400 validation', async ({ demoApp: { client: admin } }) => {
    for (const body of [
      { name: '', roleId: 'staff' },
      { name: 'No role' },
      { name: 'Bad role', roleId: 'root' },
      { name: 'Short secret', roleId: 'staff', secret: 'too-short' },
    ]) {
      expectProblem(await admin.post('/api/api_keys', body), 400, 'validation');
    }
  });
});

describe('Bearer authentication', () => {
  test('authenticates an allowed route as the key, within its property', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const key = await createKey(admin, { name: 'Reporting', roleId: 'manager' });
    const client = bearer(t.app, key.secret);
    const session = await client.get('/api/session');
    expect(session.statusCode).toBe(200);
    expect(parsed(session, ZSession)).toMatchObject({
      isApiKey: true,
      subjectId: key.id,
      propertyId: ids[demo.austria],
      role: 'manager',
    });
    const current = await client.get('/api/properties/current');
    expect(parsed(current, ZProperty).id).toBe(ids[demo.austria]);
    const properties = parsed(await client.get('/api/session/properties'), ZPropertyMemberships).data;
    expect(properties.map((property) => property.id)).toEqual([ids[demo.austria]]);
    expectProblem(await client.get(`/api/properties/${ids[demo.germany]}`), 404, 'not_found');
    // Using a key is recorded.
    const used = parsed(await admin.get(`/api/api_keys/${key.id}`), ZApiKey);
    expect(used.lastUsedAt).not.toBeNull();
  });

  test('needs no XSRF header for unsafe methods', async ({ demoApp: { t, client: admin } }) => {
    const key = await createKey(admin, { name: 'Settings sync', roleId: 'admin' });
    const response = await bearer(t.app, key.secret).post('/api/settings', {
      key: 'sync.source',
      value: 'pms',
    });
    expect(response.statusCode).toBe(201);
  });

  test("enforces the key's role: a staff key may not read the API keys", async ({
    demoApp: { t, client: admin },
  }) => {
    const key = await createKey(admin, { name: 'Front desk tablet', roleId: 'staff' });
    const client = bearer(t.app, key.secret);
    expectProblem(await client.get('/api/api_keys'), 403, 'auth/forbidden');
    expectProblem(
      await client.post('/api/users', { email: 'a@example.com', name: 'A', roleId: 'admin' }),
      403,
      'auth/forbidden',
    );
    expect((await client.get('/api/files')).statusCode).toBe(200);
  });

  test('applies a role change at once', async ({ demoApp: { t, client: admin } }) => {
    const key = await createKey(admin, { name: 'Promoted', roleId: 'staff' });
    const client = bearer(t.app, key.secret);
    expectProblem(await client.get('/api/api_keys'), 403, 'auth/forbidden');
    const updated = await admin.put(`/api/api_keys/${key.id}`, { name: 'Promoted key', roleId: 'admin' });
    expect(updated.statusCode).toBe(200);
    expect(parsed(updated, ZApiKey)).toMatchObject({
      name: 'Promoted key',
      roleId: 'admin',
      prefix: key.prefix,
    });
    expect((await client.get('/api/api_keys')).statusCode).toBe(200);
  });

  test('refuses an unknown secret with 401', async ({ demoApp: { t } }) => {
    expectProblem(
      await bearer(t.app, 'pms_not-a-key-that-exists').get('/api/properties/current'),
      401,
      'auth/unauthenticated',
    );
  });

  test('refuses a deleted key with 401', async ({ demoApp: { t, client: admin } }) => {
    const key = await createKey(admin, { name: 'Short-lived', roleId: 'admin' });
    const client = bearer(t.app, key.secret);
    expect((await client.get('/api/properties/current')).statusCode).toBe(200);
    expect((await admin.delete(`/api/api_keys/${key.id}`)).statusCode).toBe(204);
    expectProblem(await client.get('/api/properties/current'), 401, 'auth/unauthenticated');
    expectProblem(await admin.get(`/api/api_keys/${key.id}`), 404, 'not_found');
    expectProblem(await admin.delete(`/api/api_keys/${key.id}`), 404, 'not_found');
    expect(
      parsed(await admin.get('/api/api_keys'), ZPaged(ZApiKey)).data.map((entry) => entry.id),
    ).not.toContain(key.id);
  });

  test('keeps a key out of what belongs to a user: no property switch, password or profile', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const key = await createKey(admin, { name: 'Robot', roleId: 'admin' });
    const client = bearer(t.app, key.secret);
    expectProblem(
      await client.post('/api/session/switch_property', undefined, {
        query: { propertyId: ids[demo.germany]! },
      }),
      403,
      'auth/forbidden',
    );
    expectProblem(
      await client.post('/api/session/update_password', { currentPassword: 'x', newPassword: 'long-enough' }),
      403,
      'auth/forbidden',
    );
    expectProblem(await client.patch('/api/session/profile', { name: 'Robot' }), 403, 'auth/forbidden');
    expectProblem(await client.post('/api/properties', { name: 'Robot Inn' }), 403, 'auth/forbidden');
  });
});

describe('API keys of another property', () => {
  test('answers 404 for their ids and leaves them out of the list', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    await switchProperty(admin, ids[demo.germany]!);
    const foreign = await createKey(admin, { name: 'Berlin only', roleId: 'staff' });
    await switchProperty(admin, ids[demo.austria]!);

    expectProblem(await admin.get(`/api/api_keys/${foreign.id}`), 404, 'not_found');
    expectProblem(
      await admin.put(`/api/api_keys/${foreign.id}`, { name: 'Hijacked', roleId: 'admin' }),
      404,
      'not_found',
    );
    expectProblem(await admin.delete(`/api/api_keys/${foreign.id}`), 404, 'not_found');
    const list = parsed(await admin.get('/api/api_keys', { query: { pageSize: '100' } }), ZPaged(ZApiKey));
    expect(list.data.map((entry) => entry.id)).not.toContain(foreign.id);
    // Still alive in its own property.
    expect(parsed(await bearer(t.app, foreign.secret).get('/api/session'), ZSession).propertyId).toBe(
      ids[demo.germany],
    );
  });
});

describe('who manages API keys', () => {
  test('is only the admin', async ({ demoApp: { t, client: admin } }) => {
    const key = await createKey(admin, { name: 'Protected', roleId: 'staff' });
    for (const email of [demo.users.manager, demo.users.staff, demo.users.cleaning, demo.users.catering]) {
      const user = await login(t.app, email);
      expectProblem(await user.get('/api/api_keys'), 403, 'auth/forbidden');
      expectProblem(await user.get(`/api/api_keys/${key.id}`), 403, 'auth/forbidden');
      expectProblem(
        await user.post('/api/api_keys', { name: 'Mine', roleId: 'admin' }),
        403,
        'auth/forbidden',
      );
      expectProblem(
        await user.put(`/api/api_keys/${key.id}`, { name: 'Mine', roleId: 'admin' }),
        403,
        'auth/forbidden',
      );
      expectProblem(await user.delete(`/api/api_keys/${key.id}`), 403, 'auth/forbidden');
    }
    expect(parsed(await admin.get(`/api/api_keys/${key.id}`), ZApiKey).name).toBe('Protected');
  });
});

describe('rights of the keys a caller creates', () => {
  test('keeps a manager key from creating any key, an admin one least of all', async ({
    demoApp: { t, client: admin },
  }) => {
    const manager = bearer(
      t.app,
      (await createKey(admin, { name: 'Manager key', roleId: 'manager' })).secret,
    );
    for (const roleId of ['admin', 'manager', 'staff']) {
      expectProblem(
        await manager.post('/api/api_keys', { name: 'Escalated', roleId }),
        403,
        'auth/forbidden',
      );
    }
  });

  test('lets an admin key create keys up to its own role', async ({ demoApp: { t, client: admin } }) => {
    const adminKey = bearer(t.app, (await createKey(admin, { name: 'Admin key', roleId: 'admin' })).secret);
    for (const roleId of ['admin', 'catering']) {
      const response = await adminKey.post('/api/api_keys', { name: `By key ${roleId}`, roleId });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  test('refuses in the service a caller without the API keys right, whatever its route let through', async ({
    demoApp: { t, client: admin, ids },
  }) => {
    const keyRow = await createKey(admin, { name: 'Staff made', roleId: 'staff' });
    const asStaff: TUserActor = {
      kind: 'user',
      id: admin.session!.subjectId,
      propertyId: ids[demo.austria]!,
      role: 'staff',
      name: 'Stefan Staff',
      email: 'staff@example.com',
      language: null,
      sessionId: 'none',
    };
    const { context } = t.app;
    await expect(createApiKey(context, asStaff, { name: 'Down', roleId: 'catering' })).rejects.toMatchObject({
      code: 'auth/forbidden',
    });
    await expect(
      updateApiKey(context, asStaff, keyRow.id, { name: 'Up', roleId: 'admin' }),
    ).rejects.toMatchObject({ code: 'auth/forbidden' });
    await expect(
      createApiKey(
        context,
        { kind: 'guest', id: 'link', propertyId: ids[demo.austria]!, bookingId: 'b', name: 'Guest' },
        { name: 'Guest', roleId: 'cleaning' },
      ),
    ).rejects.toMatchObject({ code: 'auth/forbidden' });
  });
});
