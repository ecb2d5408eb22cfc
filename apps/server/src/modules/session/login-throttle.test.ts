import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, demo, demoPassword, expectProblem, type TTestApp } from '../../../test/helpers.ts';
import {
  accountFailuresBeforeDelay,
  firstAccountDelayMs,
  maxAttemptsPerAccountAndAddress,
} from './login-throttle.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * A login as the client at `ip` behind the trusted proxy (app.inject's 127.0.0.1), or straight from
 * the peer `remoteAddress` when one is given.
 */
function loginAs(
  email: string,
  password: string,
  ip: string,
  { app = t.app, remoteAddress }: { app?: FastifyInstance; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/session/login',
    payload: { email, password },
    headers: { 'x-forwarded-for': ip },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function statuses(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
}

describe('login throttling', () => {
  it('checks no more passwords than the limit when 50 wrong logins arrive at once', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, n) => loginAs(demo.users.admin, `guess-${n}`, '198.51.100.1')),
    );
    // Every 401 is a password that was checked; the rest were refused before the check.
    expect(statuses(guesses)).toEqual({ 401: maxAttemptsPerAccountAndAddress, 429: 45 });
    for (const refused of guesses.filter((response) => response.statusCode === 429)) {
      expectProblem(refused, 429, 'auth/too_many_attempts');
    }

    // Even the right password waits at that address, and says for how long...
    const locked = await loginAs(demo.users.admin, demoPassword, '198.51.100.1');
    expectProblem(locked, 429, 'auth/too_many_attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // ...while the owner, elsewhere, still signs in.
    expect((await loginAs(demo.users.admin, demoPassword, '198.51.100.2')).statusCode).toBe(200);
  });

  it('does not lock out the other accounts of an address that failed for many', async () => {
    const ip = '198.51.100.10';
    // Seven accounts, five failures each: more than the thirty that used to lock the whole address.
    const accounts = [demo.users.catering, ...Array.from({ length: 6 }, (_, n) => `nobody${n}@example.com`)];
    for (const email of accounts) {
      for (let attempt = 1; attempt <= maxAttemptsPerAccountAndAddress; attempt++) {
        expectProblem(await loginAs(email, 'wrong', ip), 401, 'auth/invalid_credentials');
      }
    }
    expectProblem(await loginAs(demo.users.catering, demoPassword, ip), 429, 'auth/too_many_attempts');
    // Someone else behind the same address signs in, and so does the account from another address.
    expect((await loginAs(demo.users.staff, demoPassword, ip)).statusCode).toBe(200);
    expect((await loginAs(demo.users.catering, demoPassword, '198.51.100.11')).statusCode).toBe(200);
  });

  it('starts the pair afresh after a successful login', async () => {
    const ip = '198.51.100.20';
    for (let round = 1; round <= 2; round++) {
      for (let attempt = 1; attempt < maxAttemptsPerAccountAndAddress; attempt++) {
        expectProblem(await loginAs(demo.users.cleaning, 'wrong', ip), 401, 'auth/invalid_credentials');
      }
      expect((await loginAs(demo.users.cleaning, demoPassword, ip)).statusCode).toBe(200);
    }
  });

  it('delays, but does not lock, an account that failed from many addresses', async () => {
    const email = demo.users.manager;
    for (let n = 1; n <= accountFailuresBeforeDelay; n++) {
      expectProblem(await loginAs(email, 'wrong', `203.0.113.${n}`), 401, 'auth/invalid_credentials');
    }
    const started = performance.now();
    const response = await loginAs(email, demoPassword, '203.0.113.200');
    expect(response.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(firstAccountDelayMs - 50);
  });

  it('shares the count between two instances on one database', async () => {
    const other = await t.startInstance();
    const ip = '198.51.100.30';
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        loginAs(demo.users.staff, `guess-${n}`, ip, { app: n % 2 === 0 ? t.app : other }),
      ),
    );
    expect(statuses(guesses)).toEqual({ 401: maxAttemptsPerAccountAndAddress, 429: 35 });
    expectProblem(await loginAs(demo.users.staff, demoPassword, ip), 429, 'auth/too_many_attempts');
    expectProblem(
      await loginAs(demo.users.staff, demoPassword, ip, { app: other }),
      429,
      'auth/too_many_attempts',
    );
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const peer = '192.0.2.77';
    for (let attempt = 1; attempt <= maxAttemptsPerAccountAndAddress; attempt++) {
      // A fresh made-up client address each time: were it believed, the pair would never fill up.
      const response = await loginAs(demo.users.admin, 'wrong', `10.66.0.${attempt}`, {
        remoteAddress: peer,
      });
      expectProblem(response, 401, 'auth/invalid_credentials');
    }
    expectProblem(
      await loginAs(demo.users.admin, demoPassword, '10.66.0.99', { remoteAddress: peer }),
      429,
      'auth/too_many_attempts',
    );
    // Through the trusted proxy the header names the client, which has failed nothing.
    expect((await loginAs(demo.users.admin, demoPassword, '10.66.0.99')).statusCode).toBe(200);
  });
});
