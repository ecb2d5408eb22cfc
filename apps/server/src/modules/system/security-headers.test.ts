import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { ZFile } from '@pms/contract';
import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import { anonymous, buildTestApp, login, parsed, pngBytes } from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';

async function webApp(
  folder: string,
  webDist: string,
  webDatabase: Database,
  publicUrl: string,
): Promise<FastifyInstance> {
  const config = {
    ...readConfig({
      DATA_DIR: path.join(folder, 'data'),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: publicUrl,
    }),
    webDist,
  };
  const app = await buildApp({ config, database: webDatabase, logger: false });
  await app.ready();
  return app;
}

const test = apiTest
  /** The application over the demo data, with no one signed in. */
  .extend('t', { scope: 'file' }, async ({}, { onCleanup }) => {
    const t = await buildTestApp();
    onCleanup(() => t.close());
    return t;
  })
  /**
   * The web app served over http (`web`) and behind an https public url (`webHttps`), on an empty
   * database of their own, from a temporary folder holding the web app (web/) and their data folder (data/).
   */
  .extend('webApps', { scope: 'file' }, async ({}, { onCleanup }) => {
    const folder = await mkdtemp(path.join(tmpdir(), 'pms-web-'));
    const webDist = path.join(folder, 'web');
    await mkdir(webDist);
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
    );
    await writeFile(
      path.join(webDist, 'portal.html'),
      '<!doctype html><html><head><script type="module" src="/assets/portal.js"></script></head><body><div id="root"></div></body></html>',
    );
    await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const webDatabase = await openDatabase({ dataDir: null });
    await migrate(webDatabase.db);
    const web = await webApp(folder, webDist, webDatabase, 'http://localhost:3000');
    const webHttps = await webApp(folder, webDist, webDatabase, 'https://pms.hotel.example');
    onCleanup(async () => {
      await web.close();
      await webHttps.close();
      await webDatabase.close();
      await rm(folder, { recursive: true, force: true });
    });
    return { web, webHttps };
  });

/** The answer's Content-Security-Policy as directive name to its values. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(header, 'content-security-policy').toBeTypeOf('string');
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What every answer carries, page or data. */
function expectBrowserHeaders(response: LightMyRequestResponse): Map<string, string[]> {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['strict-transport-security']).toBeUndefined();
  const policy = policyOf(response);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.has('upgrade-insecure-requests')).toBe(false);
  return policy;
}

/** A page's policy: scripts from this origin only, never inline, no plugins. */
function expectPagePolicy(response: LightMyRequestResponse): void {
  const policy = expectBrowserHeaders(response);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  for (const values of policy.values()) expect(values).not.toContain("'unsafe-inline'");
}

/** An API answer's policy: nothing may load or run when opened as a document. */
function expectApiPolicy(response: LightMyRequestResponse): Map<string, string[]> {
  const policy = expectBrowserHeaders(response);
  expect(policy.get('default-src')).toEqual(["'none'"]);
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  return policy;
}

/** Headers only a document shown in a tab reads: a page and a file's content have them, data not. */
const documentHeaders = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

function expectDocumentHeaders(response: LightMyRequestResponse, isDocument: boolean): void {
  for (const [name, value] of Object.entries(documentHeaders))
    expect(response.headers[name], name).toBe(isDocument ? value : undefined);
}

describe('security headers', () => {
  test('keeps API answers with personal data out of every cache, errors included', async ({ t }) => {
    const admin = await login(t.app, 'admin@example.com');
    for (const response of [
      await admin.get('/api/session'),
      await admin.get('/api/contacts'),
      await anonymous(t.app).get('/api/session'),
      await anonymous(t.app).get('/api/does_not_exist'),
      await anonymous(t.app).post('/api/session/login', { email: 'x' }),
    ]) {
      expectApiPolicy(response);
      expectDocumentHeaders(response, false);
      expect(response.headers['cache-control'], response.body).toBe('no-store');
    }
  });

  test('lets public system answers be cached', async ({ t }) => {
    for (const url of ['/api/version', '/api/health', '/api/openapi.json']) {
      const response = await anonymous(t.app).get(url);
      expect(response.statusCode).toBe(200);
      expectApiPolicy(response);
      expect(response.headers['cache-control']).toBeUndefined();
    }
  });

  test('serves uploaded files as inert content: nosniff, sandboxed, not stored', async ({ t }) => {
    const admin = await login(t.app, 'admin@example.com');
    const upload = await admin.upload('/api/files', { name: 'lobby.png', content: pngBytes() });
    expect(upload.statusCode).toBe(201);
    const response = await admin.get(`/api/files/${parsed(upload, ZFile).id}/content`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(expectApiPolicy(response).get('sandbox')).toEqual([]);
    expectDocumentHeaders(response, true);
    expect(response.headers['cache-control']).toMatch(/no-store/);
  });

  test('gives the API docs a page policy without inline script, inline styles allowed', async ({ t }) => {
    for (const url of ['/api/docs/', '/api/docs/static/swagger-ui-bundle.js']) {
      const response = await anonymous(t.app).get(url);
      expect(response.statusCode, url).toBe(200);
      const policy = expectBrowserHeaders(response);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    }
  });

  test('gives the web app and its files a page policy without inline script', async ({
    webApps: { web },
  }) => {
    for (const url of ['/', '/bookings', '/favicon.svg']) {
      const response = await anonymous(web).get(url);
      expect(response.statusCode, url).toBe(200);
      expectPagePolicy(response);
      expectDocumentHeaders(response, true);
    }
  });

  test('sends no referrer from the guest portal', async ({ webApps: { web } }) => {
    const response = await anonymous(web).get('/portal/3f9a2c7e-link/check-in?status=success');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expectPagePolicy(response);
  });

  test('serves the guest portal its own page, never the staff app', async ({ webApps: { web } }) => {
    for (const url of ['/portal/3f9a2c7e-link', '/portal/3f9a2c7e-link/invoices', '/portal']) {
      const response = await anonymous(web).get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('/assets/portal.js');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/', '/bookings', '/portals']) {
      const response = await anonymous(web).get(url);
      expect(response.body, url).toContain('/assets/index.js');
    }
  });

  test('asks for https only when the public url is https', async ({ webApps: { webHttps } }) => {
    for (const url of ['/', '/portal/3f9a2c7e-link', '/api/version']) {
      const response = await anonymous(webHttps).get(url);
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
    const page = await anonymous(webHttps).get('/');
    expect(policyOf(page).has('upgrade-insecure-requests')).toBe(true);
  });
});
