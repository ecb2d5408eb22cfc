import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import type { TCreateUserResponse, TPropertyMembership, TRole, TSession } from '@pms/contract';

export { expect };

export const demoPassword = 'demo1234';
/** A picture of an ID card without a machine readable zone: a document upload in the journeys. */
export const idCardFile = fileURLToPath(new URL('./files/id-card.png', import.meta.url));

export const propertyNames = { austria: 'Alpenhof Salzburg', germany: 'Hotel Spreeblick Berlin' } as const;

const screenshotsDir = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
const xsrfCookie = 'XSRF-TOKEN';
const xsrfHeader = 'x-xsrf-token';

/** The XSRF token the server set with the session; every non-GET call of a user must echo it. */
async function xsrfTokenOf(request: APIRequestContext): Promise<string> {
  const { cookies } = await request.storageState();
  const token = cookies.find((cookie) => cookie.name === xsrfCookie)?.value;
  if (!token) throw new Error('no XSRF cookie: log in first');
  return token;
}

async function expectOk(response: APIResponse, what: string): Promise<APIResponse> {
  expect(response.ok(), `${what}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

/** Logs in through the API in the given request context (a page's or a separate one). */
async function logInThroughApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<TSession> {
  const response = await request.post('/api/session/login', { data: { email, password } });
  await expectOk(response, `login of ${email}`);
  return (await response.json()) as TSession;
}

/** Moves the session of a request context to the property with that name. */
async function switchPropertyThroughApi(
  request: APIRequestContext,
  session: TSession,
  propertyName: string,
): Promise<TSession> {
  const listed = await expectOk(await request.get('/api/session/properties'), 'property list');
  const { data } = (await listed.json()) as { data: TPropertyMembership[] };
  const property = data.find((entry) => entry.name === propertyName);
  if (!property) throw new Error(`${session.email} is no member of ${propertyName}`);
  if (property.id === session.propertyId) return session;
  const response = await request.post('/api/session/switch_property', {
    params: { propertyId: property.id },
    headers: { [xsrfHeader]: await xsrfTokenOf(request) },
  });
  await expectOk(response, `switch to ${propertyName}`);
  return (await response.json()) as TSession;
}

type TLoginOptions = {
  /** The property the session should start in (the user's last one otherwise). */
  property?: string;
  /** Where to go once logged in. */
  path?: string;
};

/**
 * Logs in through the API with the page's request context, so the browser gets the session
 * cookies, and hands the user to the web app the way its login form does (the `user` entry of
 * localStorage), then opens the app. Returns the session.
 */
export async function loginAs(
  page: Page,
  email: string,
  password = demoPassword,
  { property, path: target = '/' }: TLoginOptions = {},
): Promise<TSession> {
  let session = await logInThroughApi(page.request, email, password);
  if (property) session = await switchPropertyThroughApi(page.request, session, property);
  // Any page of the origin will do to reach its localStorage; the health check is the lightest.
  await page.goto('/api/health');
  await page.evaluate((user) => localStorage.setItem('user', JSON.stringify(user)), session);
  await page.goto(target);
  // The sidebar's navigation, or on a phone the header's button that opens it as a drawer.
  const navigation = page
    .getByRole('navigation', { name: /^(Hauptnavigation|Main navigation)$/ })
    .or(page.getByRole('button', { name: /^(Menü öffnen|Open menu)$/ }));
  await expect(navigation.filter({ visible: true })).toBeVisible();
  return session;
}

/** A client of the API logged in as one user, in its own cookie jar (apart from any page). */
export type TApiClient = {
  session: TSession;
  get: (url: string) => Promise<APIResponse>;
  post: (url: string, data?: unknown) => Promise<APIResponse>;
  put: (url: string, data: unknown) => Promise<APIResponse>;
  patch: (url: string, data: unknown) => Promise<APIResponse>;
  delete: (url: string) => Promise<APIResponse>;
};

async function openApiClient(
  request: APIRequestContext,
  email: string,
  password: string,
  property: string | undefined,
): Promise<TApiClient> {
  let session = await logInThroughApi(request, email, password);
  if (property) session = await switchPropertyThroughApi(request, session, property);
  const headers = { [xsrfHeader]: await xsrfTokenOf(request) };
  return {
    session,
    get: (url) => request.get(url),
    post: (url, data) => request.post(url, { data, headers }),
    put: (url, data) => request.put(url, { data, headers }),
    patch: (url, data) => request.patch(url, { data, headers }),
    delete: (url) => request.delete(url, { headers }),
  };
}

/** An e-mail address no other test (and no earlier run on the same database) uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A person's name no other test (and no earlier run) uses, for finding them by name. */
export function uniqueName(name: string): string {
  return `${name} ${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`;
}

export type TNewMember = { email: string; name: string; password: string };

type TNewMemberOptions = {
  role?: TRole;
  name?: string;
  /** Changes the default password to this one, so the account is ready to use. */
  password?: string;
};

/** The problem type of a refused API answer. */
export async function problemType(response: APIResponse): Promise<string> {
  return ((await response.json()) as { type: string }).type;
}

/** Waits until no CSS transition runs (dialogs fade in), so axe and screenshots see the final page. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((animation) => animation instanceof CSSTransition)
      .every((animation) => animation.playState !== 'running'),
  );
}

/** Runs axe with the WCAG 2 A and AA rules on the page as it is and fails with a readable list. */
export async function expectAccessible(page: Page): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const report = results.violations.flatMap((violation) =>
    violation.nodes.map((node) =>
      [
        `[${violation.id}] (${violation.impact ?? 'n/a'}) ${violation.help}`,
        `  at ${node.target.join(' ')}`,
        `  ${node.html}`,
        `  ${(node.failureSummary ?? '').replaceAll('\n', '\n  ')}`,
      ].join('\n'),
    ),
  );
  expect(report, `accessibility violations on ${page.url()}:\n${report.join('\n')}`).toEqual([]);
}

/**
 * Saves a full-page screenshot to e2e/artifacts/screenshots/<name>.png. An open menu takes
 * `fullPage: false`: capturing beyond the viewport resizes it for a moment, and Headless UI may
 * close an anchored menu then.
 */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await settle(page);
  mkdirSync(screenshotsDir, { recursive: true });
  // No animation or blinking caret to wait for: a screenshot costs one capture, even on a busy machine.
  await page.screenshot({
    path: path.join(screenshotsDir, `${name}.png`),
    fullPage,
    animations: 'disabled',
    caret: 'hide',
    timeout: 60_000,
  });
}

type TFixtures = {
  /** Logs a user in through the API in a cookie jar of their own; closed after the test. */
  apiAs: (email: string, password?: string, options?: { property?: string }) => Promise<TApiClient>;
  /** The demo administrator, logged in through the API (in the Austrian property). */
  adminApi: TApiClient;
  /**
   * Adds a new person to the admin's current property through the API, so a test that changes an
   * account changes its own. Returns the default password, or the new one with `password`.
   */
  createMember: (options?: TNewMemberOptions) => Promise<TNewMember>;
};

export const test = base.extend<TFixtures>({
  apiAs: async ({ playwright, baseURL }, use) => {
    const contexts: APIRequestContext[] = [];
    await use(async (email, password = demoPassword, { property } = {}) => {
      const request = await playwright.request.newContext({ baseURL });
      contexts.push(request);
      return openApiClient(request, email, password, property);
    });
    await Promise.all(contexts.map((request) => request.dispose()));
  },

  adminApi: async ({ apiAs }, use) => {
    await use(await apiAs('admin@example.com', demoPassword, { property: propertyNames.austria }));
  },

  createMember: async ({ adminApi, apiAs }, use) => {
    await use(async ({ role = 'staff', name = 'Erika Muster', password } = {}) => {
      const email = uniqueEmail(role);
      const created = await adminApi.post('/api/users', { email, name, roleId: role });
      expect(created.status(), await created.text()).toBe(201);
      const { defaultPassword } = (await created.json()) as TCreateUserResponse;
      if (password === undefined) return { email, name, password: defaultPassword };
      const member = await apiAs(email, defaultPassword);
      const changed = await member.post('/api/session/update_password', {
        currentPassword: defaultPassword,
        newPassword: password,
      });
      expect(changed.status(), await changed.text()).toBe(204);
      return { email, name, password };
    });
  },
});
