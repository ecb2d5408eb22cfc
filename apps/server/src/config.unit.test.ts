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

describe('S3_*', () => {
  it('keep files on the local disk unless a bucket is named', () => {
    expect(readConfig({}).s3).toBeNull();
  });

  it('name the bucket and path style for a store of its own, encryption on AWS', () => {
    expect(readConfig({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'files' }).s3).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'files',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
      serverSideEncryption: null,
    });
    expect(readConfig({ S3_BUCKET: 'files' }).s3).toMatchObject({
      forcePathStyle: false,
      serverSideEncryption: 'AES256',
    });
    expect(
      readConfig({
        S3_ENDPOINT: 'http://minio:9000',
        S3_BUCKET: 'files',
        S3_SERVER_SIDE_ENCRYPTION: 'aws:kms',
      }).s3,
    ).toMatchObject({ serverSideEncryption: 'aws:kms' });
  });

  it('refuse half a configuration', () => {
    expect(() => readConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET/);
    expect(() => readConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' })).toThrow(/go together/);
    expect(() => readConfig({ S3_BUCKET: 'files', S3_SERVER_SIDE_ENCRYPTION: 'rot13' })).toThrow(
      /S3_SERVER_SIDE_ENCRYPTION/,
    );
  });
});

describe('DATABASE_*', () => {
  it('read the pooler, the direct url and the replica', () => {
    expect(
      readConfig({
        DATABASE_URL: 'postgres://pool/pms',
        DATABASE_POOL_MODE: 'transaction',
        DATABASE_DIRECT_URL: 'postgres://primary/pms',
        DATABASE_REPLICA_URL: 'postgres://replica/pms',
        DATABASE_REPLICA_MAX_LAG_SECONDS: '3',
      }).postgres,
    ).toEqual({
      isPooled: true,
      directUrl: 'postgres://primary/pms',
      replicaUrl: 'postgres://replica/pms',
      replicaMaxLagSeconds: 3,
    });
  });

  it('refuse a pool mode PgBouncer does not have, and companions without DATABASE_URL', () => {
    expect(() =>
      readConfig({ DATABASE_URL: 'postgres://pool/pms', DATABASE_POOL_MODE: 'statement' }),
    ).toThrow(/session or transaction/);
    expect(() => readConfig({ DATABASE_REPLICA_URL: 'postgres://replica/pms' })).toThrow(/need DATABASE_URL/);
  });
});
