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
import { apiKeys } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { selectPage } from '../../lib/paging.ts';
import { toRecord } from '../../lib/records.ts';
import { requireAccess, type TActor, type TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';

// A secret the client chose that another key already has cannot be stored twice.
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

const ofProperty = (actor: TRoleActor, id?: string) =>
  and(
    eq(apiKeys.propertyId, actor.propertyId),
    isNull(apiKeys.deletedAt),
    id ? eq(apiKeys.id, id) : undefined,
  );

/** A key gets no right its creator lacks, whether the creator is a user or another key. */
function assertWithinCaller(actor: TRoleActor, roleId: TRole): void {
  if (!isRoleWithin(roleId, actor.role)) {
    throw new AppError('auth/forbidden', `A ${actor.role} cannot give a key the role ${roleId}.`);
  }
}

/** Creates a key; the secret is generated when none is given, returned once and stored only hashed. */
export async function createApiKey(
  ctx: AppContext,
  actor: TActor,
  input: TCreateApiKeyRequest,
): Promise<TCreatedApiKey> {
  requireAccess(actor, 'apiKeys', 'write');
  const { db } = ctx;
  assertWithinCaller(actor, input.roleId);
  const secret = input.secret ?? `pms_${randomToken(32)}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      propertyId: actor.propertyId,
      name: input.name,
      roleId: input.roleId,
      prefix: secret.slice(0, 8),
      secretHash: sha256(secret),
    })
    .returning();
  return { ...toApiKey(row!), secret };
}

export function listApiKeys(ctx: AppContext, actor: TActor, page: TPageQuery): Promise<TPaged<TApiKey>> {
  requireAccess(actor, 'apiKeys', 'read');
  const { db } = ctx;
  return selectPage(db, apiKeys, ofProperty(actor), [desc(apiKeys.createdAt)], page, toApiKey);
}

export async function getApiKey(ctx: AppContext, actor: TActor, id: string): Promise<TApiKey> {
  requireAccess(actor, 'apiKeys', 'read');
  const { db } = ctx;
  const [row] = await db.select().from(apiKeys).where(ofProperty(actor, id));
  if (!row) throw notFound('API key');
  return toApiKey(row);
}

export async function updateApiKey(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateApiKeyRequest,
): Promise<TApiKey> {
  requireAccess(actor, 'apiKeys', 'write');
  const { db } = ctx;
  assertWithinCaller(actor, input.roleId);
  const [row] = await db.update(apiKeys).set(input).where(ofProperty(actor, id)).returning();
  if (!row) throw notFound('API key');
  return toApiKey(row);
}

/** Revokes a key at once: it authenticates nothing from then on. */
export async function deleteApiKey(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'apiKeys', 'write');
  const { db } = ctx;
  const rows = await db
    .update(apiKeys)
    .set({ deletedAt: ctx.clock.now() })
    .where(ofProperty(actor, id))
    .returning();
  if (rows.length === 0) throw notFound('API key');
}
