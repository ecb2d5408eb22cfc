import type { z } from 'zod';
import type { ZCreateRoomLockRequest } from '@pms/contract';
import {
  todayIn,
  type TPageQuery,
  type TPaged,
  type TRoomLock,
  type TUpdateRoomLockRequest,
} from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { roomLocks } from '../../db/schema/index.ts';
import { findProperty } from '../../lib/properties.ts';
import { listPropertyIds } from '../../lib/properties.queries.ts';
import { setRoomHousekeepingStatus } from '../../lib/rooms.queries.ts';
import { AppError } from '../../errors.ts';
import { changedFields, recordEvent } from '../../lib/events.ts';
import { toRecord } from '../../lib/records.ts';
import { findOwned } from '../../db/owned-records.ts';
import { requireAccess, systemActor, type TActor, type TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { toAppError } from '../../db/constraint-errors.ts';
import {
  endPastLocks,
  insertRoomLock,
  selectRoomLockPage,
  startDueLocks,
  updateRoomLockRow,
  type TRoomLockRow,
} from './room-locks.queries.ts';
import { assertRoomFree } from '../bookings/index.ts';
import { assertRoomOwned } from '../base-data/index.ts';

function toRoomLock(row: TRoomLockRow): TRoomLock {
  return {
    ...toRecord(row),
    roomId: row.roomId,
    startDate: row.startDate,
    endDate: row.endDate,
    reason: row.reason,
    statusAfterStart: row.statusAfterStart,
    statusAfterEnd: row.statusAfterEnd,
    status: row.status,
    startAppliedAt: row.startAppliedAt?.toISOString() ?? null,
    endAppliedAt: row.endAppliedAt?.toISOString() ?? null,
  };
}

/** A lock that meets a booking or another lock is refused with the room lock's own error code. */
async function asRoomLockWrite<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (toAppError(error)?.code === 'booking/overlap_detected')
      throw new AppError('room_lock/overlap_detected');
    throw error;
  }
}

const overlap = 'room_lock/overlap_detected';

function assertDates(startDate: string, endDate: string): void {
  if (endDate < startDate) throw new AppError('room_lock/invalid_dates', 'the lock ends before it starts');
}

function findLock(db: Executor, actor: TRoleActor, id: string): Promise<TRoomLockRow> {
  return findOwned(db, roomLocks, actor.propertyId, id, 'room lock');
}

export function listRoomLocks(
  ctx: AppContext,
  actor: TActor,
  page: TPageQuery & { roomId?: string },
): Promise<TPaged<TRoomLock>> {
  requireAccess(actor, 'roomLocks', 'read');
  const { db } = ctx;
  return selectRoomLockPage(db, actor.propertyId, page, toRoomLock);
}

export async function getRoomLock(ctx: AppContext, actor: TActor, id: string): Promise<TRoomLock> {
  requireAccess(actor, 'roomLocks', 'read');
  const { db } = ctx;
  return toRoomLock(await findLock(db, actor, id));
}

export async function createRoomLock(
  ctx: AppContext,
  actor: TActor,
  request: z.output<typeof ZCreateRoomLockRequest>,
): Promise<TRoomLock> {
  requireAccess(actor, 'roomLocks', 'write');
  const { db } = ctx;
  const input = request;
  assertDates(input.startDate, input.endDate);
  const lock = await asRoomLockWrite(() =>
    db.transaction(async (tx) => {
      await assertRoomOwned(tx, actor.propertyId, input.roomId);
      const stay = { checkIn: input.startDate, checkOut: input.endDate, bounds: '[]' as const };
      await assertRoomFree(tx, { ...stay, propertyId: actor.propertyId, roomId: input.roomId }, overlap);
      const row = await insertRoomLock(tx, { ...input, propertyId: actor.propertyId });
      await recordEvent(tx, {
        propertyId: actor.propertyId,
        actor,
        objectType: 'room_lock',
        objectId: row.id,
        type: 'created',
      });
      return row;
    }),
  );
  await applyRoomLocks(ctx, actor);
  return getRoomLock(ctx, actor, lock.id);
}

