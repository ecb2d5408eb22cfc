import { describe, expect, it } from 'vitest';
import { parseTrustProxy, readConfig } from './config.ts';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset or false', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });

  it('takes the addresses and CIDR ranges of the proxies', () => {
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, which would believe every client, with a message naming the fix', () => {
    for (const value of ['true', 'TRUE', '1', 'yes']) {
      expect(() => parseTrustProxy(value)).toThrow(/addresses or CIDR ranges of your reverse proxies/);
    }
  });

  it('refuses what is not an address or range', () => {
    expect(() => parseTrustProxy('127.0.0.1,proxy.example.com')).toThrow(/proxy\.example\.com/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustProxy('2')).toThrow(/not an IP address/);
  });

  it('refuses to read a configuration with TRUST_PROXY=true', () => {
    expect(() => readConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('SECRET_KEY', () => {
  const key = '0123456789abcdef'.repeat(4);

  it('is read as 32 bytes', () => {
    expect(readConfig({ SECRET_KEY: key }).secretKey).toEqual(Buffer.from(key, 'hex'));
    expect(readConfig({}).secretKey).toBeNull();
  });

  it('is refused when malformed, with a message saying what to set', () => {
    expect(() => readConfig({ SECRET_KEY: 'changeme' })).toThrow(/SECRET_KEY must be 32 random bytes/);
  });

  it('is required with DATABASE_URL in production, where instances must share it', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/pms' };
    expect(() => readConfig(production)).toThrow(/SECRET_KEY is required with DATABASE_URL in production/);
    expect(readConfig({ ...production, SECRET_KEY: key }).secretKey).not.toBeNull();
    // The embedded database and development keep their key under DATA_DIR.
    expect(() => readConfig({ NODE_ENV: 'production' })).not.toThrow();
    expect(() => readConfig({ DATABASE_URL: 'postgres://db/pms' })).not.toThrow();
  });
});
