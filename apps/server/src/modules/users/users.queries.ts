import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { toPaged, type TPageQuery, type TPaged } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { propertyUsers, users } from '../../db/schema/index.ts';
import type { TUserRow } from '../../lib/users.ts';

export type TMembershipRow = typeof propertyUsers.$inferSelect;
export type TMemberRow = { membership: TMembershipRow; user: TUserRow };

const memberOf = (propertyId: string) =>
  and(eq(propertyUsers.propertyId, propertyId), isNull(propertyUsers.deletedAt), isNull(users.deletedAt));

/** A page of the property's team, by the name the team sees. */
export async function selectTeamPage<T>(
  db: Executor,
  propertyId: string,
  page: TPageQuery,
  map: (row: TMemberRow) => T,
): Promise<TPaged<T>> {
  const where = memberOf(propertyId);
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
