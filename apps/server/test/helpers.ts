import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { z } from 'zod';
import type { TProblem, TPropertyMembership, TSession } from '@pms/contract';
import { buildApp } from '../src/app.ts';
import { SettableClock } from '../src/clock.ts';
import { readConfig } from '../src/config.ts';
import { openDatabase, type Database, type TPostgresSettings } from '../src/db/client.ts';
import { demoPassword } from '../src/demo/seed.ts';
import { localTaxLevies } from '../src/db/schema/index.ts';
import { dropPostgresDatabase, dumpAndRestore, runAdminQuery, withDatabaseName } from './postgres.ts';
import { newBucketSettings } from './s3-server.ts';

export { demoPassword };

/** The demo world every test file starts from. */
export const demo = {
  austria: 'Alpenhof Salzburg',
  germany: 'Hotel Spreeblick Berlin',
  users: {
    admin: 'admin@example.com',
    manager: 'manager@example.com',
    staff: 'staff@example.com',
    cleaning: 'cleaning@example.com',
    catering: 'catering@example.com',
  },
} as const;

export type TTestApp = {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  /** The time every instance's services read: follows the system clock until a test sets it. */
  clock: SettableClock;
  /**
   * Another instance of the application on the same database, as a second server would run it;
   * `listens: false` gives it no connection to LISTEN on, as behind a transaction pooler without
   * DATABASE_DIRECT_URL (on PostgreSQL it then also runs its statements unnamed).
   */
  startInstance: (options?: { listens?: boolean }) => Promise<FastifyInstance>;
  /**
   * A backup of the database as it is now (PGlite's dump, or pg_dump and pg_restore into a new
   * database): `start` runs the application on the restored copy with the same files and settings, as
   * after an operator's restore.
   */
  backup: () => Promise<{ start: () => Promise<FastifyInstance> }>;
  close: () => Promise<void>;
};

/**
 * A copy of the template database on the PostgreSQL server behind an admin url, and how to drop it.
 * With TEST_DATABASE_POOLER_URL (PgBouncer in transaction mode in front of that server, see
 * scripts/pg-cluster.sh) the application reaches it through the pooler and listens on the direct url;
 * with TEST_DATABASE_REPLICA_URL (a streaming replica of that server) it reads reports from there.
 */
async function copyPostgresTemplate(
  adminUrl: string,
  template: string,
): Promise<{ name: string; settings: TPostgresSettings; drop: () => Promise<void> }> {
  const name = `pms_test_${randomUUID().replaceAll('-', '')}`;
  await runAdminQuery(adminUrl, `create database ${name} template ${template}`);
  return { name, ...postgresTestDatabase(adminUrl, name) };
}

/** How the application reaches a test database on the server (through the pooler and replica when set). */
function postgresTestDatabase(
  adminUrl: string,
  name: string,
): { settings: TPostgresSettings; drop: () => Promise<void> } {
  const url = withDatabaseName(adminUrl, name);
  const poolerUrl = process.env.TEST_DATABASE_POOLER_URL;
  const replicaUrl = process.env.TEST_DATABASE_REPLICA_URL;
  return {
    settings: {
      ...(poolerUrl
        ? { databaseUrl: withDatabaseName(poolerUrl, name), isPooled: true, directUrl: url }
        : { databaseUrl: url }),
      ...(replicaUrl ? { replicaUrl: withDatabaseName(replicaUrl, name) } : {}),
    },
    // The pooler keeps its server connections: they are ended with the database.
    drop: () => dropPostgresDatabase(adminUrl, name, { waitForClients: !poolerUrl }),
  };
}

