import { describe, expect } from 'vitest';
import { ZVersion } from '@pms/contract';
import { anonymous, buildTestApp, expectProblem, login, parsed } from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

/** The application without a signed-in client. */
const test = apiTest.extend('t', { scope: 'file' }, async ({}, { onCleanup }) => {
  const t = await buildTestApp();
  onCleanup(() => t.close());
  return t;
});

type TOpenApi = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
};

describe('system', () => {
  test('reports the version and the database actually in use', async ({ t }) => {
    const response = await anonymous(t.app).get('/api/version');
    expect(response.statusCode).toBe(200);
    const version = parsed(response, ZVersion);
    expect(version).toMatchObject({ name: 'pms', environment: 'test' });
    expect(version.version).toMatch(/^\d+\.\d+\.\d+/);
    // The PostgreSQL run must really run on PostgreSQL, not silently fall back to PGlite.
    expect(version.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  test('answers the health check without a session', async ({ t }) => {
    const response = await anonymous(t.app).get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  test('serves an OpenAPI 3 document listing the routes', async ({ t }) => {
    const response = await anonymous(t.app).get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json<TOpenApi>();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.title).toBeTruthy();
    for (const [path, method] of [
      ['/api/session/login', 'post'],
      ['/api/session', 'get'],
      ['/api/properties', 'post'],
      ['/api/properties/{id}', 'put'],
      ['/api/users', 'get'],
      ['/api/users/{id}', 'delete'],
      ['/api/api_keys', 'post'],
      ['/api/settings/general', 'patch'],
      ['/api/settings', 'get'],
      ['/api/files', 'post'],
      ['/api/files/{id}/url', 'get'],
      ['/api/version', 'get'],
    ] as const) {
      expect(document.paths[path], path).toBeDefined();
      expect(document.paths[path]![method], `${method} ${path}`).toBeDefined();
    }
  });

  test('serves the browsable API docs', async ({ t }) => {
    const response = await anonymous(t.app).get('/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  test('answers an unknown /api route with a 404 problem, never the web app', async ({ t }) => {
    const client = await login(t.app, 'admin@example.com');
    for (const response of [
      await anonymous(t.app).get('/api/does_not_exist'),
      await client.get('/api/does_not_exist?x=1'),
      await client.post('/api/properties/current/nothing', {}),
    ]) {
      const problem = expectProblem(response, 404, 'not_found');
      expect(problem.title).toBeTruthy();
      expect(problem.instance).toMatch(/^\/api\//);
    }
  });

  test('answers an unauthenticated call with a 401 problem', async ({ t }) => {
    expectProblem(await anonymous(t.app).get('/api/properties'), 401, 'auth/unauthenticated');
    expectProblem(await anonymous(t.app).get('/api/session'), 401, 'auth/unauthenticated');
  });

  test('refuses an unauthenticated write before looking at its body', async ({ t }) => {
    expectProblem(
      await anonymous(t.app).post('/api/users', { email: 'not an e-mail' }),
      401,
      'auth/unauthenticated',
    );
  });

  test('answers invalid input with a 400 validation problem naming the fields', async ({ t }) => {
    const response = await anonymous(t.app).post('/api/session/login', {
      email: 'not an e-mail',
      password: '',
    });
    const problem = expectProblem(response, 400, 'validation');
    expect(problem.errors?.length).toBeGreaterThan(0);
    expect(problem.errors!.map((error) => error.path).join(' ')).toMatch(/email/);
  });

  test('answers a malformed JSON body with a 400 problem', async ({ t }) => {
    const response = await anonymous(t.app).post('/api/session/login', '{"email":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  test('tags every answer with a request id of its own: the instance and the request', async ({ t }) => {
    const ids = await Promise.all(
      Array.from(
        { length: 3 },
        async () => (await anonymous(t.app).get('/api/version')).headers['x-request-id'],
      ),
    );
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}-[0-9a-z]+$/);
    expect(new Set(ids).size).toBe(3);
    expect(new Set(ids.map((id) => String(id).slice(0, 36))).size).toBe(1);
  });
});
