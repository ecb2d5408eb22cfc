import {
  type TAccessPointListQuery,
  type TAccessPointRecord,
  type TCreateAccessPointRequest,
  type TPaged,
  type TUpdateAccessPointRequest,
} from '@pms/contract';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { toRecord } from '../../lib/records.ts';
import {
  insertCredentials,
  insertEntrance,
  selectCurrentTokens,
  selectEntranceForUpdate,
  selectEntrancePage,
  selectOpenCredentialsOf,
  setCredentialStatus,
  updateAccessPointRow,
  type TAccessPointRow,
} from './doors.queries.ts';

function toAccessPointRecord(row: TAccessPointRow): TAccessPointRecord {
  return {
    ...toRecord(row),
    name: row.name,
    roomId: row.roomId,
    isRoom: row.roomId !== null,
    lockId: row.lockId,
  };
}

async function findEntrance(db: Executor, propertyId: string, id: string): Promise<TAccessPointRow> {
  const row = await selectEntranceForUpdate(db, propertyId, id);
  if (!row) throw notFound('access point');
  return row;
}

/** Asks the lock system (through the sync job) to follow the tokens whose credentials changed. */
async function syncTokens(ctx: AppContext, tx: Executor, propertyId: string, tokenIds: string[]) {
  for (const tokenId of new Set(tokenIds))
    await ctx.jobs.enqueue(tx, { type: 'doors.sync', propertyId, payload: { tokenId } });
}

/** The property's entrances, by name; room doors follow their rooms and are not listed here. */
export async function listEntrances(
  ctx: AppContext,
  actor: TActor,
  query: TAccessPointListQuery,
): Promise<TPaged<TAccessPointRecord>> {
  requireAccess(actor, 'baseData', 'read');
  return selectEntrancePage(ctx.db, actor.propertyId, query, toAccessPointRecord);
}

/**
 * Adds an entrance. Every key of the property that is live and not expired opens it too: it gets a
 * credential for it, which the sync job hands to the lock system.
 */
export async function createEntrance(
  ctx: AppContext,
  actor: TActor,
  input: TCreateAccessPointRequest,
): Promise<TAccessPointRecord> {
  requireAccess(actor, 'baseData', 'write');
  const p = actor.propertyId;
  return ctx.db.transaction(async (tx) => {
    const row = await insertEntrance(tx, { propertyId: p, name: input.name, lockId: input.lockId ?? null });
    const tokens = await selectCurrentTokens(tx, p, ctx.clock.now());
    await insertCredentials(
      tx,
      tokens.map((token) => ({ propertyId: p, tokenId: token.id, accessPointId: row.id })),
    );
    await syncTokens(
      ctx,
      tx,
      p,
      tokens.map((token) => token.id),
    );
    return toAccessPointRecord(row);
  });
}

/** Renames an entrance or changes its lock id; a room's door is not an entrance (404). */
export async function updateEntrance(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateAccessPointRequest,
): Promise<TAccessPointRecord> {
  requireAccess(actor, 'baseData', 'write');
  return ctx.db.transaction(async (tx) => {
    const row = await findEntrance(tx, actor.propertyId, id);
    if (input.name === undefined && input.lockId === undefined) return toAccessPointRecord(row);
    return toAccessPointRecord(await updateAccessPointRow(tx, id, input));
  });
}

/**
 * Deletes an entrance (softly: past unlock events keep naming it). The keys that open it lose it: their
 * credentials for it are revoked at the lock system by the sync job.
 */
export async function deleteEntrance(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  await ctx.db.transaction(async (tx) => {
    await findEntrance(tx, actor.propertyId, id);
    await updateAccessPointRow(tx, id, { deletedAt: ctx.clock.now() });
    const credentials = await selectOpenCredentialsOf(tx, id);
    const issued = credentials.filter((credential) => credential.status === 'issued');
    await setCredentialStatus(
      tx,
      issued.map((credential) => credential.id),
      'revoking',
    );
    await setCredentialStatus(
      tx,
      credentials.filter((credential) => credential.status === 'pending').map((credential) => credential.id),
      'revoked',
    );
    await syncTokens(
      ctx,
      tx,
      actor.propertyId,
      issued.map((credential) => credential.tokenId),
    );
  });
}
