import { and, asc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { TRole } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import {
  apiKeys,
  loginFailures,
  properties,
  propertyUsers,
  propertyVersions,
  rateLimits,
  sessions,
  teamInvitations,
  users,
} from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { TUserRow } from '../../lib/users.queries.ts';
import type { TIdentity } from '../../actor.ts';

type TUserChanges = Partial<Pick<TUserRow, 'name' | 'language'>>;

/** A session's identity with the moment the session ends. */
export type TSessionIdentity = TIdentity & { expiresAt: Date };

/**
 * The signed-in user behind a session token, as long as they still belong to the session's property;
 * with the property's time zone and data version, in the same statement.
 */
export async function findSessionIdentity(db: Executor, token: string): Promise<TSessionIdentity | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      xsrfToken: sessions.xsrfToken,
      userId: users.id,
      propertyId: sessions.propertyId,
      role: propertyUsers.roleId,
      name: users.name,
      email: users.email,
      language: users.language,
      mustChangePassword: users.mustChangePassword,
      expiresAt: sessions.expiresAt,
      timeZone: properties.timeZone,
      dataVersion: propertyVersions.version,
      bookingsVersion: propertyVersions.bookingsVersion,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), isNull(users.deletedAt)))
    .innerJoin(
      propertyUsers,
      and(
        eq(propertyUsers.userId, sessions.userId),
        eq(propertyUsers.propertyId, sessions.propertyId),
        isNull(propertyUsers.deletedAt),
      ),
    )
    .innerJoin(properties, and(eq(properties.id, sessions.propertyId), isNull(properties.deletedAt)))
    .leftJoin(propertyVersions, eq(propertyVersions.propertyId, sessions.propertyId))
    .where(and(eq(sessions.id, sha256(token)), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (!row) return null;
  return {
    actor: {
      kind: 'user',
      id: row.userId,
      propertyId: row.propertyId,
      role: row.role,
      name: row.name,
      email: row.email,
      language: row.language,
      sessionId: row.sessionId,
    },
    mustChangePassword: row.mustChangePassword,
    xsrfToken: row.xsrfToken,
    expiresAt: row.expiresAt,
    timeZone: row.timeZone,
    dataVersion: row.dataVersion,
    bookingsVersion: row.bookingsVersion,
  };
}

/** The API key behind a bearer secret; records when it was last used. */
export async function findApiKeyIdentity(db: Executor, secret: string): Promise<TIdentity | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.secretHash, sha256(secret)), isNull(apiKeys.deletedAt)))
    .returning({
      id: apiKeys.id,
      propertyId: apiKeys.propertyId,
      roleId: apiKeys.roleId,
      name: apiKeys.name,
      // Drizzle names the columns of RETURNING without their table: the key's property is spelled out.
      timeZone: sql<string>`(select p.time_zone from ${properties} p where p.id = "api_keys"."property_id")`,
      dataVersion: sql<
        string | null
      >`(select v.version from ${propertyVersions} v where v.property_id = "api_keys"."property_id")`,
      bookingsVersion: sql<
        string | null
      >`(select v.bookings_version from ${propertyVersions} v where v.property_id = "api_keys"."property_id")`,
    });
  if (!row) return null;
  return {
    actor: { kind: 'api_key', id: row.id, propertyId: row.propertyId, role: row.roleId, name: row.name },
    mustChangePassword: false,
    xsrfToken: null,
    timeZone: row.timeZone,
    dataVersion: row.dataVersion === null ? null : Number(row.dataVersion),
    bookingsVersion: row.bookingsVersion === null ? null : Number(row.bookingsVersion),
  };
}

/** Stores a session (its id is the hash of the token the client holds). */
export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** Moves a session to another property. */
export async function updateSessionProperty(
  db: Executor,
  sessionId: string,
  propertyId: string,
): Promise<void> {
  await db.update(sessions).set({ propertyId }).where(eq(sessions.id, sessionId));
}

