import type {
  TAcceptInvitationRequest,
  TLoginRequest,
  TPropertyMembership,
  TSession,
  TUpdatePasswordRequest,
  TUpdateProfileRequest,
} from '@pms/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { dummyPasswordHash, randomToken, sha256 } from '../../lib/crypto.ts';
import { selectProperty } from '../../lib/properties.queries.ts';
import { selectUserByEmail } from '../../lib/users.queries.ts';
import { requireStaff, requireUser, type TActor, type TIdentity } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { findDevice, issueDevice } from './device-cookie.ts';
import type { LoginThrottle } from './login-throttle.ts';
import {
  clearInvitations,
  deleteInvitationById,
  deleteOtherSessions,
  deleteSession,
  deleteUserSessions,
  findSessionIdentity,
  insertMembershipUnlessMember,
  insertSession,
  lockInvitation,
  selectMemberships,
  selectUser,
  setLastProperty,
  updatePasswordHash,
  updateSessionProperty,
  updateUserRow,
} from './session.queries.ts';
import { toPropertyMembership } from '../properties/index.ts';

export const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000;
export type TNewSession = { token: string; xsrfToken: string; session: TSession };

/** The session as the client sees it. */
export function toSession({
  actor,
  mustChangePassword,
}: Pick<TIdentity, 'actor' | 'mustChangePassword'>): TSession {
  const isUser = actor.kind === 'user';
  const language = isUser ? actor.language : null;
  return {
    isApiKey: !isUser,
    subjectId: actor.id,
    propertyId: actor.propertyId,
    email: isUser ? actor.email : null,
    name: actor.name,
    avatarUrl: null,
    language: language === 'de' || language === 'en' ? language : null,
    role: actor.role,
    mustChangePassword,
  };
}

async function startSession(db: Db, userId: string, propertyId: string): Promise<TNewSession> {
  const token = randomToken();
  const xsrfToken = randomToken();
  await insertSession(db, {
    id: sha256(token),
    userId,
    propertyId,
    xsrfToken,
    expiresAt: new Date(Date.now() + sessionLifetimeMs),
  });
  await setLastProperty(db, userId, propertyId);
  const identity = await findSessionIdentity(db, token);
  if (!identity) throw new AppError('auth/invalid_credentials');
  return { token, xsrfToken, session: toSession(identity) };
}

/** From the user's first login after being added, their teams see the account's own name and e-mail. */
async function revealToTeams(db: Db, userId: string): Promise<void> {
  await clearInvitations(db, userId);
}

export type TLogin = TNewSession & { deviceCookie: string };

/**
 * Checks the credentials once the throttle took the attempt (per known device, else per account for
 * every untrusted client), accepts the team invitation the login carries, and opens a new session (a
 * new id at every login) in that invitation's property, else the last used one; the browser becomes a
 * known device of the account. An unknown e-mail address does the same work as a known one: a count
 * taken and a password checked, against a hash of no one's.
 */
export async function login(
  ctx: AppContext,
  throttle: LoginThrottle,
  input: TLoginRequest,
  deviceCookie: string | undefined,
): Promise<TLogin> {
  const { db } = ctx;
  const email = input.email.trim().toLowerCase();
  const now = new Date();
  const user = await selectUserByEmail(db, email);
  const device = user ? findDevice(deviceCookie, user.id, ctx.signingKey, now) : null;
  await throttle.admit(email, device);
  const passwordHash = user?.passwordHash ?? (await dummyPasswordHash());
  const isValid = await ctx.passwords.verify(passwordHash, input.password);
  if (!user || !isValid) throw new AppError('auth/invalid_credentials');
  const joinedId = input.invitationToken ? await joinByInvitation(ctx, user.id, input.invitationToken) : null;
  const memberships = await listMemberships(db, user.id);
  if (memberships.length === 0) throw new AppError('auth/invalid_credentials');
  await throttle.succeeded(email, device);
  await revealToTeams(db, user.id);
  const lastUsedId = memberships.find((m) => m.id === user.lastPropertyId)?.id;
  const propertyId = joinedId ?? lastUsedId ?? memberships[0]!.id;
  const session = await startSession(db, user.id, propertyId);
  return { ...session, deviceCookie: issueDevice(deviceCookie, user.id, ctx.signingKey, now) };
}

/**
 * Accepts a team invitation for the user it was sent to: they join the inviting property's team with
 * the invitation's role, and its team sees the account's own name from now on. Answers the property.
 * Another account's, an unknown, withdrawn or spent invitation is not found; an expired one is gone.
 */
