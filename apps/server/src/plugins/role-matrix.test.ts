import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  can,
  roles,
  type TAccess,
  type TArea,
  type TCreatedApiKey,
  type TFile,
  type TRole,
  type TSettingEntry,
} from '@pms/contract';
import {
  bearer,
  buildTestApp,
  demo,
  expectProblem,
  login,
  pngBytes,
  propertyIds,
  switchProperty,
  type ApiClient,
  type TTestApp,
} from '../../test/helpers.ts';

// Walks the role matrix of packages/contract/src/permissions.ts over the routes that exist: a role
// the matrix does not allow gets 403 auth/forbidden, an allowed one gets through (whatever the
// route then answers). Each role calls once as a signed-in user and once as an API key of that role.

type TFixtures = { propertyId: string; fileId: string; apiKeyId: string; settingId: string };
type TRoute = {
  name: string;
  area: TArea;
  access: TAccess;
  /** API keys belong to one property: creating properties is for users only, whatever the role. */
  isForUsersOnly?: boolean;
  call: (client: ApiClient, role: TRole, fixtures: TFixtures) => Promise<LightMyRequestResponse>;
};

const unknownId = '00000000-0000-4000-8000-00000000beef';
const png = pngBytes();

const routes: TRoute[] = [
  { name: 'GET /api/properties', area: 'properties', access: 'read', call: (c) => c.get('/api/properties') },
  {
    name: 'GET /api/properties/current',
    area: 'properties',
    access: 'read',
    call: (c) => c.get('/api/properties/current'),
  },
  {
    name: 'GET /api/properties/:id',
    area: 'properties',
    access: 'read',
    call: (c, _role, f) => c.get(`/api/properties/${f.propertyId}`),
  },
  {
    name: 'POST /api/properties',
    area: 'properties',
    access: 'write',
    isForUsersOnly: true,
    call: (c, role) =>
      c.post('/api/properties', { name: `Matrix ${role} ${crypto.randomUUID().slice(0, 8)}` }),
  },
  {
    name: 'PUT /api/properties/:id',
    area: 'properties',
    access: 'write',
    call: (c, _role, f) => c.put(`/api/properties/${f.propertyId}`, { checkOutTime: '11:00' }),
  },
  { name: 'GET /api/users', area: 'team', access: 'read', call: (c) => c.get('/api/users') },
  {
    name: 'POST /api/users',
    area: 'team',
    access: 'write',
    call: (c, role) =>
      c.post('/api/users', {
        email: `matrix-${role}-${crypto.randomUUID().slice(0, 8)}@example.com`,
        name: 'M',
        roleId: 'staff',
      }),
  },
  {
    name: 'DELETE /api/users/:id',
    area: 'team',
    access: 'write',
    call: (c) => c.delete(`/api/users/${unknownId}`),
  },
  { name: 'GET /api/api_keys', area: 'apiKeys', access: 'read', call: (c) => c.get('/api/api_keys') },
  {
    name: 'GET /api/api_keys/:id',
    area: 'apiKeys',
    access: 'read',
    call: (c, _role, f) => c.get(`/api/api_keys/${f.apiKeyId}`),
  },
  {
    name: 'POST /api/api_keys',
    area: 'apiKeys',
    access: 'write',
    call: (c, role) => c.post('/api/api_keys', { name: `Matrix ${role}`, roleId: 'staff' }),
  },
  {
    name: 'PUT /api/api_keys/:id',
    area: 'apiKeys',
    access: 'write',
    call: (c, _role, f) => c.put(`/api/api_keys/${f.apiKeyId}`, { name: 'Matrix fixture', roleId: 'staff' }),
  },
  {
    name: 'DELETE /api/api_keys/:id',
    area: 'apiKeys',
    access: 'write',
    call: (c) => c.delete(`/api/api_keys/${unknownId}`),
  },
  {
    name: 'GET /api/settings/general',
    area: 'settings',
    access: 'read',
    call: (c) => c.get('/api/settings/general'),
  },
  {
    name: 'PATCH /api/settings/general',
    area: 'settings',
    access: 'write',
    call: (c) => c.patch('/api/settings/general', { featurePayment: true }),
  },
  {
    name: 'GET /api/settings',
    area: 'advancedSettings',
    access: 'read',
    call: (c) => c.get('/api/settings'),
  },
  {
    name: 'POST /api/settings',
    area: 'advancedSettings',
    access: 'write',
    call: (c, role) =>
      c.post('/api/settings', { key: `matrix.${role}.${crypto.randomUUID().slice(0, 8)}`, value: 'x' }),
  },
  {
    name: 'DELETE /api/settings/:id',
    area: 'advancedSettings',
    access: 'write',
    call: (c) => c.delete(`/api/settings/${unknownId}`),
  },
  { name: 'GET /api/files', area: 'files', access: 'read', call: (c) => c.get('/api/files') },
  {
    name: 'GET /api/files/:id',
    area: 'files',
    access: 'read',
    call: (c, _role, f) => c.get(`/api/files/${f.fileId}`),
  },
  {
    name: 'GET /api/files/:id/content',
    area: 'files',
    access: 'read',
    call: (c, _role, f) => c.get(`/api/files/${f.fileId}/content`),
  },
  {
    name: 'GET /api/files/:id/url',
    area: 'files',
    access: 'read',
    call: (c, _role, f) => c.get(`/api/files/${f.fileId}/url`),
  },
  {
    name: 'POST /api/files',
    area: 'files',
    access: 'write',
    call: (c) => c.upload('/api/files', { name: 'matrix.png', content: png }),
  },
  {
    name: 'DELETE /api/files/:id',
    area: 'files',
    access: 'write',
    call: (c) => c.delete(`/api/files/${unknownId}`),
  },
];

