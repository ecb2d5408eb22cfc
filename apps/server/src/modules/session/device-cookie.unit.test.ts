import { describe, expect, it } from 'vitest';
import { deviceLifetimeMs, findDevice, issueDevice, maxDevicesPerCookie } from './device-cookie.ts';

const key = 'the-server-signing-key';
const now = new Date('2026-11-26T10:00:00Z');
const owner = '5f0c1a52-9a5e-4bd4-9a47-3d1f2f3b8c01';
const colleague = 'a7d2e0c4-1b9f-4e3a-8c6d-2f5e9b0a7d13';

describe('device cookie', () => {
  it('makes the browser a known device of the account that signed in, and of no other', () => {
    const cookie = issueDevice(undefined, owner, key, now);
    const nonce = findDevice(cookie, owner, key, now);
    // 16 random bytes: 128 bits, as base64url.
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(findDevice(cookie, colleague, key, now)).toBeNull();
    expect(findDevice(undefined, owner, key, now)).toBeNull();
  });

  it('gives the account a new device nonce at every login, keeping the other accounts of the browser', () => {
    const first = issueDevice(undefined, owner, key, now);
    const shared = issueDevice(first, colleague, key, now);
    const again = issueDevice(shared, owner, key, now);
    expect(findDevice(again, owner, key, now)).not.toBe(findDevice(first, owner, key, now));
    expect(findDevice(again, colleague, key, now)).toBe(findDevice(shared, colleague, key, now));
    expect(again.split('~')).toHaveLength(2);
  });

  it('knows no device whose entry was altered, signed with another key or has expired', () => {
    const cookie = issueDevice(undefined, owner, key, now);
    const [userId, nonce, expires, signature] = cookie.split('.');
    const altered = [
      [colleague, nonce, expires, signature],
      [userId, `${nonce}x`, expires, signature],
      [userId, nonce, Number(expires) + 1, signature],
      [userId, nonce, expires, `${signature}x`],
      [userId, nonce, expires],
    ].map((parts) => parts.join('.'));
    for (const entry of altered) {
      expect(findDevice(entry, owner, key, now)).toBeNull();
      expect(findDevice(entry, colleague, key, now)).toBeNull();
    }
    expect(findDevice(cookie, owner, 'another-key', now)).toBeNull();
    const later = new Date(now.getTime() + deviceLifetimeMs);
    expect(findDevice(cookie, owner, key, new Date(later.getTime() - 1000))).not.toBeNull();
    expect(findDevice(cookie, owner, key, later)).toBeNull();
  });

  it('drops what it cannot read and remembers the most recent accounts only', () => {
    let cookie = `garbage~${issueDevice(undefined, owner, key, now)}~also.not.an.entry`;
    const accounts = Array.from({ length: maxDevicesPerCookie }, (_, n) => `user-${n}`);
    for (const account of accounts) cookie = issueDevice(cookie, account, key, now);
    expect(cookie.split('~')).toHaveLength(maxDevicesPerCookie);
    expect(findDevice(cookie, owner, key, now)).toBeNull();
    for (const account of accounts) expect(findDevice(cookie, account, key, now)).not.toBeNull();
  });
});
