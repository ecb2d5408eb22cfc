import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  apiKeys,
  properties,
  propertyUsers,
  propertyVersions,
  sessions,
  users,
} from '../../db/schema/index.ts';
import { sha256 } from '../../lib/crypto.ts';
import type { TIdentity } from '../../actor.ts';

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
    });
  if (!row) return null;
  return {
    actor: { kind: 'api_key', id: row.id, propertyId: row.propertyId, role: row.roleId, name: row.name },
    mustChangePassword: false,
    xsrfToken: null,
    timeZone: row.timeZone,
    dataVersion: row.dataVersion === null ? null : Number(row.dataVersion),
  };
}