/** Ends one session. */
export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user but one. */
export async function deleteOtherSessions(
  db: Executor,
  userId: string,
  keptSessionId: string,
): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keptSessionId}`));
}

/** Ends every session of a user, or those in one property. */
export async function deleteUserSessions(db: Executor, userId: string, propertyId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), propertyId ? eq(sessions.propertyId, propertyId) : undefined));
}

/** Remembers the property a user last worked in, where their next login starts. */
export async function setLastProperty(db: Executor, userId: string, propertyId: string): Promise<void> {
  await db.update(users).set({ lastPropertyId: propertyId }).where(eq(users.id, userId));
}

/** Forgets what the administrators typed when adding the user to their teams. */
export async function clearInvitations(db: Executor, userId: string): Promise<void> {
  await db
    .update(propertyUsers)
    .set({ invitedName: null, invitedEmail: null, invitedLanguage: null })
    .where(and(eq(propertyUsers.userId, userId), isNotNull(propertyUsers.invitedName)));
}

/** The live properties a user is a live member of, with their role, by name. */
export function selectMemberships(db: Executor, userId: string) {
  return db
    .select({ property: properties, roleId: propertyUsers.roleId })
    .from(propertyUsers)
    .innerJoin(properties, and(eq(properties.id, propertyUsers.propertyId), isNull(properties.deletedAt)))
    .where(and(eq(propertyUsers.userId, userId), isNull(propertyUsers.deletedAt)))
    .orderBy(asc(properties.name));
}

/** A user by id, deleted or not, or undefined. */
export async function selectUser(db: Executor, userId: string): Promise<TUserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** Stores a new password hash; the password chosen, nothing more needs changing. */
export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, userId));
}

/** Changes a user's own name or language; returns the user. */
export async function updateUserRow(db: Executor, userId: string, changes: TUserChanges): Promise<TUserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row!;
}

/** Drops the portal's request counters that have expired. */
export async function deleteExpiredRateLimits(db: Executor, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, now));
}

type TLoginFailureKey = { account: string; device: string };

const failureKeyIs = ({ account, device }: TLoginFailureKey) =>
  and(eq(loginFailures.account, account), eq(loginFailures.device, device));

/**
 * Takes one failure of the key's window, unless `cap` are taken already in a window that has not
 * ended (a window that ended starts afresh): whether it was taken. One statement, so concurrent
 * attempts on any instance queue on the row and never take more than the cap.
 */
export async function takeLoginFailure(
  db: Executor,
  key: TLoginFailureKey,
  { cap, now, windowEndsAt }: { cap: number; now: Date; windowEndsAt: Date },
): Promise<boolean> {
  const hasEnded = sql`${loginFailures.windowEndsAt} <= ${sql.param(now, loginFailures.windowEndsAt)}`;
  const taken = await db
    .insert(loginFailures)
    .values({ ...key, failures: 1, windowEndsAt })
    .onConflictDoUpdate({
      target: [loginFailures.account, loginFailures.device],
      set: {
        failures: sql`case when ${hasEnded} then 1 else ${loginFailures.failures} + 1 end`,
        windowEndsAt: sql`case when ${hasEnded} then ${sql.param(windowEndsAt, loginFailures.windowEndsAt)} else ${loginFailures.windowEndsAt} end`,
      },
      setWhere: sql`${hasEnded} or ${loginFailures.failures} < ${cap}`,
    })
    .returning({ failures: loginFailures.failures });
  return taken.length > 0;
}

/** When the key's window ends, if it has a count. */
export async function selectLoginFailureWindowEnd(db: Executor, key: TLoginFailureKey): Promise<Date | null> {
  const [row] = await db
    .select({ windowEndsAt: loginFailures.windowEndsAt })
    .from(loginFailures)
    .where(failureKeyIs(key));
  return row?.windowEndsAt ?? null;
}

/** Forgets the key's failures. */
export async function clearLoginFailures(db: Executor, key: TLoginFailureKey): Promise<void> {
  await db.delete(loginFailures).where(failureKeyIs(key));
}

/** Drops the failure counts whose window ended. */
export async function deleteExpiredLoginFailures(db: Executor, now: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.windowEndsAt, now));
}

/** A team invitation by its token's hash, locked until the transaction ends, if its property is live. */
export async function lockInvitation(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: teamInvitations.id,
      propertyId: teamInvitations.propertyId,
      userId: teamInvitations.userId,
      roleId: teamInvitations.roleId,
      expiresAt: teamInvitations.expiresAt,
    })
    .from(teamInvitations)
    .innerJoin(properties, and(eq(properties.id, teamInvitations.propertyId), isNull(properties.deletedAt)))
    .where(eq(teamInvitations.tokenHash, tokenHash))
    .for('update', { of: teamInvitations });
  return row;
}

/** Makes the user a member of the property with the role, unless they are one already. */
export async function insertMembershipUnlessMember(
  db: Executor,
  values: { propertyId: string; userId: string; roleId: TRole },
): Promise<void> {
  await db.insert(propertyUsers).values(values).onConflictDoNothing();
}

/** Deletes a team invitation: it was accepted. */
export async function deleteInvitationById(db: Executor, invitationId: string): Promise<void> {
  await db.delete(teamInvitations).where(eq(teamInvitations.id, invitationId));
}
