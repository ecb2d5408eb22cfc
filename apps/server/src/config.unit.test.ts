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
