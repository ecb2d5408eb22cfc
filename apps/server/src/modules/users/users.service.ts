import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import {
  toPaged,
  type TCreateUserRequest,
  type TCreateUserResponse,
  type TPageQuery,
  type TPaged,
  type TTeamUser,
} from '@pms/contract';
import type { Db } from '../../db/client.ts';
import { propertyUsers, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { hashPassword, randomToken } from '../../lib/crypto.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { endSessions } from '../session/session.service.ts';

type TMemberRow = { membership: typeof propertyUsers.$inferSelect; user: typeof users.$inferSelect };

function toTeamUser({ membership, user }: TMemberRow): TTeamUser {
  const language = user.language === 'de' || user.language === 'en' ? user.language : null;
  return {
    id: user.id,
    userId: user.id,
    user: { id: user.id, email: user.email, name: user.name, language },
    email: user.email,
    name: user.name,
    roleId: membership.roleId,
    createdAt: membership.createdAt.toISOString(),
  };
}

const memberOf = (propertyId: string) =>
  and(eq(propertyUsers.propertyId, propertyId), isNull(propertyUsers.deletedAt), isNull(users.deletedAt));

/** The team of the current property. */
export async function listTeam(db: Db, auth: TAuth, page: TPageQuery): Promise<TPaged<TTeamUser>> {
  const where = memberOf(auth.propertyId);
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
    .orderBy(asc(users.name))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
  return toPaged(rows.map(toTeamUser), total?.n ?? 0, page);
}

/** A readable one-time password for a new team member, who must change it at first login. */
export function generateDefaultPassword(): string {
  return randomToken(12);
}

/** Adds a user to the current property's team, creating the account with a default password when new. */
export async function addTeamUser(
  db: Db,
  auth: TAuth,
  input: TCreateUserRequest,
): Promise<TCreateUserResponse> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)))
      .limit(1);
    let user = existing;
    let defaultPassword: string | null = null;
    if (!user) {
      defaultPassword = generateDefaultPassword();
      [user] = await tx
        .insert(users)
        .values({
          email,
          name: input.name,
          language: input.language ?? null,
          passwordHash: await hashPassword(defaultPassword),
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
            eq(propertyUsers.propertyId, auth.propertyId),
            isNull(propertyUsers.deletedAt),
          ),
        );
      if (member) throw new AppError('property/user_already_assigned');
    }
    const [membership] = await tx
      .insert(propertyUsers)
      .values({ propertyId: auth.propertyId, userId: user!.id, roleId: input.roleId })
      .returning();
    return { ...toTeamUser({ membership: membership!, user: user! }), defaultPassword };
  });
}

/** Removes a user from the current property's team and ends their sessions there. */
export async function removeTeamUser(db: Db, auth: TAuth, userId: string): Promise<void> {
  if (!auth.isApiKey && userId === auth.subjectId) throw new AppError('user/cannot_remove_self');
  const removed = await db
    .update(propertyUsers)
    .set({ deletedAt: new Date() })
    .where(
      and(
        eq(propertyUsers.userId, userId),
        eq(propertyUsers.propertyId, auth.propertyId),
        isNull(propertyUsers.deletedAt),
      ),
    )
    .returning({ id: propertyUsers.id });
  if (removed.length === 0) throw notFound('user');
  await endSessions(db, userId, auth.propertyId);
}
