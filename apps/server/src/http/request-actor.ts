import type { FastifyRequest } from 'fastify';
import { todayIn } from '@pms/contract';
import type { TGuestActor, TIdentity, TUserActor, TApiKeyActor } from '../actor.ts';
import { AppError } from '../errors.ts';
import type { AppContext } from '../context.ts';

/** The caller of an authenticated route, as the actor its services act for. */
export function actorOf(request: FastifyRequest): TUserActor | TApiKeyActor {
  return identityOf(request).actor;
}

/** The caller with what only the HTTP layer knows of it (the pending password change, the XSRF token). */
export function identityOf(request: FastifyRequest): TIdentity {
  if (!request.auth) throw new AppError('auth/unauthenticated');
  return request.auth;
}

/** The caller's property's today, in the property's time zone that comes with the identity. */
export function todayOf(ctx: AppContext, request: FastifyRequest): string {
  return todayIn(identityOf(request).timeZone, ctx.clock.now());
}

/** The guest of a portal route's booking link, as the portal's services act for them. */
export function guestOf(request: FastifyRequest): TGuestActor {
  if (!request.guest) throw new AppError('auth/unauthenticated');
  return request.guest;
}

/**
 * The context for a route's heavy read (a report, an export, the dashboard's figures): its queries
 * run on the read replica when that holds every change committed before the request, else on the
 * primary (db/replica.ts). `work` must only read.
 */
export function readHeavy<T>(
  ctx: AppContext,
  request: FastifyRequest,
  work: (reading: AppContext) => Promise<T>,
): Promise<T> {
  const { actor, dataVersion } = identityOf(request);
  return ctx.database.reads.read(actor.propertyId, dataVersion, (db) => work({ ...ctx, db }));
}
