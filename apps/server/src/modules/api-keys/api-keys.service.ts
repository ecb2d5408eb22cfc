import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  isRoleWithin,
  type TApiKey,
  type TCreateApiKeyRequest,
  type TCreatedApiKey,
  type TPageQuery,
  type TPaged,
  type TRole,
  type TUpdateApiKeyRequest,
} from '@pms/contract';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { selectPage } from '../../lib/paging.ts';
import { toRecord } from '../../lib/records.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { registerConstraintCode } from '../../plugins/problem.ts';

// A secret the client chose that another key already has cannot be stored twice.
registerConstraintCode('api_keys_secret_key', 'validation', {
  path: 'body/secret',
  message: 'choose another secret',
});

type TApiKeyRow = typeof apiKeys.$inferSelect;

function toApiKey(row: TApiKeyRow): TApiKey {
  return {
    ...toRecord(row),
    name: row.name,
    roleId: row.roleId,
    prefix: row.prefix,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

const ofProperty = (auth: TAuth, id?: string) =>
  and(
    eq(apiKeys.propertyId, auth.propertyId),
    isNull(apiKeys.deletedAt),
    id ? eq(apiKeys.id, id) : undefined,
  );

/** A key gets no right its creator lacks, whether the creator is a user or another key. */
function assertWithinCaller(auth: TAuth, roleId: TRole): void {
  if (!isRoleWithin(roleId, auth.role)) {
    throw new AppError('auth/forbidden', `A ${auth.role} cannot give a key the role ${roleId}.`);
  }
}

/** Creates a key; the secret is generated when none is given, returned once and stored only hashed. */
export async function createApiKey(
  db: Db,
  auth: TAuth,
  input: TCreateApiKeyRequest,
): Promise<TCreatedApiKey> {
  assertWithinCaller(auth, input.roleId);
  const secret = input.secret ?? `pms_${randomToken(32)}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      propertyId: auth.propertyId,
      name: input.name,
      roleId: input.roleId,
      prefix: secret.slice(0, 8),
      secretHash: sha256(secret),
    })
    .returning();
  return { ...toApiKey(row!), secret };
}

export function listApiKeys(db: Db, auth: TAuth, page: TPageQuery): Promise<TPaged<TApiKey>> {
  return selectPage(db, apiKeys, ofProperty(auth), [desc(apiKeys.createdAt)], page, toApiKey);
}

export async function getApiKey(db: Db, auth: TAuth, id: string): Promise<TApiKey> {
  const [row] = await db.select().from(apiKeys).where(ofProperty(auth, id));
  if (!row) throw notFound('API key');
  return toApiKey(row);
}

export async function updateApiKey(
  db: Db,
  auth: TAuth,
  id: string,
  input: TUpdateApiKeyRequest,
): Promise<TApiKey> {
  assertWithinCaller(auth, input.roleId);
  const [row] = await db.update(apiKeys).set(input).where(ofProperty(auth, id)).returning();
  if (!row) throw notFound('API key');
  return toApiKey(row);
}

/** Revokes a key at once: it authenticates nothing from then on. */
export async function deleteApiKey(db: Db, auth: TAuth, id: string): Promise<void> {
  const rows = await db
    .update(apiKeys)
    .set({ deletedAt: new Date() })
    .where(ofProperty(auth, id))
    .returning();
  if (rows.length === 0) throw notFound('API key');
}
