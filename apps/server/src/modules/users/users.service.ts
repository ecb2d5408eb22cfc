import {
  type TCreateUserRequest,
  type TCreateUserResponse,
  type TPageQuery,
  type TPaged,
  type TTeamUser,
} from '@pms/contract';
import { AppError, notFound } from '../../errors.ts';
import { hashPassword, randomToken } from '../../lib/crypto.ts';
import { selectUserByEmail } from '../../lib/users.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { endSessions } from '../session/session.service.ts';
import {
  insertMembership,
  insertUser,
  isMember,
  markMembershipDeleted,
  selectAdminIdsForUpdate,
  selectTeamPage,
  type TMemberRow,
} from './users.queries.ts';

/**
 * A team member as the team sees them: while the user has not signed in since being added, what the
 * administrator typed, so adding an existing account's e-mail reveals nothing of the account.
 */
function toTeamUser({ membership, user }: TMemberRow): TTeamUser {
  const isInvited = membership.invitedName !== null;
  const name = isInvited ? membership.invitedName! : user.name;
  const email = isInvited ? (membership.invitedEmail ?? user.email) : user.email;
  const storedLanguage = isInvited ? membership.invitedLanguage : user.language;
  const language = storedLanguage === 'de' || storedLanguage === 'en' ? storedLanguage : null;
  return {
    id: user.id,
    userId: user.id,
    user: { id: user.id, email, name, language },
    email,
    name,
    roleId: membership.roleId,
    createdAt: membership.createdAt.toISOString(),
  };
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
 * Adds a user to the current property's team. The answer looks the same whether the e-mail address
 * had an account or not: what was typed, and a one-time password, which is the new account's
 * password or, for an existing account, works for nothing (its owner signs in as before).
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
  const passwordHash = await hashPassword(defaultPassword);
  return db.transaction(async (tx) => {
    let user = await selectUserByEmail(tx, email);
    if (!user) {
      user = await insertUser(tx, {
        email,
        name: input.name,
        language: input.language ?? null,
        passwordHash,
        mustChangePassword: true,
      });
    } else if (await isMember(tx, user.id, actor.propertyId)) {
      throw new AppError('property/user_already_assigned');
    }
    const membership = await insertMembership(tx, {
      propertyId: actor.propertyId,
      userId: user.id,
      roleId: input.roleId,
      invitedName: input.name,
      invitedEmail: email,
      invitedLanguage: input.language ?? null,
    });
    return { ...toTeamUser({ membership, user }), defaultPassword };
  });
}

/**
 * Removes a user from the current property's team and ends their sessions there. The last human
 * administrator stays: no caller (an API key least of all) can leave a property without one.
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
    const isRemoved = await markMembershipDeleted(tx, userId, actor.propertyId, ctx.clock.now());
    if (!isRemoved) throw notFound('user');
  });
  await endSessions(db, userId, actor.propertyId);
}