let t: TTestApp;
let fixtures: TFixtures;
const callers = new Map<string, ApiClient>();

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await login(t.app, demo.users.admin);
  const propertyId = (await propertyIds(admin))[demo.austria]!;
  await switchProperty(admin, propertyId);

  const file = await admin.upload('/api/files', { name: 'fixture.png', content: png });
  const apiKey = await admin.post('/api/api_keys', { name: 'Matrix fixture', roleId: 'staff' });
  const setting = await admin.post('/api/settings', { key: 'matrix.fixture', value: 'x' });
  fixtures = {
    propertyId,
    fileId: file.json<TFile>().id,
    apiKeyId: apiKey.json<TCreatedApiKey>().id,
    settingId: setting.json<TSettingEntry>().id,
  };

  for (const role of roles) {
    const user = await login(t.app, demo.users[role]);
    await switchProperty(user, propertyId);
    callers.set(`user:${role}`, user);
    const key = await admin.post('/api/api_keys', { name: `Matrix ${role} key`, roleId: role });
    callers.set(`key:${role}`, bearer(t.app, key.json<TCreatedApiKey>().secret));
  }
});
afterAll(async () => {
  await t.close();
});

describe('role matrix', () => {
  it('covers every area the routes under test use', () => {
    expect(new Set(routes.map((route) => route.area))).toEqual(
      new Set(['properties', 'team', 'apiKeys', 'settings', 'advancedSettings', 'files']),
    );
  });

  const cases = routes.flatMap((route) =>
    roles.flatMap((role) =>
      (['user', 'key'] as const).map((kind) => ({
        route,
        role,
        kind,
        isAllowed: can(role, route.area, route.access),
      })),
    ),
  );

  it.each(
    cases.map(
      (entry) =>
        [entry.route.name, entry.kind, entry.role, entry.isAllowed ? 'allowed' : 'refused', entry] as const,
    ),
  )('%s as %s %s: %s', async (_name, _kind, _role, _verdict, { route, role, kind, isAllowed }) => {
    const response = await route.call(callers.get(`${kind}:${role}`)!, role, fixtures);
    if (isAllowed && !(kind === 'key' && route.isForUsersOnly)) {
      expect(response.statusCode, response.body).not.toBe(403);
      expect(response.statusCode, response.body).not.toBe(401);
      expect(response.statusCode, response.body).toBeLessThan(500);
    } else {
      expectProblem(response, 403, 'auth/forbidden');
    }
  });
});
