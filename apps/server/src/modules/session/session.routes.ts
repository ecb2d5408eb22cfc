import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptInvitationRequest,
  ZLoginRequest,
  ZPropertyMembership,
  ZSession,
  ZSwitchPropertyQuery,
  ZUpdatePasswordRequest,
  ZUpdateProfileRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { deviceCookie, sessionCookie, xsrfCookie } from '../../http/session-cookies.ts';
import { dummyPasswordHash } from '../../lib/crypto.ts';
import { actorOf, identityOf } from '../../http/request-actor.ts';
import { problemResponses } from '../../http/problem-responses.ts';
import { deviceLifetimeMs } from './device-cookie.ts';
import { LoginThrottle } from './login-throttle.ts';
import * as service from './session.service.ts';

const tags = ['session'];
const throttleCleanupMs = 5 * 60 * 1000;

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const isSecure = config.publicUrl.startsWith('https://');
  const throttle = new LoginThrottle(db);
  // Made before the first login, so that the first unknown address costs no more than the others.
  dummyPasswordHash().catch((error: unknown) => app.log.error({ err: error }, 'hashing failed'));
  const cleanup = setInterval(() => {
    throttle
      .clearExpired()
      .catch((error: unknown) => app.log.warn({ err: error }, 'clearing login counters failed'));
  }, throttleCleanupMs);
  cleanup.unref();
  app.addHook('onClose', () => clearInterval(cleanup));

  function setSessionCookies(reply: FastifyReply, token: string, xsrfToken: string) {
    const maxAge = service.sessionLifetimeMs / 1000;
    reply.setCookie(sessionCookie, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecure,
      path: '/',
      maxAge,
    });
    reply.setCookie(xsrfCookie, xsrfToken, {
      httpOnly: false,
      sameSite: 'lax',
      secure: isSecure,
      path: '/',
      maxAge,
    });
  }

  /** The known-device cookie goes to the login only: no other request needs it. */
  function setDeviceCookie(reply: FastifyReply, value: string) {
    reply.setCookie(deviceCookie, value, {
      httpOnly: true,
      sameSite: 'strict',
      secure: isSecure,
      path: '/api/session/login',
      maxAge: deviceLifetimeMs / 1000,
    });
  }

  api.post(
    '/api/session/login',
    {
      schema: { tags, body: ZLoginRequest, response: { 200: ZSession, ...problemResponses } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      try {
        const result = await service.login(ctx, throttle, request.body, request.cookies[deviceCookie]);
        setSessionCookies(reply, result.token, result.xsrfToken);
        setDeviceCookie(reply, result.deviceCookie);
        return result.session;
      } catch (error) {
        const retryAfter = error instanceof AppError ? error.params?.retryAfterSeconds : undefined;
        if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
        throw error;
      }
    },
  );

  api.post(
    '/api/session/logout',
    {
      schema: { tags, response: { 204: z.null(), ...problemResponses } },
      config: { access: 'authenticated', allowPendingPasswordChange: true },
    },
    async (request, reply) => {
      await service.logout(ctx, actorOf(request));
      reply.clearCookie(sessionCookie, { path: '/' });
      reply.clearCookie(xsrfCookie, { path: '/' });
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/session',
    {
      schema: { tags, response: { 200: ZSession, ...problemResponses } },
      config: { access: 'authenticated', allowPendingPasswordChange: true },
    },
    (request) => service.toSession(identityOf(request)),
  );

  api.get(
    '/api/session/properties',
    {
      schema: {
        tags,
        response: { 200: z.object({ data: z.array(ZPropertyMembership) }), ...problemResponses },
      },
      config: { access: 'authenticated', allowPendingPasswordChange: true },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.kind === 'api_key') return { data: await service.listPropertyOfApiKey(ctx, actor) };
      return { data: await service.listMemberships(db, actor.id) };
    },
  );

  api.post(
    '/api/session/switch_property',
    {
      schema: { tags, querystring: ZSwitchPropertyQuery, response: { 200: ZSession, ...problemResponses } },
      config: { access: 'authenticated' },
    },
    async (request) => {
      const { actor, mustChangePassword } = identityOf(request);
      return service.switchProperty(ctx, actor, request.query.propertyId, mustChangePassword);
    },
  );

  api.post(
    '/api/session/accept_invitation',
    {
      schema: { tags, body: ZAcceptInvitationRequest, response: { 200: ZSession, ...problemResponses } },
      config: { access: 'authenticated' },
    },
    async (request) => service.acceptInvitation(ctx, identityOf(request), request.body),
  );

  api.post(
    '/api/session/update_password',
    {
      schema: { tags, body: ZUpdatePasswordRequest, response: { 204: z.null(), ...problemResponses } },
      config: { access: 'authenticated', allowPendingPasswordChange: true },
    },
    async (request, reply) => {
      await service.updatePassword(ctx, actorOf(request), request.body);
      return reply.status(204).send(null);
    },
  );

  api.patch(
    '/api/session/profile',
    {
      schema: { tags, body: ZUpdateProfileRequest, response: { 200: ZSession, ...problemResponses } },
      config: { access: 'authenticated', allowPendingPasswordChange: true },
    },
    async (request) => service.updateProfile(ctx, identityOf(request), request.body),
  );
}
