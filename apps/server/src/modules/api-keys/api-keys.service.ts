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
import { AppError, notFound } from '../../errors.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { toRecord } from '../../lib/records.ts';
import { requireAccess, type TActor, type TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import {
  insertApiKey,
  markApiKeyDeleted,
  selectApiKey,
  selectApiKeyPage,
  updateApiKeyRow,
  type TApiKeyRow,
} from './api-keys.queries.ts';

function toApiKey(row: TApiKeyRow): TApiKey {
  return {
    ...toRecord(row),
    name: row.name,
    roleId: row.roleId,
    prefix: row.prefix,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

/** A key gets no right its creator lacks, whether the creator is a user or another key. */
function assertWithinCaller(actor: TRoleActor, roleId: TRole): void {
  if (!isRoleWithin(roleId, actor.role)) {
    throw new AppError('auth/forbidden', `A ${actor.role} cannot give a key the role ${roleId}.`);
  }
}

/**
 * Creates a key; the secret is generated when none is given, returned once and stored only hashed. The
 * key is listed by a prefix of its own, `pms_` and four random characters: a generated secret starts
 * with it, a secret the caller chose has nothing to do with it, so the list shows none of that secret.
 */
export async function createApiKey(
  ctx: AppContext,
  actor: TActor,
  input: TCreateApiKeyRequest,
): Promise<TCreatedApiKey> {
  requireAccess(actor, 'apiKeys', 'write');
  const { db } = ctx;
  assertWithinCaller(actor, input.roleId);
  const prefix = `pms_${randomToken(3)}`;
  const secret = input.secret ?? `${prefix}${randomToken(32)}`;
  const row = await insertApiKey(db, {
    propertyId: actor.propertyId,
    name: input.name,
    roleId: input.roleId,
    prefix,
    secretHash: sha256(secret),
  });
  return { ...toApiKey(row), secret };
}

export function listApiKeys(ctx: AppContext, actor: TActor, page: TPageQuery): Promise<TPaged<TApiKey>> {
  requireAccess(actor, 'apiKeys', 'read');
  const { db } = ctx;
  return selectApiKeyPage(db, actor.propertyId, page, toApiKey);
}

export async function getApiKey(ctx: AppContext, actor: TActor, id: string): Promise<TApiKey> {
  requireAccess(actor, 'apiKeys', 'read');
  const { db } = ctx;
  const row = await selectApiKey(db, actor.propertyId, id);
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
  const row = await updateApiKeyRow(db, actor.propertyId, id, input);
  if (!row) throw notFound('API key');
  return toApiKey(row);
}

/** Revokes a key at once: it authenticates nothing from then on. */
export async function deleteApiKey(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'apiKeys', 'write');
  const { db } = ctx;
  const isDeleted = await markApiKeyDeleted(db, actor.propertyId, id, ctx.clock.now());
  if (!isDeleted) throw notFound('API key');
}
