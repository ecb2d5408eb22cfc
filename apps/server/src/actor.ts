import { can, type TAccess, type TArea, type TRole } from '@pms/contract';
import { AppError } from './errors.ts';

/** A signed-in staff user, acting in the property of their session. */
export type TUserActor = {
  kind: 'user';
  id: string;
  propertyId: string;
  role: TRole;
  name: string;
  email: string;
  language: string | null;
  sessionId: string;
};

/** An API key: a role within one property, like a user without a session. */
export type TApiKeyActor = { kind: 'api_key'; id: string; propertyId: string; role: TRole; name: string };

/** A guest through a booking's portal link: that one booking, and no staff area. */
export type TGuestActor = { kind: 'guest'; id: string; propertyId: string; bookingId: string; name: string };

/** A background job of the server itself, acting for one property with every right. */
export type TSystemActor = {
  kind: 'system';
  id: null;
  propertyId: string;
  role: 'admin';
  name: 'System';
  job: string;
};

/** Whoever a service acts for. */
export type TActor = TUserActor | TApiKeyActor | TGuestActor | TSystemActor;

/** An actor the role matrix speaks about: staff (a user or an API key) or the system. */
export type TRoleActor = TUserActor | TApiKeyActor | TSystemActor;

/** The request's caller as the session or API key look-up finds it, with what only the HTTP layer checks. */
export type TIdentity = {
  actor: TUserActor | TApiKeyActor;
  mustChangePassword: boolean;
  xsrfToken: string | null;
  /** The time zone of the actor's property: its today. */
  timeZone: string;
  /** How often the property's data has changed (`property_versions`); answers are cached under it. */
  dataVersion: number | null;
  /** The data version of the last change the bookings' answers may show; the bookings list is cached under it. */
  bookingsVersion: number | null;
};

/** The identity of a signed-in user (a session, not an API key). */
export type TUserIdentity = TIdentity & { actor: TUserActor };

/** The system actor a job acts as in one property. */
export function systemActor(propertyId: string, job: string): TSystemActor {
  return { kind: 'system', id: null, propertyId, role: 'admin', name: 'System', job };
}

/**
 * The check at the top of every service call: the actor's role may use the area with that access.
 * A guest has none of the staff areas.
 */
export function requireAccess(actor: TActor, area: TArea, access: TAccess): asserts actor is TRoleActor {
  if (actor.kind === 'guest' || !can(actor.role, area, access)) throw new AppError('auth/forbidden');
}

/**
 * For a booking's own data: staff whose role may use the area, or the guest holding that very
 * booking's link (another booking is not found, as ids reveal nothing).
 */
export function requireBookingAccess(actor: TActor, area: TArea, access: TAccess, bookingId: string): void {
  if (actor.kind === 'guest') {
    if (actor.bookingId !== bookingId) throw new AppError('not_found', 'booking not found');
    return;
  }
  requireAccess(actor, area, access);
}

/** For the portal's calls: only the guest of a booking link. */
export function requireGuest(actor: TActor): asserts actor is TGuestActor {
  if (actor.kind !== 'guest') throw new AppError('auth/forbidden');
}

/** For calls that only staff may make, whatever their role (their own session, their properties). */
export function requireStaff(actor: TActor): asserts actor is TUserActor | TApiKeyActor {
  if (actor.kind !== 'user' && actor.kind !== 'api_key') throw new AppError('auth/forbidden');
}

/** For calls about a signed-in user's own account and session. */
export function requireUser(actor: TActor): asserts actor is TUserActor {
  if (actor.kind !== 'user') throw new AppError('auth/forbidden');
}
