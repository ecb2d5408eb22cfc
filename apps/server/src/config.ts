import { isIP } from 'node:net';
import path from 'node:path';
import { parseSecretKey } from './lib/secret-box.ts';
import type { TPostgresSettings } from './db/client.ts';
import type { TS3Settings } from './integrations/files/s3-file-store.ts';

export type TConfig = {
  port: number;
  host: string;
  dataDir: string | null;
  databaseUrl: string | undefined;
  /** The other DATABASE_* settings: a pooler, a direct url for LISTEN, a read replica. */
  postgres: Omit<TPostgresSettings, 'databaseUrl'>;
  /** S3_*: files in a bucket instead of DATA_DIR/files; null keeps them on the local disk. */
  s3: TS3Settings | null;
  demoData: boolean | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string;
  logLevel: string;
  smtpUrl: string | undefined;
  environment: string;
  webDist: string | null;
  /**
   * The reverse proxies (addresses, CIDR ranges or proxy-addr's names loopback, linklocal,
   * uniquelocal) whose X-Forwarded-For is believed; false: the peer address is the client.
   */
  trustProxy: string[] | false;
  /** SECRET_KEY: encrypts secret settings; null uses (or makes) DATA_DIR/secret.key. */
  secretKey: Buffer | null;
  /**
   * PAYMENT_SIMULATOR: properties without a Stripe account take card payments through the built-in
   * simulator (no money moves). On unless NODE_ENV is production.
   */
  paymentSimulator: boolean;
  /**
   * Whether a cash register may sign with the built-in fiscal simulator (its receipts say they are not
   * valid). On unless NODE_ENV is production: there, cash needs a register with a real adapter.
   */
  fiscalSimulator: boolean;
  /** STRIPE_API_URL: another address for Stripe's API, such as a local stand-in; unset: Stripe's own. */
  stripeApiUrl: string | undefined;
  /**
   * ALLOW_PRIVATE_OUTBOUND: addresses administrators give the server to call (the lock system's
   * webhook) may be in private networks or on this machine, such as a local stand-in; off by default.
   */
  allowPrivateOutbound: boolean;
};

function parseBoolean(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A prefix length, or (for IPv4) a dotted netmask as proxy-addr takes it.
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(prefix) === 4;
}

/**
 * TRUST_PROXY: the proxies to trust, comma-separated. `true` would let every client pick its own
 * address through X-Forwarded-For (and so dodge the login throttle), so it is refused.
 */
export function parseTrustProxy(value: string | undefined): string[] | false {
  if (parseBoolean(value) !== true) return false;
  if (['true', '1', 'yes', 'on'].includes(value!.trim().toLowerCase())) {
    throw new Error(
      `TRUST_PROXY=${value} would believe the X-Forwarded-For header of any client. ` +
        'Set it to the addresses or CIDR ranges of your reverse proxies instead, for example ' +
        'TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8,192.168.1.5 (or loopback).',
    );
  }
  const entries = value!
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0) {
    throw new Error(
      `TRUST_PROXY holds ${invalid.join(', ')}, which is not an IP address or CIDR range ` +
        '(expected for example 127.0.0.1,10.0.0.0/8 or loopback).',
    );
  }
  return entries;
}

function parsePoolMode(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'session') return false;
  if (value === 'transaction') return true;
  throw new Error(`DATABASE_POOL_MODE must be session or transaction, not ${JSON.stringify(value)}`);
}

function parsePostgres(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): TConfig['postgres'] {
  const settings: TConfig['postgres'] = {
    isPooled: parsePoolMode(env.DATABASE_POOL_MODE),
    directUrl: env.DATABASE_DIRECT_URL || undefined,
    replicaUrl: env.DATABASE_REPLICA_URL || undefined,
    replicaMaxLagSeconds: Number(env.DATABASE_REPLICA_MAX_LAG_SECONDS || 10),
  };
  if (!databaseUrl && (settings.directUrl || settings.replicaUrl || settings.isPooled))
    throw new Error('DATABASE_DIRECT_URL, DATABASE_REPLICA_URL and DATABASE_POOL_MODE need DATABASE_URL');
  if (!(settings.replicaMaxLagSeconds! >= 0))
    throw new Error('DATABASE_REPLICA_MAX_LAG_SECONDS must be a number of seconds (0 or more)');
  return settings;
}

const serverSideEncryptions = ['AES256', 'aws:kms', 'aws:kms:dsse'] as const;

function parseS3(env: NodeJS.ProcessEnv): TS3Settings | null {
  const endpoint = env.S3_ENDPOINT || undefined;
  const bucket = env.S3_BUCKET || undefined;
  if (!endpoint && !bucket) return null;
  if (!bucket) throw new Error('S3_ENDPOINT is set but S3_BUCKET is not: name the bucket for the files');
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither');
  // AWS itself offers SSE-S3 everywhere; a store of its own address may refuse the header (MinIO
  // without a key service does): there it is asked for only when S3_SERVER_SIDE_ENCRYPTION says so.
  const encryption = env.S3_SERVER_SIDE_ENCRYPTION || (endpoint ? 'none' : 'AES256');
  if (encryption !== 'none' && !(serverSideEncryptions as readonly string[]).includes(encryption))
    throw new Error(`S3_SERVER_SIDE_ENCRYPTION must be none or one of ${serverSideEncryptions.join(', ')}`);
  return {
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    bucket,
    accessKeyId,
    secretAccessKey,
    // S3-compatible stores on an address of their own mostly want the bucket in the path.
    forcePathStyle: parseBoolean(env.S3_FORCE_PATH_STYLE) ?? Boolean(endpoint),
    serverSideEncryption:
      encryption === 'none' ? null : (encryption as (typeof serverSideEncryptions)[number]),
  };
}

/** Reads the settings DESIGN section 7 names from the environment. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '0.0.0.0';
  const environment = env.NODE_ENV ?? 'development';
  const databaseUrl = env.DATABASE_URL || undefined;
  const secretKey = parseSecretKey(env.SECRET_KEY);
  if (!secretKey && databaseUrl && environment === 'production') {
    throw new Error(
      'SECRET_KEY is required with DATABASE_URL in production: every instance must encrypt secret ' +
        'settings with the same key. Make one with `openssl rand -base64 32` and keep it safe.',
    );
  }
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    postgres: parsePostgres(env, databaseUrl),
    s3: parseS3(env),
    demoData: parseBoolean(env.DEMO_DATA),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL || undefined,
    environment,
    webDist: env.WEB_DIST ?? null,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    secretKey,
    paymentSimulator: parseBoolean(env.PAYMENT_SIMULATOR) ?? environment !== 'production',
    fiscalSimulator: parseBoolean(env.FISCAL_SIMULATOR) ?? environment !== 'production',
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    allowPrivateOutbound: parseBoolean(env.ALLOW_PRIVATE_OUTBOUND) ?? false,
  };
}