export async function updateRoomLock(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateRoomLockRequest,
): Promise<TRoomLock> {
  requireAccess(actor, 'roomLocks', 'write');
  const { db } = ctx;
  await asRoomLockWrite(() =>
    db.transaction(async (tx) => {
      const current = await findLock(tx, actor, id);
      if (current.status === 'ended' || current.status === 'canceled')
        throw new AppError('room_lock/invalid_dates', 'the lock is over');
      assertDates(input.startDate ?? current.startDate, input.endDate ?? current.endDate);
      if (input.roomId) await assertRoomOwned(tx, actor.propertyId, input.roomId);
      const next = { ...current, ...input };
      await assertRoomFree(
        tx,
        {
          propertyId: actor.propertyId,
          roomId: next.roomId,
          checkIn: next.startDate,
          checkOut: next.endDate,
          bounds: '[]',
          exceptRoomLockId: id,
        },
        overlap,
      );
      await updateRoomLockRow(tx, id, input);
      await recordEvent(tx, {
        propertyId: actor.propertyId,
        actor,
        objectType: 'room_lock',
        objectId: id,
        type: 'updated',
        data: { changed: changedFields(current, next, Object.keys(input)) },
      });
    }),
  );
  await applyRoomLocks(ctx, actor);
  return getRoomLock(ctx, actor, id);
}

/** Cancels a lock: the room is free again; an active lock hands the room its after-end status. */
export async function cancelRoomLock(ctx: AppContext, actor: TActor, id: string): Promise<TRoomLock> {
  requireAccess(actor, 'roomLocks', 'write');
  const { db } = ctx;
  await db.transaction(async (tx) => {
    const lock = await findLock(tx, actor, id);
    if (lock.status === 'canceled' || lock.status === 'ended') return;
    await updateRoomLockRow(tx, id, { status: 'canceled' });
    if (lock.status === 'active') await setRoomHousekeepingStatus(tx, lock.roomId, lock.statusAfterEnd);
    await recordEvent(tx, {
      propertyId: actor.propertyId,
      actor,
      objectType: 'room_lock',
      objectId: id,
      type: 'canceled',
    });
  });
  return getRoomLock(ctx, actor, id);
}

export async function deleteRoomLock(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'roomLocks', 'write');
  const { db } = ctx;
  await cancelRoomLock(ctx, actor, id);
  await updateRoomLockRow(db, id, { deletedAt: ctx.clock.now() });
}

/**
 * Starts the property's locks whose first day has come and ends those whose last day has passed, in
 * its time zone, setting the room's housekeeping status. Idempotent: run after every change to a lock
 * and by the scheduled job.
 */
export async function applyRoomLocks(
  ctx: AppContext,
  actor: TActor,
): Promise<{ started: number; ended: number }> {
  requireAccess(actor, 'roomLocks', 'write');
  const { db } = ctx;
  const now = ctx.clock.now();
  const property = await findProperty(db, actor.propertyId);
  const today = todayIn(property.timeZone, now);
  return db.transaction(async (tx) => {
    const ending = await endPastLocks(tx, actor.propertyId, today, now);
    for (const lock of ending) await setRoomHousekeepingStatus(tx, lock.roomId, lock.statusAfterEnd);
    const starting = await startDueLocks(tx, actor.propertyId, today, now);
    for (const lock of starting) await setRoomHousekeepingStatus(tx, lock.roomId, lock.statusAfterStart);
    return { started: starting.length, ended: ending.length };
  });
}

/** The scheduled job: applies the room locks of every property, as the system. */
export async function applyRoomLocksEverywhere(ctx: AppContext): Promise<{ started: number; ended: number }> {
  const total = { started: 0, ended: 0 };
  for (const propertyId of await listPropertyIds(ctx.db)) {
    const result = await applyRoomLocks(ctx, systemActor(propertyId, 'room_locks.apply'));
    total.started += result.started;
    total.ended += result.ended;
  }
  return total;
}
