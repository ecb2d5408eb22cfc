import { hmac, randomToken, safeEqual } from '../../lib/crypto.ts';

/** How long a browser stays a known device of an account after its last successful login there. */
export const deviceLifetimeMs = 180 * 24 * 60 * 60 * 1000;
/** The accounts one browser is remembered for: those of its most recent logins. */
export const maxDevicesPerCookie = 8;

const entrySeparator = '~';

type TDeviceEntry = { userId: string; nonce: string; expires: number; signature: string };

function signatureOf(key: string, userId: string, nonce: string, expires: number): string {
  return hmac(key, `login-device:${userId}:${nonce}:${expires}`);
}

function formatEntry({ userId, nonce, expires, signature }: TDeviceEntry): string {
  return [userId, nonce, expires, signature].join('.');
}

/** The cookie's entries that the server signed and that have not expired; anything else is dropped. */
function validEntries(cookie: string | undefined, key: string, now: Date): TDeviceEntry[] {
  if (!cookie) return [];
  return cookie.split(entrySeparator).flatMap((text) => {
    const [userId, nonce, expiresText, signature, ...rest] = text.split('.');
    const expires = Number(expiresText);
    if (!userId || !nonce || !signature || rest.length > 0 || !Number.isSafeInteger(expires)) return [];
    if (expires * 1000 <= now.getTime()) return [];
    if (!safeEqual(signature, signatureOf(key, userId, nonce, expires))) return [];
    return [{ userId, nonce, expires, signature }];
  });
}

/**
 * The device cookie (OWASP's "device cookies"): one entry per account that signed in on this browser,
 * `userId.nonce.expires.signature`, signed with the server's key. Answers the nonce of the account's
 * valid entry, or null when the browser is an untrusted client for that account.
 */
export function findDevice(
  cookie: string | undefined,
  userId: string,
  key: string,
  now: Date,
): string | null {
  return validEntries(cookie, key, now).find((entry) => entry.userId === userId)?.nonce ?? null;
}

/**
 * The cookie after a successful login of the account: a new entry for it first (a new nonce, so
 * its failures start afresh), the other accounts' valid entries after it, at most `maxDevicesPerCookie`.
 */
export function issueDevice(cookie: string | undefined, userId: string, key: string, now: Date): string {
  const nonce = randomToken(16);
  const expires = Math.floor((now.getTime() + deviceLifetimeMs) / 1000);
  const own = { userId, nonce, expires, signature: signatureOf(key, userId, nonce, expires) };
  const others = validEntries(cookie, key, now).filter((entry) => entry.userId !== userId);
  return [own, ...others].slice(0, maxDevicesPerCookie).map(formatEntry).join(entrySeparator);
}
