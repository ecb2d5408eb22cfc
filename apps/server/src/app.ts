import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { maxFileSize, ZVersion } from '@pms/contract';
import { z } from 'zod';
import type { TConfig } from './config.ts';
import { pingDatabase, type Database } from './db/client.ts';
import type { AppContext } from './context.ts';
import { systemClock, type Clock } from './clock.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { JobRunner } from './jobs/job-runner.ts';
import {
  answerClientError,
  registerProblemHandler,
  registerUpdateRules,
  sendFrameworkError,
} from './plugins/problem.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerWeb } from './plugins/web.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerCompression } from './performance/compression.ts';
import { validatorCompilerKeepingQueries } from './performance/query-validation.ts';
import { ChangeFeed } from './performance/change-feed.ts';
import { AnswerCache } from './performance/answer-cache.ts';
import { SessionIdentities } from './performance/session-identities.ts';
import { S3FileStore } from './integrations/files/s3-file-store.ts';
import { LocalFileStore } from './integrations/files/local-file-store.ts';
import { InvoiceDocumentRenderer } from './integrations/invoice-documents/index.ts';
import { IdDocumentReader } from './integrations/id-documents/id-document-reader.ts';
import { createPasswordHasher } from './lib/crypto.ts';
import { loadSigningKey } from './lib/server-keys.queries.ts';
import { openSecretBox } from './lib/secret-box.ts';
import { registerSessionRoutes } from './modules/session/session.routes.ts';
import { registerPropertyRoutes } from './modules/properties/properties.routes.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { registerApiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { registerSettingRoutes } from './modules/settings/settings.routes.ts';
import { registerFileRoutes } from './modules/files/files.routes.ts';
import { registerBaseDataRoutes } from './modules/base-data/base-data.routes.ts';
import { registerLocalTaxRoutes } from './modules/local-tax/index.ts';
import { registerContactRoutes } from './modules/contacts/contacts.routes.ts';
import { registerGroupRoutes } from './modules/groups/groups.routes.ts';
import { registerNoteRoutes } from './modules/notes/notes.routes.ts';
import { registerBookingRoutes } from './modules/bookings/bookings.routes.ts';
import { getRoomPlanScreen } from './modules/room-plan/index.ts';
import { registerRoomPlanRoutes } from './modules/room-plan/room-plan.routes.ts';
import { registerInvoiceRoutes } from './modules/invoices/invoices.routes.ts';
import { registerReceivableRoutes } from './modules/receivables/receivables.routes.ts';
import { registerRoomLockRoutes } from './modules/room-locks/room-locks.routes.ts';
import { registerChannelRoutes } from './modules/channels/channels.routes.ts';
import { registerFolioRoutes } from './modules/folios/folios.routes.ts';
import { registerHousekeepingRoutes } from './modules/housekeeping/housekeeping.routes.ts';
import { registerSearchRoutes } from './modules/search/search.routes.ts';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { registerReportRoutes } from './modules/reports/reports.routes.ts';
import { registerMailRoutes } from './modules/mail/mail.routes.ts';
import { registerPaymentRoutes } from './modules/payments/payments.routes.ts';
import { registerCashRoutes } from './modules/cash/index.ts';
import { reapplyErasures, registerPrivacyRoutes } from './modules/privacy/index.ts';
import { registerRetentionRoutes } from './modules/retention/index.ts';
import { registerDoorRoutes } from './modules/doors/doors.routes.ts';
import { registerPortalRoutes } from './modules/portal/portal.routes.ts';
import { registerIdDocumentRoutes } from './modules/id-documents/id-documents.routes.ts';
import { registerPortalProgressRoutes } from './modules/portal/portal-progress.routes.ts';
import { PortalGate } from './modules/portal/portal-gate.ts';
import { getPortalHome } from './modules/portal/portal-home.service.ts';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
export const appVersion = process.env.APP_VERSION ?? packageJson.version;

export type BuildOptions = {
  config: TConfig;
  database: Database;
  logger?: boolean;
  /** The time services read: the system clock unless a test sets its own. */
  clock?: Clock;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's worker of the jobs table; the process entry starts it, tests drive it. */
    jobRunner: JobRunner;
    /** What this instance's services run with (tests and jobs call services with it). */
    context: AppContext;
  }
}