/**
 * The whole application over a fresh database with the demo data: PGlite in memory, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (an admin url) when that is set. `env` adds
 * settings (such as SECRET_KEY) to the test's own.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TTestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pms-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgresTemplate = inject('postgresTemplate');
  const pgliteTemplate = inject('pgliteTemplate');
  const postgres =
    adminUrl && postgresTemplate ? await copyPostgresTemplate(adminUrl, postgresTemplate) : null;
  const database = postgres
    ? await openDatabase(postgres.settings)
    : await openDatabase({ dataDir: null, loadDataDir: new Blob([await readFile(pgliteTemplate!)]) });
  // Files on the S3-compatible server of the run, in a bucket of this app's own.
  const bucket = await newBucketSettings(inject('s3Endpoint'), `pms-test-${randomUUID()}`);
  const config = {
    ...readConfig({
      ...bucket,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      // app.inject comes from 127.0.0.1, trusted as the proxy: tests tell clients apart by X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      ...(postgres ? postgresEnv(postgres.settings) : {}),
      ...env,
    }),
    // The web app only where a test names it (WEB_DIST in `env`).
    webDist: env.WEB_DIST ?? null,
  };
  const clock = new SettableClock();
  const app = await buildApp({ config, database, logger: false, clock });
  await app.ready();
  const instances: { app: FastifyInstance; database: Database }[] = [];
  const restored: (() => Promise<void>)[] = [];
  /** An instance on `own` (closed with it unless it is the first's), without a listener when asked. */
  const startOn = async (own: Database, { listens = true } = {}) => {
    const instance = await buildApp({
      config,
      database: listens ? own : { ...own, openListener: null },
      logger: false,
      clock,
    });
    await instance.ready();
    instances.push({ app: instance, database: own });
    return instance;
  };
  return {
    app,
    database,
    db: database.db,
    clock,
    startInstance: async ({ listens = true } = {}) => {
      // PostgreSQL: a pool of its own, as another process has; PGlite has one connection to share.
      const settings =
        postgres && !listens ? { ...postgres.settings, isPooled: true, directUrl: undefined } : null;
      const own = postgres ? await openDatabase(settings ?? postgres.settings) : database;
      return startOn(own, { listens });
    },
    backup: async () => {
      if (!postgres) {
        const dump = await database.dump!();
        return { start: async () => startOn(await openDatabase({ dataDir: null, loadDataDir: dump })) };
      }
      const name = `${postgres.name}_restored_${restored.length + 1}`;
      await dumpAndRestore(adminUrl!, postgres.name, name);
      const copy = postgresTestDatabase(adminUrl!, name);
      restored.push(copy.drop);
      return { start: async () => startOn(await openDatabase(copy.settings)) };
    },
    close: async () => {
      for (const instance of instances) {
        await instance.app.close();
        if (instance.database !== database) await instance.database.close();
      }
      await app.close();
      await database.close();
      for (const drop of restored) await drop();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The settings a server process would be started with for these. */
export function postgresEnv(settings: TPostgresSettings): Record<string, string> {
  return {
    DATABASE_URL: settings.databaseUrl!,
    ...(settings.isPooled ? { DATABASE_POOL_MODE: 'transaction' } : {}),
    ...(settings.directUrl ? { DATABASE_DIRECT_URL: settings.directUrl } : {}),
    ...(settings.replicaUrl ? { DATABASE_REPLICA_URL: settings.replicaUrl } : {}),
  };
}

export type TRequestOptions = {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Send X-XSRF-TOKEN on unsafe methods (the default, as the web app does); false leaves it out. */
  xsrf?: boolean;
};

type TBody = Record<string, unknown> | unknown[] | string | Buffer;

const safeMethods = new Set<HTTPMethods>(['GET', 'HEAD', 'OPTIONS']);

/**
 * A caller of the API through app.inject, like a browser: it keeps the cookies the server sets
 * (session and XSRF-TOKEN) and sends the XSRF token back on unsafe methods. With an authorization
 * it is an API client instead.
 */
export class ApiClient {
  readonly app: FastifyInstance;
  /** The session the login answered with, for users. */
  session: TSession | null = null;
  private readonly authorization: string | null;
  private readonly cookies = new Map<string, string>();

  constructor(app: FastifyInstance, authorization: string | null = null) {
    this.app = app;
    this.authorization = authorization;
  }

  /**
   * A second caller holding the same cookies right now (to replay a session after it ended), on this
   * or another instance.
   */
  clone(app: FastifyInstance = this.app): ApiClient {
    const copy = new ApiClient(app, this.authorization);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    copy.session = this.session;
    return copy;
  }

  /** The same caller with one more cookie (one the browser keeps for itself, such as a screen's size). */
  withCookie(name: string, value: string): ApiClient {
    const copy = this.clone();
    copy.cookies.set(name, value);
    return copy;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(
    method: HTTPMethods,
    url: string,
    body?: TBody,
    options: TRequestOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies]
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
        .join('; ');
    }
    if (this.authorization) headers.authorization = this.authorization;
    const xsrfToken = this.cookies.get('XSRF-TOKEN');
    if (!safeMethods.has(method) && options.xsrf !== false && xsrfToken) headers['x-xsrf-token'] = xsrfToken;
    Object.assign(headers, options.headers);
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(options.query ? { query: options.query } : {}),
      ...(body !== undefined ? { payload: body } : {}),
    });
    this.remember(response);
    return response;
  }

  get(url: string, options?: TRequestOptions) {
    return this.request('GET', url, undefined, options);
  }

  post(url: string, body?: TBody, options?: TRequestOptions) {
    return this.request('POST', url, body, options);
  }

  put(url: string, body?: TBody, options?: TRequestOptions) {
    return this.request('PUT', url, body, options);
  }

  patch(url: string, body?: TBody, options?: TRequestOptions) {
    return this.request('PATCH', url, body, options);
  }

  delete(url: string, options?: TRequestOptions) {
    return this.request('DELETE', url, undefined, options);
  }

  /** Uploads one file as multipart/form-data (field `file`), as a browser form does. */
  upload(url: string, file: TUpload, options: TRequestOptions = {}) {
    const { payload, contentType } = multipartBody(file);
    return this.request('POST', url, payload, {
      ...options,
      headers: { 'content-type': contentType, ...options.headers },
    });
  }

  private remember(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const isCleared =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (isCleared) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

/** A caller with no session and no key. */
export function anonymous(app: FastifyInstance): ApiClient {
  return new ApiClient(app);
}

/** Signs in through POST /api/session/login and returns the caller holding that session. */
export async function login(
  app: FastifyInstance,
  email: string,
  password = demoPassword,
): Promise<ApiClient> {
  const client = new ApiClient(app);
  const response = await client.post('/api/session/login', { email, password });
  if (response.statusCode !== 200) {
    throw new Error(`login of ${email} failed with ${response.statusCode}: ${response.body}`);
  }
  client.session = response.json<TSession>();
  return client;
}

/** A caller authenticating with an API key (Authorization: Bearer). */
export function bearer(app: FastifyInstance, secret: string): ApiClient {
  return new ApiClient(app, `Bearer ${secret}`);
}

/** The ids of the caller's properties by name. */
export async function propertyIds(client: ApiClient): Promise<Record<string, string>> {
  const response = await client.get('/api/session/properties');
  expect(response.statusCode).toBe(200);
  const { data } = response.json<{ data: TPropertyMembership[] }>();
  return Object.fromEntries(data.map((property) => [property.name, property.id]));
}

/** Moves the caller's session to one of their properties, by id. */
export async function switchProperty(client: ApiClient, propertyId: string): Promise<void> {
  const response = await client.post('/api/session/switch_property', undefined, { query: { propertyId } });
  expect(response.statusCode).toBe(200);
  if (client.session) client.session = response.json<TSession>();
}

/** Signs a user in and moves their session to one of their properties: a second caller in a test. */
export async function loginAt(app: FastifyInstance, email: string, propertyId: string): Promise<ApiClient> {
  const client = await login(app, email);
  await switchProperty(client, propertyId);
  return client;
}

/** Asserts a problem+json answer with the given status and error code, and returns it. */
export function expectProblem(response: LightMyRequestResponse, status: number, type: string): TProblem {
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = response.json<TProblem>();
  expect(problem).toMatchObject({ type, status });
  return problem;
}

/**
 * The JSON answer checked against the contract's schema for it, typed as that schema's output. It
 * fails the test, naming the fields, where the answer does not fit the schema; the body comes back
 * as sent (keys the schema does not name stay, so a test can still see what should not be there).
 */
export function parsed<TSchema extends z.ZodType>(
  response: Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'json'>,
  schema: TSchema,
): z.output<TSchema> {
  const body: unknown = response.json();
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(
      `the answer (${response.statusCode}) does not fit its schema:\n${z.prettifyError(result.error)}\n${response.body.slice(0, 2000)}`,
    );
  }
  return body as z.output<TSchema>;
}

