import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  toPaged,
  type TCreateUserRequest,
  type TCreateUserResponse,
  type TPageQuery,
  type TPaged,
  type TTeamUser,
} from '@pms/contract';
import { propertyUsers, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { hashPassword, randomToken } from '../../lib/crypto.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { endSessions } from '../session/session.service.ts';

type TMemberRow = { membership: typeof propertyUsers.$inferSelect; user: typeof users.$inferSelect };

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

const memberOf = (propertyId: string) =>
  and(eq(propertyUsers.propertyId, propertyId), isNull(propertyUsers.deletedAt), isNull(users.deletedAt));

/** The team of the current property. */
export async function listTeam(ctx: AppContext, actor: TActor, page: TPageQuery): Promise<TPaged<TTeamUser>> {
  requireAccess(actor, 'team', 'read');
  const { db } = ctx;
  const where = memberOf(actor.propertyId);
  const [total] = await db
    .select({ n: count() })
    .from(propertyUsers)
    .innerJoin(users, eq(users.id, propertyUsers.userId))
    .where(where);
  const rows = await db
    .select({ membership: propertyUsers, user: users })
    .from(propertyUsers)
    .innerJoin(users, eq(users.id, propertyUsers.userId))
    .where(where)
    .orderBy(asc(sql`coalesce(${propertyUsers.invitedName}, ${users.name})`), asc(users.id))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
  return toPaged(rows.map(toTeamUser), total?.n ?? 0, page);
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
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)))
      .limit(1);
    let user = existing;
    if (!user) {
      [user] = await tx
        .insert(users)
        .values({
          email,
          name: input.name,
          language: input.language ?? null,
          passwordHash,
          mustChangePassword: true,
        })
        .returning();
    } else {
      const [member] = await tx
        .select({ id: propertyUsers.id })
        .from(propertyUsers)
        .where(
          and(
            eq(propertyUsers.userId, user.id),
            eq(propertyUsers.propertyId, actor.propertyId),
            isNull(propertyUsers.deletedAt),
          ),
        );
      if (member) throw new AppError('property/user_already_assigned');
    }
    const [membership] = await tx
      .insert(propertyUsers)
      .values({
        propertyId: actor.propertyId,
        userId: user!.id,
        roleId: input.roleId,
        invitedName: input.name,
        invitedEmail: email,
        invitedLanguage: input.language ?? null,
      })
      .returning();
    return { ...toTeamUser({ membership: membership!, user: user! }), defaultPassword };
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
    const admins = await tx
      .select({ userId: propertyUsers.userId })
      .from(propertyUsers)
      .innerJoin(users, and(eq(users.id, propertyUsers.userId), isNull(users.deletedAt)))
      .where(
        and(
          eq(propertyUsers.propertyId, actor.propertyId),
          eq(propertyUsers.roleId, 'admin'),
          isNull(propertyUsers.deletedAt),
        ),
      )
      .for('update', { of: propertyUsers });
    if (admins.length === 1 && admins[0]!.userId === userId) {
      throw new AppError('user/last_admin', 'The last administrator of a property cannot be removed.');
    }
    const removed = await tx
      .update(propertyUsers)
      .set({ deletedAt: ctx.clock.now() })
      .where(
        and(
          eq(propertyUsers.userId, userId),
          eq(propertyUsers.propertyId, actor.propertyId),
          isNull(propertyUsers.deletedAt),
        ),
      )
      .returning({ id: propertyUsers.id });
    if (removed.length === 0) throw notFound('user');
  });
  await endSessions(db, userId, actor.propertyId);
}
