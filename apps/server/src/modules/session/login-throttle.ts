import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  clearLoginFailures,
  deleteExpiredLoginFailures,
  deleteExpiredRateLimits,
  selectLoginFailureWindowEnd,
  takeLoginFailure,
} from './session.queries.ts';

/** Failed logins of one account, from all clients without a device cookie of it, before they are refused. */
export const maxUntrustedFailures = 10;
/** Failed logins of one account from one of its known devices before that device is refused. */
export const maxDeviceFailures = 10;
/** The window both counts are kept for, from the first failure in it. */
export const failureWindowMs = 15 * 60 * 1000;

/** The device of the untrusted clients' count. */
const untrusted = '';

/**
 * Login throttling by device (OWASP's "device cookies"): failures are counted per account and known
 * device, and per account for every untrusted client together, in the database, so every instance
 * shares the counts. Client addresses are not counted: an address is shared by a hotel's network or
 * hidden behind a proxy, so whoever shares it with the owner could lock the owner out.
 */
export class LoginThrottle {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Takes a failure of the account from this device (null: an untrusted client) before the password
   * is checked, in one conditional upsert, so parallel attempts never get more checks than the cap;
   * refuses with 429 and the seconds until the window ends once the cap is reached.
   */
  async admit(account: string, device: string | null): Promise<void> {
    const now = new Date();
    const key = { account, device: device ?? untrusted };
    const cap = device === null ? maxUntrustedFailures : maxDeviceFailures;
    const windowEndsAt = new Date(now.getTime() + failureWindowMs);
    if (await takeLoginFailure(this.db, key, { cap, now, windowEndsAt })) return;
    const endsAt = (await selectLoginFailureWindowEnd(this.db, key)) ?? windowEndsAt;
    // A parallel attempt that read the clock a little later may have opened the window: never more than one.
    const retryAfterSeconds = Math.min(
      failureWindowMs / 1000,
      Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / 1000)),
    );
    throw new AppError(
      'auth/too_many_attempts',
      device === null
        ? 'Too many failed logins for this account; try again later, or sign in on a device used before.'
        : 'Too many failed logins for this account on this device; try again later.',
      { retryAfterSeconds },
    );
  }

  /** A successful login: the failure it took, and the earlier ones of the same count, are forgotten. */
  async succeeded(account: string, device: string | null): Promise<void> {
    await clearLoginFailures(this.db, { account, device: device ?? untrusted });
  }

  /** Deletes the counters whose window ended, the portal's too (any instance may run it). */
  async clearExpired(): Promise<void> {
    const now = new Date();
    await deleteExpiredLoginFailures(this.db, now);
    await deleteExpiredRateLimits(this.db, now);
  }
}