export type TUpload = { name: string; content: Buffer; contentType?: string; field?: string };

/** A multipart/form-data body with one file part. */
export function multipartBody({
  name,
  content,
  contentType = 'application/octet-stream',
  field = 'file',
}: TUpload): {
  payload: Buffer;
  contentType: string;
} {
  const boundary = `----pms-test-${randomUUID()}`;
  const head =
    `--${boundary}\r\n` +
    `content-disposition: form-data; name="${field}"; filename="${name}"\r\n` +
    `content-type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A guest's browser on the portal: no cookie, the Link-Id header on every request. */
export class PortalGuest {
  readonly client: ApiClient;
  readonly linkId: string;

  constructor(app: FastifyInstance, linkId: string) {
    this.client = new ApiClient(app);
    this.linkId = linkId;
  }

  private get headers() {
    return { headers: { 'link-id': this.linkId } };
  }

  get(url: string) {
    return this.client.get(url, this.headers);
  }

  post(url: string, body?: Record<string, unknown>) {
    return this.client.post(url, body, this.headers);
  }

  patch(url: string, body: Record<string, unknown> | string) {
    return this.client.patch(url, body, this.headers);
  }

  delete(url: string) {
    return this.client.delete(url, this.headers);
  }

  upload(url: string, name: string, content: Buffer, field = 'file', method: 'POST' | 'PATCH' = 'POST') {
    const { payload, contentType } = multipartBody({ name, content, field });
    return this.client.request(method, url, payload, {
      headers: { 'link-id': this.linkId, 'content-type': contentType },
    });
  }
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A real PNG image: width by height pixels of one RGB colour. */
export function pngBytes(width = 2, height = 2, rgb: [number, number, number] = [29, 95, 216]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real one-page PDF document showing a line of text, with a correct cross-reference table. */
export function pdfBytes(text = 'Rechnung 1001'): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The demo towns' levies (decision 191) charge every stay; a test prices what the rate charges unless
 * it asks for them.
 */
export async function pauseDemoLevies(t: TTestApp): Promise<void> {
  await t.db.update(localTaxLevies).set({ active: false });
}

/** A test app with one demo user logged in and working in the Austrian demo property. */
export async function startDemoApp(
  email: string = demo.users.admin,
  { withLevies = false, env = {} }: { withLevies?: boolean; env?: Record<string, string> } = {},
): Promise<{ t: TTestApp; client: ApiClient; ids: Record<string, string> }> {
  const t = await buildTestApp(env);
  if (!withLevies) await pauseDemoLevies(t);
  const client = await login(t.app, email);
  const ids = await propertyIds(client);
  await switchProperty(client, ids[demo.austria]!);
  return { t, client, ids };
}

export type TStayFixture = { roomTypeId: string; roomIds: Record<string, string>; rateId: string };

/**
 * A room type for up to two persons with its rooms (`rooms`, a range such as '901-905') and a rate
 * priced for one and for two persons: the stays a booking test makes, apart from the demo data's.
 */
export async function createStayFixture(
  client: ApiClient,
  options: {
    roomType: { name: string; code: string };
    rooms: string;
    rate: { name: string; code: string };
    prices: readonly [number, number];
  },
): Promise<TStayFixture> {
  const roomType = await client.post('/api/room_types', {
    ...options.roomType,
    capacity: 2,
    minOccupancy: 1,
    maxOccupancy: 2,
  });
  expect(roomType.statusCode).toBe(201);
  const roomTypeId = roomType.json<{ id: string }>().id;
  const created = await client.post('/api/rooms', { number: options.rooms, roomTypeId });
  expect(created.statusCode).toBe(201);
  const roomIds = Object.fromEntries(
    created.json<{ data: { id: string; number: string }[] }>().data.map((room) => [room.number, room.id]),
  );
  const rate = await client.post('/api/rates', { ...options.rate, active: true });
  expect(rate.statusCode).toBe(201);
  const rateId = rate.json<{ id: string }>().id;
  for (const [index, amount] of options.prices.entries()) {
    const price = await client.post(`/api/rates/${rateId}/prices`, {
      roomTypeId,
      occupancy: index + 1,
      amount,
    });
    expect(price.statusCode).toBe(201);
  }
  return { roomTypeId, roomIds, rateId };
}
