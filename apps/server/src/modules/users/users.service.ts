import {
  type TCreateUserRequest,
  type TCreateUserResponse,
  type TLanguage,
  type TPageQuery,
  type TPaged,
  type TRole,
  type TTeamUser,
} from '@pms/contract';
import { AppError, notFound } from '../../errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { selectUserByEmail } from '../../lib/users.queries.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { queueTeamInvitation } from '../mail/index.ts';
import { endSessions } from '../session/index.ts';
import {
  deleteInvitation,
  insertInvitation,
  insertMembership,
  insertUser,
  isInvited,
  isMember,
  markMembershipDeleted,
  selectAdminIdsForUpdate,
  selectTeamPage,
  type TTeamRow,
} from './users.queries.ts';

/** How long a team invitation can be accepted. */
export const invitationLifetimeMs = 14 * 24 * 60 * 60 * 1000;

function toLanguage(value: string | null): TLanguage | null {
  return value === 'de' || value === 'en' ? value : null;
}

/**
 * A team member as the team sees them: while the user has not signed in since being added, or has
 * not yet accepted an invitation, what the administrator typed, so adding an existing account's
 * e-mail reveals nothing of the account.
 */
function toTeamUser({ userId, name, email, language, roleId, createdAt }: TTeamRow): TTeamUser {
  return {
    id: userId,
    userId,
    user: { id: userId, email, name, language: toLanguage(language) },
    email,
    name,
    roleId,
    createdAt: createdAt.toISOString(),
  };
}

/** The link of an invitation, to the web app's screen that accepts it. */
function invitationUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl.replace(/\/$/, '')}/team-invitation?token=${token}`;
}

/** The team of the current property. */
export async function listTeam(ctx: AppContext, actor: TActor, page: TPageQuery): Promise<TPaged<TTeamUser>> {
  requireAccess(actor, 'team', 'read');
  const { db } = ctx;
  return selectTeamPage(db, actor.propertyId, page, toTeamUser);
}

/** A readable one-time password for a new team member, who must change it at first login. */
export function generateDefaultPassword(): string {
  return randomToken(12);
}

/**
 * Adds a person to the current property's team. A new e-mail address gets an account, a member of the
 * team from now on, whose one-time password the answer carries. An existing account is never attached
 * without its owner's consent: it is mailed an invitation and joins when it accepts. The answer looks
 * the same either way (what was typed, and a one-time password that opens nothing for an existing
 * account), and so does the team list, so it tells nobody whether, or as whom, the address is known.
 */
export async function addTeamUser(
  ctx: AppContext,
  actor: TActor,
  input: TCreateUserRequest,
): Promise<TCreateUserResponse> {
  requireAccess(actor, 'team', 'write');
  const { db } = ctx;
  const email = input.email.trim().toLowerCase();
  const defaultPassword = generateDefaultPassword();
  // Hashed either way, so the answer takes as long for an existing account as for a new one.
  const passwordHash = await ctx.passwords.hash(defaultPassword);
  const typed = { invitedName: input.name, invitedEmail: email, invitedLanguage: input.language ?? null };
  return db.transaction(async (tx) => {
    const existing = await selectUserByEmail(tx, email);
    if (!existing) {
      const user = await insertUser(tx, {
        email,
        name: input.name,
        language: input.language ?? null,
        passwordHash,
        mustChangePassword: true,
      });
      const membership = await insertMembership(tx, {
        propertyId: actor.propertyId,
        userId: user.id,
        roleId: input.roleId,
        ...typed,
      });
      return { ...toTeamUser(teamRowOf(user.id, typed, membership)), defaultPassword };
    }
    const isInTeam =
      (await isMember(tx, existing.id, actor.propertyId)) ||
      (await isInvited(tx, existing.id, actor.propertyId));
    if (isInTeam) throw new AppError('property/user_already_assigned');
    const token = randomToken(32);
    const expiresAt = new Date(ctx.clock.now().getTime() + invitationLifetimeMs);
    // Null when another request invited the account at the same moment (the database's unique key).
    const invitation = await insertInvitation(tx, {
      propertyId: actor.propertyId,
      userId: existing.id,
      roleId: input.roleId,
      ...typed,
      tokenHash: sha256(token),
      createdAt: ctx.clock.now(),
      expiresAt,
    });
    if (!invitation) throw new AppError('property/user_already_assigned');
    await queueTeamInvitation(ctx, tx, {
      propertyId: actor.propertyId,
      to: existing.email,
      language: toLanguage(existing.language) ?? input.language ?? 'de',
      roleId: input.roleId,
      link: invitationUrl(ctx, token),
      expiresAt,
    });
    return { ...toTeamUser(teamRowOf(existing.id, typed, invitation)), defaultPassword };
  });
}

function teamRowOf(
  userId: string,
  typed: { invitedName: string; invitedEmail: string; invitedLanguage: string | null },
  added: { roleId: TRole; createdAt: Date },
): TTeamRow {
  return {
    userId,
    name: typed.invitedName,
    email: typed.invitedEmail,
    language: typed.invitedLanguage,
    roleId: added.roleId,
    createdAt: added.createdAt,
  };
}

/**
 * Removes a user from the current property's team, or withdraws their invitation, and ends their
 * sessions there. The last human administrator stays: no caller (an API key least of all) can leave a
 * property without one.
 */
export async function removeTeamUser(ctx: AppContext, actor: TActor, userId: string): Promise<void> {
  requireAccess(actor, 'team', 'write');
  const { db } = ctx;
  if (actor.kind === 'user' && userId === actor.id) throw new AppError('user/cannot_remove_self');
  await db.transaction(async (tx) => {
    // Locked, so that two removals at once cannot each leave the other's administrator as the last.
    const adminIds = await selectAdminIdsForUpdate(tx, actor.propertyId);
    if (adminIds.length === 1 && adminIds[0] === userId) {
      throw new AppError('user/last_admin', 'The last administrator of a property cannot be removed.');
    }
    const isRemoved =
      (await markMembershipDeleted(tx, userId, actor.propertyId, ctx.clock.now())) ||
      (await deleteInvitation(tx, userId, actor.propertyId));
    if (!isRemoved) throw notFound('user');
  });
  await endSessions(db, userId, actor.propertyId);
}
