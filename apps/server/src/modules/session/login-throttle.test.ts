import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, vi } from 'vitest';
import { ZCreateUserResponse } from '@pms/contract';
import { loginFailures } from '../../db/schema/index.ts';
import {
  ApiClient,
  buildTestApp,
  demo,
  demoPassword,
  expectProblem,
  login,
  parsed,
} from '../../../test/helpers.ts';
import { apiTest } from '../../../test/api-test.ts';
import { deviceLifetimeMs } from './device-cookie.ts';
import { failureWindowMs, maxDeviceFailures, maxUntrustedFailures } from './login-throttle.ts';

/**
 * The application without a signed-in client, and accounts of this file's own with their one-time
 * passwords: each test locks its own account.
 */
const test = apiTest.extend('throttled', { scope: 'file', auto: true }, async ({}, { onCleanup }) => {
  const t = await buildTestApp();
  onCleanup(() => t.close());
  const accounts: Record<string, string> = {};
  const admin = await login(t.app, demo.users.admin);
  for (const name of ['window', 'timing', 'device']) {
    const email = `${name}@throttle.example.com`;
    const created = await admin.post('/api/users', { email, name, roleId: 'staff' });
    expect(created.statusCode, created.body).toBe(201);
    accounts[email] = parsed(created, ZCreateUserResponse).defaultPassword;
  }
  return { t, accounts };
});
test.afterEach(() => {
  vi.restoreAllMocks();
});

/** A browser: it keeps the cookies the server sets, the known-device cookie among them. */
function browser(app: FastifyInstance): ApiClient {
  return new ApiClient(app);
}

/** A login from a browser as the client `ip` behind the trusted proxy (app.inject's 127.0.0.1). */
function loginFrom(client: ApiClient, ip: string, email: string, password: string) {
  return client.post('/api/session/login', { email, password }, { headers: { 'x-forwarded-for': ip } });
}

/** A browser that signed in as the account, so it is a known device of it from now on. */
async function knownDevice(app: FastifyInstance, email: string, password = demoPassword): Promise<ApiClient> {
  const client = browser(app);
  const response = await loginFrom(client, '192.0.2.1', email, password);
  expect(response.statusCode, response.body).toBe(200);
  expect(client.cookie('pms_device')).toBeDefined();
  return client;
}

