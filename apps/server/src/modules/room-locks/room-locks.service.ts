import { and, desc, eq, inArray, isNull, lt, lte } from 'drizzle-orm';
import {
  todayIn,
  ZCreateRoomLockRequest,
  type TCreateRoomLockRequest,
  type TPageQuery,
  type TPaged,
  type TRoomLock,
  type TUpdateRoomLockRequest,
} from '@pms/contract';
import type { Db, Executor } from '../../db/client.ts';
import { properties, roomLocks, rooms } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { selectPage } from '../../lib/paging.ts';
import { toRecord } from '../../lib/records.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { toAppError } from '../../plugins/problem.ts';
import { assertRoomFree } from '../bookings/booking-availability.ts';
import { findRoom } from '../bookings/bookings.queries.ts';

type TRoomLockRow = typeof roomLocks.$inferSelect;

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

async function findLock(db: Executor, auth: TAuth, id: string): Promise<TRoomLockRow> {
  const [row] = await db
    .select()
    .from(roomLocks)
    .where(and(eq(roomLocks.id, id), eq(roomLocks.propertyId, auth.propertyId), isNull(roomLocks.deletedAt)));
  if (!row) throw notFound('room lock');
  return row;
}

export function listRoomLocks(
  db: Db,
  auth: TAuth,
  page: TPageQuery & { roomId?: string },
): Promise<TPaged<TRoomLock>> {
  return selectPage(
    db,
    roomLocks,
    and(
      eq(roomLocks.propertyId, auth.propertyId),
      isNull(roomLocks.deletedAt),
      page.roomId ? eq(roomLocks.roomId, page.roomId) : undefined,
    ),
    [desc(roomLocks.startDate)],
    page,
    toRoomLock,
  );
}

export async function getRoomLock(db: Db, auth: TAuth, id: string): Promise<TRoomLock> {
  return toRoomLock(await findLock(db, auth, id));
}

export async function createRoomLock(
  db: Db,
  auth: TAuth,
  request: TCreateRoomLockRequest,
): Promise<TRoomLock> {
  const input = ZCreateRoomLockRequest.parse(request);
  assertDates(input.startDate, input.endDate);
  const lock = await asRoomLockWrite(() =>
    db.transaction(async (tx) => {
      await findRoom(tx, auth.propertyId, input.roomId);
      const stay = { checkIn: input.startDate, checkOut: input.endDate, bounds: '[]' as const };
      await assertRoomFree(tx, { ...stay, propertyId: auth.propertyId, roomId: input.roomId }, overlap);
      const [row] = await tx
        .insert(roomLocks)
        .values({ ...input, propertyId: auth.propertyId })
        .returning();
      await recordEvent(tx, {
        propertyId: auth.propertyId,
        auth,
        objectType: 'room_lock',
        objectId: row!.id,
        type: 'created',
      });
      return row!;
    }),
  );
  await applyRoomLocks(db);
  return getRoomLock(db, auth, lock.id);
}

export async function updateRoomLock(
  db: Db,
  auth: TAuth,
  id: string,
  input: TUpdateRoomLockRequest,
): Promise<TRoomLock> {
  await asRoomLockWrite(() =>
    db.transaction(async (tx) => {
      const current = await findLock(tx, auth, id);
      if (current.status === 'ended' || current.status === 'canceled')
        throw new AppError('room_lock/invalid_dates', 'the lock is over');
      assertDates(input.startDate ?? current.startDate, input.endDate ?? current.endDate);
      if (input.roomId) await findRoom(tx, auth.propertyId, input.roomId);
      const next = { ...current, ...input };
      await assertRoomFree(
        tx,
        {
          propertyId: auth.propertyId,
          roomId: next.roomId,
          checkIn: next.startDate,
          checkOut: next.endDate,
          bounds: '[]',
          exceptRoomLockId: id,
        },
        overlap,
      );
      await tx.update(roomLocks).set(input).where(eq(roomLocks.id, id));
      await recordEvent(tx, {
        propertyId: auth.propertyId,
        auth,
        objectType: 'room_lock',
        objectId: id,
        type: 'updated',
      });
    }),
  );
  await applyRoomLocks(db);
  return getRoomLock(db, auth, id);
}

/** Cancels a lock: the room is free again; an active lock hands the room its after-end status. */
export async function cancelRoomLock(db: Db, auth: TAuth, id: string): Promise<TRoomLock> {
  await db.transaction(async (tx) => {
    const lock = await findLock(tx, auth, id);
    if (lock.status === 'canceled' || lock.status === 'ended') return;
    await tx.update(roomLocks).set({ status: 'canceled' }).where(eq(roomLocks.id, id));
    if (lock.status === 'active')
      await tx
        .update(rooms)
        .set({ housekeepingStatus: lock.statusAfterEnd })
        .where(eq(rooms.id, lock.roomId));
    await recordEvent(tx, {
      propertyId: auth.propertyId,
      auth,
      objectType: 'room_lock',
      objectId: id,
      type: 'canceled',
    });
  });
  return getRoomLock(db, auth, id);
}

export async function deleteRoomLock(db: Db, auth: TAuth, id: string): Promise<void> {
  await cancelRoomLock(db, auth, id);
  await db.update(roomLocks).set({ deletedAt: new Date() }).where(eq(roomLocks.id, id));
}

/**
 * The scheduled job: starts the locks whose first day has come and ends those whose last day has
 * passed, in each property's time zone, setting the room's housekeeping status. Idempotent, so
 * any number of instances may run it.
 */
export async function applyRoomLocks(
  db: Db,
  now: Date = new Date(),
): Promise<{ started: number; ended: number }> {
  let started = 0;
  let ended = 0;
  const zones = await db.selectDistinct({ timeZone: properties.timeZone }).from(properties);
  for (const { timeZone } of zones) {
    const today = todayIn(timeZone, now);
    const inZone = db.select({ id: properties.id }).from(properties).where(eq(properties.timeZone, timeZone));
    await db.transaction(async (tx) => {
      const ending = await tx
        .update(roomLocks)
        .set({ status: 'ended', endAppliedAt: now })
        .where(
          and(
            inArray(roomLocks.propertyId, inZone),
            inArray(roomLocks.status, ['scheduled', 'active']),
            lt(roomLocks.endDate, today),
            isNull(roomLocks.deletedAt),
          ),
        )
        .returning();
      for (const lock of ending)
        await tx
          .update(rooms)
          .set({ housekeepingStatus: lock.statusAfterEnd })
          .where(eq(rooms.id, lock.roomId));
      const starting = await tx
        .update(roomLocks)
        .set({ status: 'active', startAppliedAt: now })
        .where(
          and(
            inArray(roomLocks.propertyId, inZone),
            eq(roomLocks.status, 'scheduled'),
            lte(roomLocks.startDate, today),
            isNull(roomLocks.deletedAt),
          ),
        )
        .returning();
      for (const lock of starting)
        await tx
          .update(rooms)
          .set({ housekeepingStatus: lock.statusAfterStart })
          .where(eq(rooms.id, lock.roomId));
      started += starting.length;
      ended += ending.length;
    });
  }
  return { started, ended };
}
