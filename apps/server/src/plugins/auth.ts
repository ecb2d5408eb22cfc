import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import { can, portalLinkHeader, type TAccess, type TArea } from '@pms/contract';
import type { TGuestActor, TIdentity } from '../actor.ts';
import { sessionCookie, xsrfHeader } from '../http/session-cookies.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../db/client.ts';
import type { SessionIdentities } from '../performance/session-identities.ts';
import { findApiKeyIdentity } from '../modules/session/index.ts';
import { safeEqual } from '../lib/crypto.ts';

/**
 * What a route demands: an area of the role matrix, a signed-in caller of any role, nothing, or (the
 * guest portal) a booking link's Link-Id header, which no staff session or key replaces.
 */
export type TRouteAccess = readonly [TArea, TAccess] | 'authenticated' | 'public' | 'portal';

/** Finds the guest of the link a portal request names (the Link-Id header), or refuses the request. */
export type TGuestResolver = (linkId: string | string[] | undefined) => Promise<TGuestActor>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: TRouteAccess;
    /** Reachable while the user must still change the default password. */
    allowPendingPasswordChange?: boolean;
  }
  interface FastifyRequest {
    /** The caller, when the route's access asked for one; routes read its actor through `actorOf`. */
    auth: TIdentity | null;
    /** The guest of a portal request's link; portal routes read it through `guestOf`. */
    guest: TGuestActor | null;
  }
  interface FastifyInstance {
    /** Every staff /api route (`GET /api/bookings/:id`) with the access it declares, as registered. */
    routeAccess: Map<string, TRouteAccess>;
    /** Every guest portal route (`GET /api/portal/booking`), which answer to a Link-Id alone. */
    portalRoutes: Set<string>;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

async function identify(
  db: Db,
  sessions: SessionIdentities,
  request: FastifyRequest,
): Promise<TIdentity | null> {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const identity = await findApiKeyIdentity(db, header.slice(7).trim());
    if (!identity) throw new AppError('auth/unauthenticated', 'unknown API key');
    return identity;
  }
  const token = request.cookies[sessionCookie];
  return token ? sessions.find(token) : null;
}

/** Resolves the caller of every /api request and enforces the route's access, XSRF and role. */
export function registerAuth(
  app: FastifyInstance,
  db: Db,
  sessions: SessionIdentities,
  resolveGuest: TGuestResolver,
): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('guest', null);
  const portalRoutes = new Set<string>();
  app.decorate('portalRoutes', portalRoutes);

  const routeAccess = new Map<string, TRouteAccess>();
  app.decorate('routeAccess', routeAccess);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    if (route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access) throw new Error(`route ${String(route.method)} ${route.url} declares no access`);
    if ((access === 'portal') !== route.url.startsWith('/api/portal/'))
      throw new Error(`route ${String(route.method)} ${route.url}: portal access is for /api/portal alone`);
    if (access === 'portal') {
      for (const method of [route.method].flat()) portalRoutes.add(`${method} ${route.url}`);
      return;
    }
    for (const method of [route.method].flat()) routeAccess.set(`${method} ${route.url}`, access);
  });

  // Before validation: a caller who may not use a route learns nothing about its input rules.
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    if (access === 'portal') {
      // A staff cookie or key is never read here: the link alone says whose booking this is.
      try {
        request.guest = await resolveGuest(request.headers[portalLinkHeader]);
      } catch (error) {
        const retryAfter = error instanceof AppError ? error.params?.retryAfterSeconds : undefined;
        if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
        throw error;
      }
      return;
    }
    request.auth = await identify(db, sessions, request);
    if (access === 'public') return;
    const auth = request.auth;
    if (!auth) throw new AppError('auth/unauthenticated');
    if (auth.actor.kind === 'user' && !safeMethods.has(request.method)) {
      const sent = request.headers[xsrfHeader];
      if (typeof sent !== 'string' || !auth.xsrfToken || !safeEqual(sent, auth.xsrfToken)) {
        throw new AppError('auth/xsrf_invalid');
      }
    }
    if (auth.mustChangePassword && !request.routeOptions.config.allowPendingPasswordChange) {
      throw new AppError('auth/password_change_required');
    }
    if (access !== 'authenticated' && !can(auth.actor.role, access[0], access[1])) {
      throw new AppError('auth/forbidden');
    }
  });
}
