import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { toPaged, type TPageQuery, type TPaged, type TRole } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { propertyUsers, teamInvitations, users } from '../../db/schema/index.ts';
import type { TUserRow } from '../../lib/users.queries.ts';

export type TMembershipRow = typeof propertyUsers.$inferSelect;
export type TInvitationRow = typeof teamInvitations.$inferSelect;
/** A team member, or an account invited to the team, as the team sees them. */
export type TTeamRow = {
  userId: string;
  name: string;
  email: string;
  language: string | null;
  roleId: TRole;
  createdAt: Date;
};

const memberOf = (propertyId: string) =>
  and(eq(propertyUsers.propertyId, propertyId), isNull(propertyUsers.deletedAt), isNull(users.deletedAt));

/**
 * The property's team: its members, with what the administrator typed while the user has not signed
 * in since being added, and the accounts invited to it, with what was typed.
 */
function teamOf(db: Executor, propertyId: string) {
  const isInvited = sql`${propertyUsers.invitedName} is not null`;
  const members = db
    .select({
      userId: sql<string>`${users.id}`.as('user_id'),
      name: sql<string>`case when ${isInvited} then ${propertyUsers.invitedName} else ${users.name} end`.as(
        'name',
      ),
      email:
        sql<string>`case when ${isInvited} then coalesce(${propertyUsers.invitedEmail}, ${users.email}) else ${users.email} end`.as(
          'email',
        ),
      language: sql<
        string | null
      >`case when ${isInvited} then ${propertyUsers.invitedLanguage} else ${users.language} end`.as(
        'language',
      ),
      roleId: sql<TRole>`${propertyUsers.roleId}`.as('role_id'),
      createdAt: sql<Date>`${propertyUsers.createdAt}`.mapWith(propertyUsers.createdAt).as('created_at'),
    })
    .from(propertyUsers)
    .innerJoin(users, eq(users.id, propertyUsers.userId))
    .where(memberOf(propertyId));
  const invited = db
    .select({
      userId: sql<string>`${teamInvitations.userId}`.as('user_id'),
      name: sql<string>`${teamInvitations.invitedName}`.as('name'),
      email: sql<string>`${teamInvitations.invitedEmail}`.as('email'),
      language: sql<string | null>`${teamInvitations.invitedLanguage}`.as('language'),
      roleId: sql<TRole>`${teamInvitations.roleId}`.as('role_id'),
      createdAt: sql<Date>`${teamInvitations.createdAt}`.mapWith(teamInvitations.createdAt).as('created_at'),
    })
    .from(teamInvitations)
    .innerJoin(users, and(eq(users.id, teamInvitations.userId), isNull(users.deletedAt)))
    .where(eq(teamInvitations.propertyId, propertyId));
  return members.unionAll(invited).as('team');
}

/** A page of the property's team (members and invited accounts alike), by the name the team sees. */
export async function selectTeamPage<T>(
  db: Executor,
  propertyId: string,
  page: TPageQuery,
  map: (row: TTeamRow) => T,
): Promise<TPaged<T>> {
  const team = teamOf(db, propertyId);
  const [total] = await db.select({ n: count() }).from(team);
  const rows = await db
    .select()
    .from(team)
    .orderBy(asc(team.name), asc(team.userId))
    .limit(page.pageSize)
    .offset((page.pageNumber - 1) * page.pageSize);
  return toPaged(rows.map(map), total?.n ?? 0, page);
}

/** Stores an account; returns it. */
export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<TUserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Whether the user is a live member of the property. */
export async function isMember(db: Executor, userId: string, propertyId: string): Promise<boolean> {
  const [member] = await db
    .select({ id: propertyUsers.id })
    .from(propertyUsers)
    .where(
      and(
        eq(propertyUsers.userId, userId),
        eq(propertyUsers.propertyId, propertyId),
        isNull(propertyUsers.deletedAt),
      ),
    );
  return Boolean(member);
}

/** Adds a user to a property; returns the membership. */
export async function insertMembership(
  db: Executor,
  values: typeof propertyUsers.$inferInsert,
): Promise<TMembershipRow> {
  const [row] = await db.insert(propertyUsers).values(values).returning();
  return row!;
}

/**
 * The property's live administrators with a live account, their memberships locked for update, so that
 * two removals at once cannot each leave the other's administrator as the last.
 */
export async function selectAdminIdsForUpdate(db: Executor, propertyId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: propertyUsers.userId })
    .from(propertyUsers)
    .innerJoin(users, and(eq(users.id, propertyUsers.userId), isNull(users.deletedAt)))
    .where(
      and(
        eq(propertyUsers.propertyId, propertyId),
        eq(propertyUsers.roleId, 'admin'),
        isNull(propertyUsers.deletedAt),
      ),
    )
    .for('update', { of: propertyUsers });
  return rows.map((row) => row.userId);
}

/** Ends a user's live membership of the property (softly); whether there was one. */
export async function markMembershipDeleted(
  db: Executor,
  userId: string,
  propertyId: string,
  now: Date,
): Promise<boolean> {
  const removed = await db
    .update(propertyUsers)
    .set({ deletedAt: now })
    .where(
      and(
        eq(propertyUsers.userId, userId),
        eq(propertyUsers.propertyId, propertyId),
        isNull(propertyUsers.deletedAt),
      ),
    )
    .returning({ id: propertyUsers.id });
  return removed.length > 0;
}

/** Whether the account has an invitation to the property (expired or not: the team lists it until removed). */
export async function isInvited(db: Executor, userId: string, propertyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.userId, userId), eq(teamInvitations.propertyId, propertyId)));
  return Boolean(row);
}

/** Stores an invitation and returns it, or null when the account has one to the property already. */
export async function insertInvitation(
  db: Executor,
  values: typeof teamInvitations.$inferInsert,
): Promise<TInvitationRow | null> {
  const [row] = await db.insert(teamInvitations).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Withdraws the account's invitation to the property; whether there was one. */
export async function deleteInvitation(db: Executor, userId: string, propertyId: string): Promise<boolean> {
  const deleted = await db
    .delete(teamInvitations)
    .where(and(eq(teamInvitations.userId, userId), eq(teamInvitations.propertyId, propertyId)))
    .returning({ id: teamInvitations.id });
  return deleted.length > 0;
}