function statuses(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

function expectLocked(response: LightMyRequestResponse): void {
  expectProblem(response, 429, 'auth/too_many_attempts');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(failureWindowMs / 1000);
}

describe('login throttling by device', () => {
  test("does not let wrong guesses from the owner's own address lock out the owner's device", async ({
    throttled: { t },
  }) => {
    const ip = '198.51.100.1';
    const owner = await knownDevice(t.app, demo.users.admin);
    // Someone on the hotel's network, or behind the same proxy: the owner's address, no device cookie.
    for (let n = 1; n <= maxUntrustedFailures + 2; n++) {
      const guess = await loginFrom(browser(t.app), ip, demo.users.admin, `guess-${n}`);
      if (n <= maxUntrustedFailures) expectProblem(guess, 401, 'auth/invalid_credentials');
      else expectLocked(guess);
    }
    expect((await loginFrom(owner, ip, demo.users.admin, demoPassword)).statusCode).toBe(200);
  });

  test('checks no more passwords than the cap when 100 wrong guesses from 100 addresses arrive at once', async ({
    throttled: { t },
  }) => {
    const verify = vi.spyOn(t.app.context.passwords, 'verify');
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        loginFrom(browser(t.app), `203.0.113.${n + 1}`, demo.users.manager, `guess-${n}`),
      ),
    );
    expect(verify).toHaveBeenCalledTimes(maxUntrustedFailures);
    // Every 401 is a password that was checked; the rest were refused before the check.
    expect(statuses(guesses)).toEqual({ 401: maxUntrustedFailures, 429: 100 - maxUntrustedFailures });
    for (const refused of guesses.filter((response) => response.statusCode === 429)) expectLocked(refused);
    const [count] = await t.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.account, demo.users.manager), eq(loginFailures.device, '')));
    expect(count?.failures).toBe(maxUntrustedFailures);

    // The right password from a client the account does not know waits too, and is not checked.
    expectLocked(await loginFrom(browser(t.app), '203.0.113.200', demo.users.manager, demoPassword));
    expect(verify).toHaveBeenCalledTimes(maxUntrustedFailures);
  });

  test('lets the right password in from a known device while untrusted clients are capped', async ({
    throttled: { t },
  }) => {
    const owner = await knownDevice(t.app, demo.users.staff);
    // Another account's device cookie in the same browser makes no client known to this account.
    const colleague = await knownDevice(t.app, demo.users.catering);
    for (let n = 1; n <= maxUntrustedFailures; n++) {
      const guess = await loginFrom(browser(t.app), `203.0.113.${n}`, demo.users.staff, `guess-${n}`);
      expectProblem(guess, 401, 'auth/invalid_credentials');
    }
    expectLocked(await loginFrom(browser(t.app), '203.0.113.99', demo.users.staff, demoPassword));
    expectLocked(await loginFrom(colleague, '192.0.2.1', demo.users.staff, demoPassword));
    // A cookie altered by the client (here to live longer) is no known device either.
    const [userId, nonce, expires, signature] = owner.cookie('pms_device')!.split('.');
    const tampered = [userId, nonce, Number(expires) + 86_400, signature].join('.');
    expectLocked(
      await browser(t.app).post(
        '/api/session/login',
        { email: demo.users.staff, password: demoPassword },
        { headers: { cookie: `pms_device=${tampered}` } },
      ),
    );

    const signedIn = await loginFrom(owner, '203.0.113.99', demo.users.staff, demoPassword);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // ...and again, with the device cookie that login issued in place of the last.
    expect((await loginFrom(owner, '203.0.113.99', demo.users.staff, demoPassword)).statusCode).toBe(200);
  });

  test('limits a known device that guesses wrong by itself, apart from the other clients', async ({
    throttled: { t, accounts },
  }) => {
    const email = 'device@throttle.example.com';
    const device = await knownDevice(t.app, email, accounts[email]);
    for (let n = 1; n <= maxDeviceFailures; n++) {
      const guess = await loginFrom(device, `198.51.100.${n}`, email, `guess-${n}`);
      expectProblem(guess, 401, 'auth/invalid_credentials');
    }
    expectLocked(await loginFrom(device, '198.51.100.50', email, accounts[email]!));
    // The device's failures are its own: a client the account does not know still signs in.
    expect((await loginFrom(browser(t.app), '198.51.100.51', email, accounts[email]!)).statusCode).toBe(200);
  });

  test('shares the cap between two instances on one database', async ({ throttled: { t } }) => {
    const other = await t.startInstance();
    const owner = await knownDevice(t.app, demo.users.catering);
    const checks = [vi.spyOn(t.app.context.passwords, 'verify'), vi.spyOn(other.context.passwords, 'verify')];
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        loginFrom(
          browser(n % 2 === 0 ? t.app : other),
          `198.18.0.${n + 1}`,
          demo.users.catering,
          `guess-${n}`,
        ),
      ),
    );
    expect(statuses(guesses)).toEqual({ 401: maxUntrustedFailures, 429: 40 - maxUntrustedFailures });
    expect(checks.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBe(maxUntrustedFailures);
    expectLocked(await loginFrom(browser(other), '198.18.0.99', demo.users.catering, demoPassword));
    // The device cookie one instance issued is known to the other.
    expect(
      (await loginFrom(owner.clone(other), '198.18.0.99', demo.users.catering, demoPassword)).statusCode,
    ).toBe(200);
  });

  test('admits untrusted clients again once the window has ended', async ({ throttled: { t, accounts } }) => {
    const email = 'window@throttle.example.com';
    for (let n = 1; n <= maxUntrustedFailures; n++) {
      expectProblem(
        await loginFrom(browser(t.app), '198.51.100.70', email, 'wrong'),
        401,
        'auth/invalid_credentials',
      );
    }
    expectLocked(await loginFrom(browser(t.app), '198.51.100.70', email, accounts[email]!));
    await t.db
      .update(loginFailures)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(loginFailures.account, email));
    expect((await loginFrom(browser(t.app), '198.51.100.70', email, accounts[email]!)).statusCode).toBe(200);
  });

  test('does the same work for an unknown e-mail address as for a known one', async ({
    throttled: { t },
  }) => {
    const known = 'timing@throttle.example.com';
    const unknown = 'nobody.here@throttle.example.com';
    const hash = vi.spyOn(t.app.context.passwords, 'hash');
    const verify = vi.spyOn(t.app.context.passwords, 'verify');
    const answers = [
      await loginFrom(browser(t.app), '198.51.100.80', known, 'wrong'),
      await loginFrom(browser(t.app), '198.51.100.80', unknown, 'wrong'),
    ];
    expect(answers.map((response) => response.body)).toEqual(Array(2).fill(answers[0]!.body));
    // One argon2id check each, against hashes made with the same parameters; nothing hashed.
    expect(hash).not.toHaveBeenCalled();
    expect(verify).toHaveBeenCalledTimes(2);
    const parameters = verify.mock.calls.map(([passwordHash]) =>
      passwordHash.split('$').slice(0, 4).join('$'),
    );
    expect(parameters[0]).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    expect(parameters[1]).toBe(parameters[0]);
    // And one failure counted each, the same way.
    const counts = await t.db
      .select({
        account: loginFailures.account,
        device: loginFailures.device,
        failures: loginFailures.failures,
      })
      .from(loginFailures)
      .where(inArray(loginFailures.account, [known, unknown]));
    expect(counts.sort((a, b) => a.account.localeCompare(b.account))).toEqual([
      { account: unknown, device: '', failures: 1 },
      { account: known, device: '', failures: 1 },
    ]);
  });

  test('issues the device cookie HttpOnly, for the login only, for half a year', async ({
    throttled: { t, accounts },
  }) => {
    const email = 'timing@throttle.example.com';
    const response = await loginFrom(browser(t.app), '198.51.100.90', email, accounts[email]!);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((entry) => entry.name === 'pms_device');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/session/login',
      maxAge: deviceLifetimeMs / 1000,
    });
  });
});