async function joinByInvitation(ctx: AppContext, userId: string, token: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const invitation = await lockInvitation(tx, sha256(token));
    if (!invitation || invitation.userId !== userId) {
      throw new AppError('user/invitation_invalid', 'no such invitation for this account');
    }
    if (invitation.expiresAt <= ctx.clock.now()) {
      throw new AppError('user/invitation_expired', 'the invitation has expired');
    }
    await insertMembershipUnlessMember(tx, {
      propertyId: invitation.propertyId,
      userId,
      roleId: invitation.roleId,
    });
    await deleteInvitationById(tx, invitation.id);
    return invitation.propertyId;
  });
}

/** The signed-in user accepts a team invitation sent to them; the session moves to its property. */
export async function acceptInvitation(
  ctx: AppContext,
  identity: TIdentity,
  input: TAcceptInvitationRequest,
): Promise<TSession> {
  const { actor, mustChangePassword } = identity;
  requireUser(actor);
  const propertyId = await joinByInvitation(ctx, actor.id, input.token);
  return switchProperty(ctx, actor, propertyId, mustChangePassword);
}

export async function logout(ctx: AppContext, actor: TActor): Promise<void> {
  requireStaff(actor);
  const { db } = ctx;
  if (actor.kind === 'user') await deleteSession(db, actor.sessionId);
}

/** The properties a user belongs to, with their role in each. */
export async function listMemberships(db: Db, userId: string): Promise<TPropertyMembership[]> {
  const rows = await selectMemberships(db, userId);
  return rows.map((row) => toPropertyMembership(row.property, row.roleId));
}

/** Moves the session to another of the user's properties; another property answers 404. */
export async function switchProperty(
  ctx: AppContext,
  actor: TActor,
  propertyId: string,
  mustChangePassword: boolean,
): Promise<TSession> {
  if (actor.kind !== 'user') throw new AppError('auth/forbidden', 'API keys belong to one property');
  const { db } = ctx;
  const memberships = await listMemberships(db, actor.id);
  if (!memberships.some((m) => m.id === propertyId))
    throw new AppError('property/not_member', 'property not found');
  await updateSessionProperty(db, actor.sessionId, propertyId);
  await setLastProperty(db, actor.id, propertyId);
  return toSession({
    actor: { ...actor, propertyId, role: memberships.find((m) => m.id === propertyId)!.roleId },
    mustChangePassword,
  });
}

/** Changes the password after checking the current one; other sessions of the user end. */
export async function updatePassword(
  ctx: AppContext,
  actor: TActor,
  input: TUpdatePasswordRequest,
): Promise<void> {
  requireUser(actor);
  const { db } = ctx;
  const user = await selectUser(db, actor.id);
  if (!user || !(await ctx.passwords.verify(user.passwordHash, input.currentPassword))) {
    throw new AppError('auth/wrong_password', 'The current password is wrong.');
  }
  const passwordHash = await ctx.passwords.hash(input.newPassword);
  await db.transaction(async (tx) => {
    await updatePasswordHash(tx, actor.id, passwordHash);
    await deleteOtherSessions(tx, actor.id, actor.sessionId);
  });
}

/** Updates the signed-in user's own name and language. */
export async function updateProfile(
  ctx: AppContext,
  identity: TIdentity,
  input: TUpdateProfileRequest,
): Promise<TSession> {
  const { actor } = identity;
  requireUser(actor);
  const { db } = ctx;
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.language !== undefined ? { language: input.language } : {}),
  };
  // A PATCH naming no field changes nothing: it answers the profile as it is.
  if (Object.keys(changes).length === 0) return toSession(identity);
  const user = await updateUserRow(db, actor.id, changes);
  return toSession({ ...identity, actor: { ...actor, name: user.name, language: user.language } });
}

/** Ends every session of a user (used when they leave a team or their account is removed). */
export async function endSessions(db: Db, userId: string, propertyId?: string): Promise<void> {
  await deleteUserSessions(db, userId, propertyId);
}

/** An API key sees exactly its own property. */
export async function listPropertyOfApiKey(ctx: AppContext, actor: TActor): Promise<TPropertyMembership[]> {
  requireStaff(actor);
  const { db } = ctx;
  const row = await selectProperty(db, actor.propertyId);
  return row ? [toPropertyMembership(row, actor.role)] : [];
}
