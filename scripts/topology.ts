// The reference deployment on one machine, on loopback (docs/operations.md, "Reference topology"):
// a PostgreSQL primary with a streaming replica and PgBouncer in transaction mode in front of it, an
// S3-compatible store (s3rver), three instances of the built server and HAProxy before them, round
// robin without stickiness.
//   npm run topology -- start DIR [instances]   starts it all (the server must be built) and prints
//                                               the address; DIR keeps the logs and topology.json
//   npm run topology -- stop DIR                stops it all and deletes DIR
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import getPort from 'get-port';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pgCluster = path.join(root, 'scripts/pg-cluster.sh');
const bucket = 'pms-files';
const s3Credentials = { id: 'S3RVER', secret: 'S3RVER' };

export type TInstance = { name: string; port: number; pid: number; dataDir: string };
export type TTopology = {
  dir: string;
  /** The address guests and staff use: HAProxy. */
  url: string;
  primaryUrl: string;
  poolerUrl: string;
  replicaUrl: string;
  s3Endpoint: string;
  haproxyPid: number;
  s3Pid: number;
  instances: TInstance[];
};

/** A loopback port free now, not handed out before by this process. */
const freePort = () => getPort({ host: '127.0.0.1' });

function pgCommand(command: string, dir: string): string {
  return execFileSync('bash', [pgCluster, command, dir], { encoding: 'utf8' }).trim();
}

/** Starts a process that outlives this one, its output in a log file under DIR. */
function startDetached(dir: string, name: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  const log = openSync(path.join(dir, `${name}.log`), 'a');
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', log, log] });
  child.unref();
  return child.pid!;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} did not come up within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

const answers = (url: string) => async () => (await fetch(url)).ok;

