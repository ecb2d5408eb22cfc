import path from 'node:path';

export type TConfig = {
  port: number;
  host: string;
  dataDir: string | null;
  databaseUrl: string | undefined;
  demoData: boolean | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  publicUrl: string;
  logLevel: string;
  smtpUrl: string | undefined;
  environment: string;
  webDist: string | null;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
};

function parseBoolean(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return !['false', '0', 'no', 'off'].includes(value.toLowerCase());
}

/** Reads the settings DESIGN section 7 names from the environment. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '0.0.0.0';
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    demoData: parseBoolean(env.DEMO_DATA),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL ?? 'info',
    smtpUrl: env.SMTP_URL || undefined,
    environment: env.NODE_ENV ?? 'development',
    webDist: env.WEB_DIST ?? null,
    trustProxy: parseBoolean(env.TRUST_PROXY) ?? false,
  };
}
