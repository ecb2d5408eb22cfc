import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  can,
  languages,
  parsePlanViewport,
  parsePortalRoute,
  planViewportCookie,
  roomPlanPath,
  defaultPlanViewport,
  type TPortalHomeData,
  type TRoomPlanQuery,
} from '@pms/contract';
import type { TIdentity, TUserIdentity } from '../actor.ts';
import { AppError } from '../errors.ts';
import { PortalHomeWriter, portalLanguageOf } from '../http/portal-page.ts';
import { StaffPageWriter, type TRoomPlanSource } from '../http/staff-page.ts';
import type { ChangeFeed } from '../performance/change-feed.ts';
import { browserLanguage } from '../http/written-page.ts';
import { webAppPolicy } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The writer of the room plan's page, null without a built web app (tests read its stats). */
    staffPages: StaffPageWriter | null;
  }
}

export type TWebOptions = {
  /** The public url is https (the page policy then upgrades requests). */
  isHttps: boolean;
  /** The home of a link, read for its guest; refuses an unknown, revoked or expired link. */
  portalHome: (linkId: string) => Promise<Omit<TPortalHomeData, 'linkId' | 'language'>>;
  /** The room plan's page data of a signed-in user, for the range `rangeOf` gives on the property's today. */
  roomPlan: (
    identity: TUserIdentity,
    rangeOf: (today: string) => TRoomPlanQuery,
  ) => Promise<Omit<TRoomPlanSource, 'url' | 'language' | 'viewport'>>;
  /** The properties' data versions and their changes: the written room plans follow them. */
  changes: Pick<ChangeFeed, 'onDataChange' | 'versionsOf'>;
};

/** A signed-in user who may see the room plan now (not an API key, no password change pending). */
function isPlanReader(identity: TIdentity | null): identity is TUserIdentity {
  return (
    identity !== null &&
    identity.actor.kind === 'user' &&
    !identity.mustChangePassword &&
    can(identity.actor.role, 'roomPlan', 'read')
  );
}

/**
 * Serves the built web app; any non-API path falls back to index.html for the client router, a portal
 * path to portal.html. A link's home comes written with its booking (http/portal-page.ts), and the room
 * plan, to a user who may see it, with its first screen (http/staff-page.ts).
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string,
  options: TWebOptions,
): Promise<void> {
  const root = path.resolve(webDist);
  if (!existsSync(path.join(root, 'index.html')))
    throw new Error(`web app not built: ${root}/index.html missing`);
  // The guest portal is its own page: a guest never downloads the staff app.
  const hasPortal = existsSync(path.join(root, 'portal.html'));
  const homeWriter = hasPortal ? await PortalHomeWriter.load(root) : null;
  const staffWriter = await StaffPageWriter.load(root);
  if (staffWriter) {
    options.changes.onDataChange((propertyId) =>
      staffWriter.changed(propertyId, () => options.changes.versionsOf(propertyId)?.data ?? null),
    );
    app.addHook('onClose', (_instance, done) => {
      staffWriter.close();
      done();
    });
  }
  app.decorate('staffPages', staffWriter);
  const assets = path.join(root, 'assets');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each file; they go out as the client accepts.
    preCompressed: true,
    cacheControl: false,
    // Built files carry their content hash in the name: cached for a year, never revalidated.
    setHeaders: (reply, file) => {
      reply.header(
        'cache-control',
        file.startsWith(`${assets}${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // Referrer-Policy (no-referrer, which the portal needs) comes with the other security headers.
  const sendIndex = (reply: FastifyReply, page = 'index.html') => {
    reply.header('cache-control', 'no-cache');
    return reply.sendFile(page);
  };
  app.get('/assets/*', { config: { access: 'public' } }, async (request, reply) => {
    const file = (request.params as { '*': string })['*'];
    return reply.sendFile(path.join('assets', file));
  });
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (url.startsWith('/api/') || url === '/api') return reply.callNotFound();
    const file = path.join(root, url);
    if (url !== '/' && file.startsWith(root) && existsSync(file) && !url.endsWith('/'))
      return reply.sendFile(url.slice(1));
    if (hasPortal && (url === '/portal' || url.startsWith('/portal/'))) {
      const route = parsePortalRoute(url);
      const page =
        homeWriter && route.screen === 'home' ? await writtenHome(request, route.linkId, url) : null;
      if (!page) return sendIndex(reply, 'portal.html');
      // The page carries the guest's booking: no cache keeps it.
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          webAppPolicy(options.isHttps, { styleNonce: page.styleNonce, scriptSources: page.scriptSources }),
        )
        .type('text/html; charset=utf-8')
        .send(page.html);
    }
    const plan = url === roomPlanPath ? await writtenRoomPlan(request) : null;
    // The page carries the property's bookings and the user's name: no cache keeps it.
    if (plan)
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          webAppPolicy(options.isHttps, { styleNonce: plan.styleNonce, hasStyleAttributes: true }),
        )
        .type('text/html; charset=utf-8')
        .send(plan.html);
    return sendIndex(reply);
  });

  /**
   * The room plan's page with its first screen, or null for the plain page: no writer, a caller who
   * may not see the plan (the app then shows the login or the refusal), or a plan that could not be read.
   */
  async function writtenRoomPlan(request: FastifyRequest) {
    const identity = request.auth;
    if (!staffWriter || !isPlanReader(identity)) return null;
    const search = request.url.slice(roomPlanPath.length);
    try {
      const data = await options.roomPlan(identity, (today) => staffWriter.roomPlanRange(search, today));
      return await staffWriter.write(identity.dataVersion, {
        ...data,
        url: request.url,
        language: data.session.language ?? browserLanguage(request, languages),
        viewport: parsePlanViewport(request.cookies[planViewportCookie]) ?? defaultPlanViewport,
      });
    } catch (error) {
      if (!(error instanceof AppError))
        request.log.error({ err: error }, 'the room plan could not be written');
      return null;
    }
  }

  /**
   * The link's home page with its booking, or null for the plain page: a link the guest may not open
   * (the page's own calls then show why) or a home that could not be written.
   */
  async function writtenHome(request: FastifyRequest, linkId: string, url: string) {
    try {
      const home = { linkId, language: portalLanguageOf(request), ...(await options.portalHome(linkId)) };
      return homeWriter!.write(home, url);
    } catch (error) {
      if (!(error instanceof AppError))
        request.log.error({ err: error }, 'the portal home could not be written');
      return null;
    }
  }
}
