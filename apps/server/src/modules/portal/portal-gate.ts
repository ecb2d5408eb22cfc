import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { portalLinkState, ZLinkId } from '@pms/contract';
import type { TGuestActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { selectLink } from './portal.queries.ts';

/** Requests one link may make per window, over all instances. */
export const portalRequestsPerWindow = 300;
export const portalWindowSeconds = 60;

/**
 * The portal's door: the Link-Id header names a booking link, whose state decides whether the guest
 * gets in, and every request of a link takes a point of its counter in the database (the login
 * throttle's store, `rate_limits`), so all instances share the limit.
 */
export class PortalGate {
  private readonly ctx: AppContext;
  private readonly perLink: RateLimiterDrizzle;

  constructor(ctx: AppContext) {
    this.ctx = ctx;
    this.perLink = new RateLimiterDrizzle({
      storeClient: ctx.db,
      schema: rateLimits,
      clearExpiredByTimeout: false,
      keyPrefix: 'portal_link',
      points: portalRequestsPerWindow,
      duration: portalWindowSeconds,
    });
  }

  /** The guest of the link the header names; refuses a missing, unknown, revoked or expired link. */
  readonly admit = async (header: string | string[] | undefined): Promise<TGuestActor> => {
    if (header === undefined || header === '')
      throw new AppError('auth/unauthenticated', 'the Link-Id header is required');
    const linkId = Array.isArray(header) ? undefined : header;
    // A malformed id is no link: it is answered like an unknown one, without a look-up.
    if (!linkId || !ZLinkId.safeParse(linkId).success) throw new AppError('portal/link_not_found');
    const link = await selectLink(this.ctx.db, linkId);
    if (!link) throw new AppError('portal/link_not_found');
    const state = portalLinkState(link, this.ctx.clock.now());
    if (state === 'revoked')
      throw new AppError('portal/link_revoked', 'the property withdrew this link', {
        revokedAt: link.revokedAt!.toISOString(),
      });
    if (state === 'expired')
      throw new AppError('portal/link_expired', 'the stay has ended', {
        expiredAt: link.expiresAt.toISOString(),
      });
    await this.consume(link.id);
    return {
      kind: 'guest',
      // Events name the main guest as who acted; a booking without guests is named by itself.
      id: link.guest?.id ?? link.bookingId,
      propertyId: link.propertyId,
      bookingId: link.bookingId,
      name: link.guest?.name ?? 'Guest',
    };
  };

  private async consume(linkId: string): Promise<void> {
    try {
      await this.perLink.consume(linkId);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new AppError('portal/too_many_requests', 'too many requests for this link', {
        retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
      });
    }
  }
}
