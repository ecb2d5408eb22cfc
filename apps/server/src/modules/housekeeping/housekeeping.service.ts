import type { THousekeepingRoom, THousekeepingState } from '@pms/contract';
import { notFound } from '../../errors.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  selectHousekeepingRoom,
  selectHousekeepingRooms,
  selectLocksOfToday,
  selectStaysOfToday,
  updateHousekeepingStatus,
  type THousekeepingStay,
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
  const staysOf = new Map<string, THousekeepingStay[]>();
  for (const stay of stays) {
    if (stay.roomId === null) continue;
    const own = staysOf.get(stay.roomId);
    if (own) own.push(stay);
    else staysOf.set(stay.roomId, [stay]);
  }
  const lockOf = new Map<string, (typeof locks)[number]>();
  for (const lock of locks) if (!lockOf.has(lock.roomId)) lockOf.set(lock.roomId, lock);
  return roomRows.map((room) =>
    housekeepingRoom(room, staysOf.get(room.id) ?? [], lockOf.get(room.id), today),
  );
}

/** A room as housekeeping sees it on `today`, from its stays and lock of today. */
function housekeepingRoom(
  room: THousekeepingRoomRow,
  stays: THousekeepingStay[],
  lock: { reason: string | null } | null | undefined,
  today: string,
): THousekeepingRoom {
  const occupant = stays.find(
    (stay) => stay.checkIn <= today && stay.checkOut > today && stay.status !== 'checked_out',
  );
  return {
    id: room.id,
    number: room.number,
    roomTypeName: room.roomTypeName,
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
    isDepartureToday: stays.some((stay) => stay.checkOut === today),
    isArrivalToday: stays.some((stay) => stay.checkIn === today && stay.status !== 'checked_out'),
  };
}

/**
 * Sets a room's housekeeping status (cleaning staff marking a room clean, for instance) and answers
 * the room as housekeeping sees it on `today`: one statement, as cleaning staff mark rooms all day.
 */
export async function setHousekeepingStatus(
  ctx: AppContext,
  actor: TActor,
  today: string,
  roomId: string,
  status: THousekeepingState,
): Promise<THousekeepingRoom> {
  requireAccess(actor, 'housekeeping', 'write');
  return oneRoom(await updateHousekeepingStatus(ctx.db, actor.propertyId, roomId, status, today), today);
}

/** One room as housekeeping sees it on `today`. */
export async function getHousekeepingRoom(
  ctx: AppContext,
  actor: TActor,
  today: string,
  roomId: string,
): Promise<THousekeepingRoom> {
  requireAccess(actor, 'housekeeping', 'read');
  return oneRoom(await selectHousekeepingRoom(ctx.db, actor.propertyId, roomId, today), today);
}

function oneRoom(
  [room]: (THousekeepingRoomRow & { stays: THousekeepingStay[]; lock: { reason: string | null } | null })[],
  today: string,
): THousekeepingRoom {
  if (!room) throw notFound('room');
  return housekeepingRoom(room, room.stays, room.lock, today);
}
