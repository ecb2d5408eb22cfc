import { lockWebhookUrlSettingKey, portalWindow, type TAccessPoint, type TAccessToken } from '@pms/contract';
import { AppError, notFound } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { findProperty } from '../../lib/properties.ts';
import { requireAccess, requireBookingAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  simulatedLockSystem,
  webhookLockSystem,
  type LockSystem,
  type TLockCredential,
} from '../../integrations/doors/lock-system.ts';
import { readSettingValue } from '../settings/index.ts';
import {
  ensureRoomAccessPoint,
  insertCredentials,
  insertToken,
  revokeTokenRow,
  selectCredentials,
  selectEntrances,
  selectLatestToken,
  selectLiveToken,
  selectToken,
  setCredentialStatus,
  type TAccessTokenRow,
  type TCredentialRow,
  assertBookingOwned,
} from './doors.queries.ts';

/** The setting entries (the secret one sealed) that connect a property to its lock system's webhook. */
export const doorSettingKeys = { webhookUrl: lockWebhookUrlSettingKey, webhookSecret: 'doors.webhookSecret' };

/** The property's lock system: its webhook when set up, else the built-in simulator. */
async function lockSystemOf(ctx: AppContext, db: Executor, propertyId: string): Promise<LockSystem> {
  const url = await readSettingValue(db, ctx.secrets, propertyId, doorSettingKeys.webhookUrl);
  const secret = await readSettingValue(db, ctx.secrets, propertyId, doorSettingKeys.webhookSecret);
  const policy = { allowPrivateAddresses: ctx.config.allowPrivateOutbound };
  return url && secret ? webhookLockSystem(url, secret, () => ctx.clock.now(), policy) : simulatedLockSystem;
}

function toAccessPoint(credential: TCredentialRow): TAccessPoint {
  return {
    id: credential.accessPoint.id,
    name: credential.accessPoint.name,
    isRoom: credential.accessPoint.roomId !== null,
  };
}

function toLockCredential(token: TAccessTokenRow, credential: TCredentialRow): TLockCredential {
  return {
    credentialId: credential.id,
    accessPoint: {
      id: credential.accessPoint.id,
      name: credential.accessPoint.name,
      lockId: credential.accessPoint.lockId,
    },
    bookingCode: credential.bookingCode,
    validFrom: token.validFrom,
    validUntil: token.validUntil,
  };
}

/**
 * Issues the booking's key in the caller's transaction (check-in, or the guest's "create key"): a
 * token valid from the check-in date and time to the check-out date and time, with one credential
 * for the room's door and one for each entrance. The lock system learns of them from a job after the
 * commit. A booking with a live token keeps it.
 */
export async function issueAccessToken(
  ctx: AppContext,
  tx: Executor,
  actor: TActor,
  booking: { id: string; propertyId: string; roomId: string | null; checkIn: string; checkOut: string },
): Promise<void> {
  const p = booking.propertyId;
  if (!booking.roomId || (await selectLiveToken(tx, p, booking.id))) return;
  const window = portalWindow(booking, await findProperty(tx, p));
  const token = await insertToken(tx, {
    propertyId: p,
    bookingId: booking.id,
    validFrom: window.checkInOpensAt,
    validUntil: window.expiresAt,
  });
  if (!token) return;
  const doors = [await ensureRoomAccessPoint(tx, p, booking.roomId), ...(await selectEntrances(tx, p))];
  await insertCredentials(
    tx,
    doors.map((door) => ({ propertyId: p, tokenId: token.id, accessPointId: door.id })),
  );
  await recordEvent(tx, {
    propertyId: p,
    actor,
    objectType: 'booking',
    objectId: booking.id,
    type: 'access_token_issued',
    data: { validFrom: token.validFrom.toISOString(), validUntil: token.validUntil.toISOString() },
  });
  await ctx.jobs.enqueue(tx, { type: 'doors.sync', propertyId: p, payload: { tokenId: token.id } });
}

/** Revokes the booking's key in the caller's transaction (check-out, cancellation, no-show). */
export async function revokeAccessToken(
  ctx: AppContext,
  tx: Executor,
  actor: TActor,
  booking: { id: string; propertyId: string },
): Promise<void> {
  const token = await selectLiveToken(tx, booking.propertyId, booking.id);
  if (!token) return;
  await revokeTokenRow(tx, token.id);
  const credentials = await selectCredentials(tx, token.id);
  await setCredentialStatus(
    tx,
    credentials.filter((c) => c.status === 'issued').map((c) => c.id),
    'revoking',
  );
  await setCredentialStatus(
    tx,
    credentials.filter((c) => c.status === 'pending').map((c) => c.id),
    'revoked',
  );
  await recordEvent(tx, {
    propertyId: booking.propertyId,
    actor,
    objectType: 'booking',
    objectId: booking.id,
    type: 'access_token_revoked',
  });
  await ctx.jobs.enqueue(tx, {
    type: 'doors.sync',
    propertyId: booking.propertyId,
    payload: { tokenId: token.id },
  });
}

/**
 * Tells the lock system what the database says of a token: issues its pending credentials (while
 * the token is live) and revokes those being revoked. The job runner retries it when the lock system
 * fails; each credential is written as soon as the lock system confirmed it.
 */