function haproxyConfig(port: number, instances: TInstance[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  option forwardfor
  # A server that refuses the connection or dies before answering is tried again on another: every
  # request after a connection failure, and only idempotent ones (GET, HEAD, OPTIONS) after one that
  # reached the server, so a payment or an upload is never sent twice.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout

frontend pms
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  http-request disable-l7-retry unless { method GET HEAD OPTIONS }
  option httpchk GET /api/health
  http-check expect status 200
  # A dead instance refuses at once and is out after three checks; a busy one may take its time.
  timeout check 5s
  default-server check inter 1s fall 3 rise 2
${instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port}`).join('\n')}
`;
}

/** The settings of one instance: every instance the same but its port and local folder. */
function instanceEnv(
  topology: Omit<TTopology, 'instances' | 'haproxyPid'>,
  instance: TInstance,
  secretKey: string,
) {
  const direct = new URL(topology.primaryUrl);
  const pooled = new URL(topology.poolerUrl);
  const replica = new URL(topology.replicaUrl);
  for (const url of [direct, pooled, replica]) url.pathname = '/pms';
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(instance.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: topology.url,
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: instance.dataDir,
    WEB_DIST: path.join(root, 'apps/web/dist'),
    LOG_LEVEL: 'warn',
    SECRET_KEY: secretKey,
    DATABASE_URL: pooled.toString(),
    DATABASE_POOL_MODE: 'transaction',
    DATABASE_DIRECT_URL: direct.toString(),
    DATABASE_REPLICA_URL: replica.toString(),
    S3_ENDPOINT: topology.s3Endpoint,
    S3_REGION: 'eu-central-1',
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: s3Credentials.id,
    S3_SECRET_ACCESS_KEY: s3Credentials.secret,
    S3_FORCE_PATH_STYLE: 'true',
    // A reference deployment to try out: the demo hotel, the payment simulator, local stand-ins.
    DEMO_DATA: 'true',
    PAYMENT_SIMULATOR: 'true',
    ALLOW_PRIVATE_OUTBOUND: 'true',
  };
}

/** Starts the whole topology under `dir` (new or empty) and answers once HAProxy serves every instance. */
export async function startTopology(dir: string, instanceCount = 3): Promise<TTopology> {
  mkdirSync(dir, { recursive: true });
  // The database servers run as the postgres user when this runs as root: it must reach its folder.
  chmodSync(dir, 0o755);
  const pgDir = path.join(dir, 'postgres');
  const primaryUrl = pgCommand('start', pgDir);
  const admin = new pg.Client({ connectionString: primaryUrl });
  await admin.connect();
  await admin.query('create database pms').finally(() => admin.end());
  const poolerUrl = pgCommand('pooler', pgDir);
  const replicaUrl = pgCommand('replica', pgDir);

  const s3Port = await freePort();
  const s3Dir = path.join(dir, 's3');
  mkdirSync(s3Dir, { recursive: true });
  const s3Pid = startDetached(
    dir,
    's3rver',
    path.join(root, 'node_modules/.bin/s3rver'),
    [
      '--address',
      '127.0.0.1',
      '--port',
      String(s3Port),
      '--directory',
      s3Dir,
      '--configure-bucket',
      bucket,
      '--silent',
    ],
    process.env,
  );
  const s3Endpoint = `http://127.0.0.1:${s3Port}`;
  await waitFor('the S3 server', async () => (await fetch(s3Endpoint)).status < 500);

  const url = `http://127.0.0.1:${await freePort()}`;
  const base = { dir, url, primaryUrl, poolerUrl, replicaUrl, s3Endpoint, s3Pid };
  const secretKey = randomBytes(32).toString('base64');
  const instances: TInstance[] = [];
  for (let index = 1; index <= instanceCount; index++) {
    const dataDir = path.join(dir, `instance-${index}`);
    mkdirSync(dataDir, { recursive: true });
    instances.push({ name: `instance-${index}`, port: await freePort(), pid: 0, dataDir });
  }
  // The first migrates and loads the demo hotel; the others start beside it and wait for its lock.
  for (const instance of instances) {
    instance.pid = startDetached(
      dir,
      instance.name,
      process.execPath,
      [path.join(root, 'apps/server/dist/server.js')],
      instanceEnv(base, instance, secretKey),
    );
  }
  for (const instance of instances)
    await waitFor(instance.name, answers(`http://127.0.0.1:${instance.port}/api/health`));

  const haproxyFile = path.join(dir, 'haproxy.cfg');
  writeFileSync(haproxyFile, haproxyConfig(Number(new URL(url).port), instances));
  const haproxyPid = startDetached(
    dir,
    'haproxy',
    '/usr/sbin/haproxy',
    ['-db', '-f', haproxyFile],
    process.env,
  );
  await waitFor('HAProxy', answers(`${url}/api/health`));
  const topology: TTopology = { ...base, haproxyPid, instances };
  writeFileSync(path.join(dir, 'topology.json'), JSON.stringify(topology, null, 2));
  return topology;
}

function kill(pid: number, signal: NodeJS.Signals): void {
  try {
    // The detached process leads its own group: the signal reaches whatever it started too.
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** Ends one instance at once, as a crashed machine would: no shutdown, no goodbye. */
export function killInstance(instance: TInstance): void {
  kill(instance.pid, 'SIGKILL');
}

export async function stopTopology(dir: string): Promise<void> {
  const file = path.join(dir, 'topology.json');
  if (existsSync(file)) {
    const topology = JSON.parse(readFileSync(file, 'utf8')) as TTopology;
    kill(topology.haproxyPid, 'SIGTERM');
    for (const instance of topology.instances) kill(instance.pid, 'SIGTERM');
    kill(topology.s3Pid, 'SIGTERM');
    await sleep(500);
  }
  pgCommand('stop', path.join(dir, 'postgres'));
  rmSync(dir, { recursive: true, force: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [command, dir, count] = process.argv.slice(2);
  if (!dir || (command !== 'start' && command !== 'stop')) {
    console.error('usage: npm run topology -- start|stop DIR [instances]');
    process.exit(2);
  }
  const folder = path.resolve(dir);
  if (command === 'start') {
    const topology = await startTopology(folder, count ? Number(count) : 3);
    console.log(
      `PMS behind HAProxy: ${topology.url} (${topology.instances.length} instances; logs in ${folder})`,
    );
  } else await stopTopology(folder);
}
