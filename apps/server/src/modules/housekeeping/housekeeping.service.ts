import type { THousekeepingRoom, THousekeepingState } from '@pms/contract';
import { notFound } from '../../errors.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  selectHousekeepingRooms,
  selectLocksOfToday,
  selectStaysOfToday,
  updateHousekeepingStatus,
} from './housekeeping.queries.ts';

/**
 * The rooms as housekeeping sees them on `today` (the property's, from the caller's identity):
 * status, lock, who sleeps there, arrivals and departures.
 */
export async function listHousekeeping(
  ctx: AppContext,
  actor: TActor,
  today: string,
  filter?: 'clean' | 'dirty' | 'locked',
): Promise<THousekeepingRoom[]> {
  requireAccess(actor, 'housekeeping', 'read');
  const result = await withTodaysStays(
    ctx.db,
    await selectHousekeepingRooms(ctx.db, actor.propertyId),
    today,
  );
  if (filter === 'locked')
    return result.filter((room) => room.isLocked || room.housekeepingStatus === 'out_of_service');
  if (filter) return result.filter((room) => room.housekeepingStatus === filter);
  return result;
}

type THousekeepingRoomRow = Awaited<ReturnType<typeof selectHousekeepingRooms>>[number];

/** The rooms `roomRows` as housekeeping sees them on `today`: with their lock and stays. */
async function withTodaysStays(
  db: Executor,
  roomRows: THousekeepingRoomRow[],
  today: string,
): Promise<THousekeepingRoom[]> {
  const roomIds = roomRows.map((room) => room.id);
  const [stays, locks] = await Promise.all([
    selectStaysOfToday(db, roomIds, today),
    selectLocksOfToday(db, roomIds, today),
  ]);
  const staysOf = new Map<string, typeof stays>();
  for (const stay of stays) {
    if (stay.roomId === null) continue;
    const own = staysOf.get(stay.roomId);
    if (own) own.push(stay);
    else staysOf.set(stay.roomId, [stay]);
  }
  const lockOf = new Map<string, (typeof locks)[number]>();
  for (const lock of locks) if (!lockOf.has(lock.roomId)) lockOf.set(lock.roomId, lock);
  return roomRows.map((room): THousekeepingRoom => {
    const own = staysOf.get(room.id) ?? [];
    const occupant = own.find(
      (stay) => stay.checkIn <= today && stay.checkOut > today && stay.status !== 'checked_out',
    );
    const lock = lockOf.get(room.id);
    return {
      ...room,
      housekeepingStatus: room.housekeepingStatus,
      isLocked: Boolean(lock),
      lockReason: lock?.reason ?? null,
      occupant: occupant
        ? {
            bookingId: occupant.id,
            name: occupant.displayName,
            checkOut: occupant.checkOut,
            status: occupant.status,
          }
        : null,
      isDepartureToday: own.some((stay) => stay.checkOut === today),
      isArrivalToday: own.some((stay) => stay.checkIn === today && stay.status !== 'checked_out'),
    };
  });
}

/**
 * Sets a room's housekeeping status (cleaning staff marking a room clean, for instance) and answers
 * the room as housekeeping sees it on `today`.
 */
export async function setHousekeepingStatus(
  ctx: AppContext,
  actor: TActor,
  today: string,
  roomId: string,
  status: THousekeepingState,
): Promise<THousekeepingRoom> {
  requireAccess(actor, 'housekeeping', 'write');
  return oneRoom(ctx.db, await updateHousekeepingStatus(ctx.db, actor.propertyId, roomId, status), today);
}

/** One room as housekeeping sees it on `today`. */
export async function getHousekeepingRoom(
  ctx: AppContext,
  actor: TActor,
  today: string,
  roomId: string,
): Promise<THousekeepingRoom> {
  requireAccess(actor, 'housekeeping', 'read');
  return oneRoom(ctx.db, await selectHousekeepingRooms(ctx.db, actor.propertyId, roomId), today);
}

async function oneRoom(db: Executor, roomRows: THousekeepingRoomRow[], today: string) {
  const [room] = await withTodaysStays(db, roomRows, today);
  if (!room) throw notFound('room');
  return room;
}
