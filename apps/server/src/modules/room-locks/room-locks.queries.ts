import { and, desc, eq, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { TPageQuery } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { roomLocks } from '../../db/schema/index.ts';
import { selectPage } from '../../db/paging.ts';

export type TRoomLockRow = typeof roomLocks.$inferSelect;
export type TRoomLockChanges = Partial<Omit<TRoomLockRow, 'id' | 'propertyId' | 'createdAt' | 'updatedAt'>>;

/** A page of the property's live locks, latest start first; one room's when asked. */
export function selectRoomLockPage<T>(
  db: Executor,
  propertyId: string,
  page: TPageQuery & { roomId?: string },
  map: (row: TRoomLockRow) => T,
) {
  return selectPage(
    db,
    roomLocks,
    and(
      eq(roomLocks.propertyId, propertyId),
      isNull(roomLocks.deletedAt),
      page.roomId ? eq(roomLocks.roomId, page.roomId) : undefined,
    ),
    [desc(roomLocks.startDate)],
    page,
    map,
  );
}

export async function insertRoomLock(
  db: Executor,
  values: typeof roomLocks.$inferInsert,
): Promise<TRoomLockRow> {
  const [row] = await db.insert(roomLocks).values(values).returning();
  return row!;
}

export async function updateRoomLockRow(db: Executor, id: string, changes: TRoomLockChanges): Promise<void> {
  await db.update(roomLocks).set(changes).where(eq(roomLocks.id, id));
}

/** Ends the property's scheduled or active locks whose last day lies before `today`; returns them. */
export function endPastLocks(db: Executor, propertyId: string, today: string, now: Date) {
  return db
    .update(roomLocks)
    .set({ status: 'ended', endAppliedAt: now })
    .where(
      and(
        eq(roomLocks.propertyId, propertyId),
        inArray(roomLocks.status, ['scheduled', 'active']),
        lt(roomLocks.endDate, today),
        isNull(roomLocks.deletedAt),
      ),
    )
    .returning();
}

/** Starts the property's scheduled locks whose first day has come; returns them. */
export function startDueLocks(db: Executor, propertyId: string, today: string, now: Date) {
  return db
    .update(roomLocks)
    .set({ status: 'active', startAppliedAt: now })
    .where(
      and(
        eq(roomLocks.propertyId, propertyId),
        eq(roomLocks.status, 'scheduled'),
        lte(roomLocks.startDate, today),
        isNull(roomLocks.deletedAt),
      ),
    )
    .returning();
}
