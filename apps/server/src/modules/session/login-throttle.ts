import { setTimeout as sleep } from 'node:timers/promises';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { deleteExpiredRateLimits } from './session.queries.ts';

/** Login attempts one client address may make for one account in the window before it waits (429). */
export const maxAttemptsPerAccountAndAddress = 5;
/** Failed logins one client address may make over all accounts in the window. */
export const maxFailuresPerAddress = 100;
/** Failed logins for one account, from anywhere, before each further attempt is delayed. */
export const accountFailuresBeforeDelay = 10;
export const firstAccountDelayMs = 1_000;
export const maxAccountDelayMs = 16_000;
const windowSeconds = 15 * 60;
const accountWindowSeconds = 60 * 60;

/** How long an attempt waits once the account has seen `failures` failed logins (this one included). */
export function accountDelayMs(failures: number): number {
  if (failures <= accountFailuresBeforeDelay) return 0;
  return Math.min(maxAccountDelayMs, firstAccountDelayMs * 2 ** (failures - accountFailuresBeforeDelay - 1));
}

/**
 * Login throttling over counters in the database, shared by every instance. Each attempt takes its
 * points before the password is checked, in one atomic upsert per counter, so parallel guesses get
 * no more checks than the limit allows.
 */
export class LoginThrottle {
  private readonly db: Db;
  private readonly byAccountAndAddress: RateLimiterDrizzle;
  private readonly byAddress: RateLimiterDrizzle;
  private readonly byAccount: RateLimiterDrizzle;

  constructor(db: Db) {
    this.db = db;
    const store = { storeClient: db, schema: rateLimits, clearExpiredByTimeout: false };
    this.byAccountAndAddress = new RateLimiterDrizzle({
      ...store,
      keyPrefix: 'login_account_address',
      points: maxAttemptsPerAccountAndAddress,
      duration: windowSeconds,
    });
    this.byAddress = new RateLimiterDrizzle({
      ...store,
      keyPrefix: 'login_address',
      points: maxFailuresPerAddress,
      duration: windowSeconds,
    });
    // Never refuses: its count only sets the delay.
    this.byAccount = new RateLimiterDrizzle({
      ...store,
      keyPrefix: 'login_account',
      points: 2 ** 30,
      duration: accountWindowSeconds,
    });
  }

  /**
   * Takes an attempt for this account from this address: refuses with 429 when the pair or the
   * address used up its attempts, and waits when the account has seen many failures from anywhere.
   */
  async admit(email: string, ip: string): Promise<void> {
    await consumeOrRefuse(this.byAccountAndAddress, pairKey(email, ip));
    await consumeOrRefuse(this.byAddress, ip);
    const account = await this.byAccount.consume(email);
    const delay = accountDelayMs(account.consumedPoints);
    if (delay > 0) await sleep(delay);
  }

  /** A successful login: the pair starts afresh, and the attempt is no failure of the address or account. */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.byAccountAndAddress.delete(pairKey(email, ip));
    await this.byAddress.reward(ip);
    await this.byAccount.reward(email);
  }

  /** Deletes the counters whose window ended (any instance may run it). */
  async clearExpired(): Promise<void> {
    await deleteExpiredRateLimits(this.db, new Date());
  }
}

function pairKey(email: string, ip: string): string {
  return `${email} ${ip}`;
}

async function consumeOrRefuse(limiter: RateLimiterDrizzle, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    throw new AppError('auth/too_many_attempts', 'Too many failed logins; try again later.', {
      retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
    });
  }
}