/** Builds the whole application (API and web app) without listening. */
export async function buildApp({
  config,
  database,
  logger = true,
  clock = systemClock,
}: BuildOptions): Promise<FastifyInstance> {
  // A request's id: this instance's (random) and the request's number in it. Unique like a UUID per
  // request, without drawing random bytes for each (the generator's refills cost every request CPU).
  const instanceId = crypto.randomUUID();
  let requests = 0;
  const app = Fastify({
    // A silent log is no logger at all: pino would still make a child logger for every request.
    logger: logger && config.logLevel !== 'silent' ? { level: config.logLevel } : false,
    requestIdHeader: 'x-request-id',
    genReqId: () => `${instanceId}-${(++requests).toString(36)}`,
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // Errors answered before a route runs leave as problem+json too.
    frameworkErrors: sendFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompilerKeepingQueries);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const documents = new InvoiceDocumentRenderer();
  const idDocuments = new IdDocumentReader();
  const context: AppContext = {
    db: database.db,
    database,
    config,
    files: config.s3
      ? await S3FileStore.open(config.s3)
      : new LocalFileStore(`${config.dataDir ?? '.'}/files`),
    jobs: createJobQueue(clock),
    clock,
    signingKey: await loadSigningKey(database.db),
    passwords: createPasswordHasher(),
    secrets: await openSecretBox(config, app.log),
    documents,
    idDocuments,
  };

  // Erasures a restored backup predates are applied again before anything is served.
  try {
    const reapplied = await reapplyErasures(context);
    if (reapplied > 0)
      app.log.warn({ reapplied }, 'erasures applied again to data restored from before them');
  } catch (error) {
    app.log.error(
      { err: error },
      'erasures could not be checked against the file store; they are checked again at the next start',
    );
  }

  const jobRunner = new JobRunner(context, {
    onError: (error, job) => app.log.error({ err: error, jobId: job?.id, jobType: job?.type }, 'job failed'),
  });
  app.decorate('jobRunner', jobRunner);
  app.decorate('context', context);
  // Before anything closes (onClose hooks run last registered first): a job taken after the renderer or
  // the file store closed would fail and wait for its retry.
  app.addHook('preClose', () => jobRunner.stop());
  app.addHook('onClose', () => documents.close());
  app.addHook('onClose', () => idDocuments.close());
  app.addHook('onClose', (_instance, done) => {
    context.files.close?.();
    done();
  });

  registerSecurityHeaders(app, config.publicUrl);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: maxFileSize, files: 1 } });
  registerProblemHandler(app);
  const changes = await ChangeFeed.open(database);
  app.addHook('onClose', () => changes.close());
  const portalGate = new PortalGate(context);
  registerAuth(app, database.db, new SessionIdentities(database.db, changes), portalGate.admit);
  app.decorate('answers', new AnswerCache());
  registerUpdateRules(app);
  await registerOpenApi(app, appVersion);

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/version',
    { schema: { tags: ['system'], response: { 200: ZVersion } }, config: { access: 'public' } },
    () => ({
      name: 'pms',
      version: appVersion,
      environment: config.environment,
      database: database.kind,
    }),
  );
  api.get(
    '/api/health',
    {
      schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } },
      config: { access: 'public' },
    },
    async () => {
      await pingDatabase(database.db);
      return { status: 'ok' as const };
    },
  );
  api.get('/api/openapi.json', { schema: { hide: true }, config: { access: 'public' } }, () => app.swagger());

  registerSessionRoutes(app, context);
  registerPropertyRoutes(app, context);
  registerUserRoutes(app, context);
  registerApiKeyRoutes(app, context);
  registerSettingRoutes(app, context);
  registerFileRoutes(app, context);
  registerBaseDataRoutes(app, context);
  registerLocalTaxRoutes(app, context);
  registerContactRoutes(app, context);
  registerGroupRoutes(app, context);
  registerNoteRoutes(app, context);
  registerBookingRoutes(app, context);
  registerRoomPlanRoutes(app, context);
  registerRoomLockRoutes(app, context);
  registerChannelRoutes(app, context);
  registerInvoiceRoutes(app, context);
  registerReceivableRoutes(app, context);
  registerFolioRoutes(app, context);
  registerHousekeepingRoutes(app, context);
  registerSearchRoutes(app, context);
  registerDashboardRoutes(app, context);
  registerReportRoutes(app, context);
  registerMailRoutes(app, context);
  registerPaymentRoutes(app, context);
  registerCashRoutes(app, context);
  registerPrivacyRoutes(app, context);
  registerRetentionRoutes(app, context);
  registerDoorRoutes(app, context);
  registerPortalRoutes(app, context);
  registerIdDocumentRoutes(app, context);
  registerPortalProgressRoutes(app, context);

  if (config.webDist)
    await registerWeb(app, config.webDist, {
      isHttps: config.publicUrl.startsWith('https:'),
      portalHome: async (linkId) => getPortalHome(context, await portalGate.admit(linkId)),
      roomPlan: (identity, rangeOf) => getRoomPlanScreen(context, identity, rangeOf),
      changes,
    });
  return app;
}