export async function syncAccessToken(ctx: AppContext, tokenId: string): Promise<void> {
  const token = await selectToken(ctx.db, tokenId);
  if (!token) return;
  const locks = await lockSystemOf(ctx, ctx.db, token.propertyId);
  for (const credential of await selectCredentials(ctx.db, tokenId)) {
    if (credential.status === 'pending' && !token.revokedAt) {
      const { lockCredentialId } = await locks.issue(toLockCredential(token, credential));
      await setCredentialStatus(ctx.db, [credential.id], 'issued', lockCredentialId);
    } else if (credential.status === 'revoking' && credential.lockCredentialId) {
      await locks.revoke(credential.lockCredentialId);
      await setCredentialStatus(ctx.db, [credential.id], 'revoked');
    }
  }
}

/** A token's credentials that still open their door (a deleted entrance's are revoked). */
async function selectOpenCredentials(db: Executor, tokenId: string): Promise<TCredentialRow[]> {
  const credentials = await selectCredentials(db, tokenId);
  return credentials.filter(
    (credential) => credential.status === 'pending' || credential.status === 'issued',
  );
}

/** Whether the booking holds a live key (the portal shows its doors then). */
export async function hasAccessToken(db: Executor, propertyId: string, bookingId: string): Promise<boolean> {
  return (await selectLiveToken(db, propertyId, bookingId)) !== undefined;
}

/** The doors the booking's live key opens: the room's first, then the entrances; none without a key. */
export async function listAccessPoints(
  ctx: AppContext,
  actor: TActor,
  bookingId: string,
): Promise<TAccessPoint[]> {
  requireBookingAccess(actor, 'bookings', 'read', bookingId);
  await assertBookingOwned(ctx.db, actor.propertyId, bookingId);
  const token = await selectLiveToken(ctx.db, actor.propertyId, bookingId);
  return token ? (await selectOpenCredentials(ctx.db, token.id)).map(toAccessPoint) : [];
}

/**
 * The booking's key as staff see it: window and each door's state at the lock system. After check-out
 * (or a cancellation) the revoked key is shown, with the time it was revoked.
 */
export async function getAccessToken(
  ctx: AppContext,
  actor: TActor,
  bookingId: string,
): Promise<TAccessToken | null> {
  requireAccess(actor, 'bookings', 'read');
  await assertBookingOwned(ctx.db, actor.propertyId, bookingId);
  const token = await selectLatestToken(ctx.db, actor.propertyId, bookingId);
  if (!token) return null;
  return {
    id: token.id,
    validFrom: token.validFrom.toISOString(),
    validUntil: token.validUntil.toISOString(),
    revokedAt: token.revokedAt?.toISOString() ?? null,
    credentials: (await selectCredentials(ctx.db, token.id)).map((credential) => ({
      accessPoint: toAccessPoint(credential),
      status: credential.status,
    })),
  };
}

/**
 * Opens a door of the booking's live key while the guest waits: only from the check-in date and time
 * until the check-out date and time. A credential the job has not issued yet is issued first. Every
 * attempt, opened or not, is an event on the booking.
 */
export async function unlockAccessPoint(
  ctx: AppContext,
  actor: TActor,
  bookingId: string,
  accessPointId: string,
): Promise<TAccessPoint> {
  requireBookingAccess(actor, 'bookings', 'write', bookingId);
  const p = actor.propertyId;
  await assertBookingOwned(ctx.db, p, bookingId);
  const token = await selectLiveToken(ctx.db, p, bookingId);
  if (!token) throw new AppError('door/no_access_token');
  const credential = (await selectOpenCredentials(ctx.db, token.id)).find(
    (c) => c.accessPointId === accessPointId,
  );
  if (!credential) throw notFound('access point');
  const now = ctx.clock.now();
  if (now < token.validFrom || now >= token.validUntil)
    throw new AppError('door/outside_window', 'the door opens between check-in and check-out', {
      validFrom: token.validFrom.toISOString(),
      validUntil: token.validUntil.toISOString(),
    });
  const locks = await lockSystemOf(ctx, ctx.db, p);
  const event = {
    propertyId: p,
    actor,
    objectType: 'booking' as const,
    objectId: bookingId,
    data: { accessPointId, accessPoint: credential.accessPoint.name },
  };
  try {
    let lockCredentialId = credential.lockCredentialId;
    if (!lockCredentialId || credential.status === 'pending') {
      ({ lockCredentialId } = await locks.issue(toLockCredential(token, credential)));
      await setCredentialStatus(ctx.db, [credential.id], 'issued', lockCredentialId);
    }
    await locks.unlock(lockCredentialId, toLockCredential(token, credential));
  } catch (error) {
    await recordEvent(ctx.db, {
      ...event,
      type: 'door_unlock_failed',
      data: { ...event.data, error: error instanceof Error ? error.message : String(error) },
    });
    throw new AppError('door/unlock_failed', 'the lock system did not open the door');
  }
  await recordEvent(ctx.db, { ...event, type: 'door_unlocked' });
  return toAccessPoint(credential);
}
