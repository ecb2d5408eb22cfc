import { todayIn, type THousekeepingRoom, type THousekeepingState } from '@pms/contract';
import { notFound } from '../../errors.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { findProperty } from '../../lib/properties.ts';
import {
  selectHousekeepingRooms,
  selectLocksOfToday,
  selectStaysOfToday,
  updateHousekeepingStatus,
} from './housekeeping.queries.ts';

/** The rooms as housekeeping sees them today: status, lock, who sleeps there, arrivals and departures. */
export async function listHousekeeping(
  ctx: AppContext,
  actor: TActor,
  filter?: 'clean' | 'dirty' | 'locked',
): Promise<THousekeepingRoom[]> {
  requireAccess(actor, 'housekeeping', 'read');
  const result = await housekeepingRooms(ctx, actor.propertyId);
  if (filter === 'locked')
    return result.filter((room) => room.isLocked || room.housekeepingStatus === 'out_of_service');
  if (filter) return result.filter((room) => room.housekeepingStatus === filter);
  return result;
}

/** The property's rooms (or only the room `onlyRoomId`) as housekeeping sees them today. */
async function housekeepingRooms(
  ctx: AppContext,
  propertyId: string,
  onlyRoomId?: string,
): Promise<THousekeepingRoom[]> {
  const { db } = ctx;
  const property = await findProperty(db, propertyId);
  const today = todayIn(property.timeZone, ctx.clock.now());
  const roomRows = await selectHousekeepingRooms(db, propertyId, onlyRoomId);
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

/** Sets a room's housekeeping status (cleaning staff marking a room clean, for instance). */
export async function setHousekeepingStatus(
  ctx: AppContext,
  actor: TActor,
  roomId: string,
  status: THousekeepingState,
) {
  requireAccess(actor, 'housekeeping', 'write');
  const { db } = ctx;
  const isSet = await updateHousekeepingStatus(db, actor.propertyId, roomId, status);
  if (!isSet) throw notFound('room');
  return getHousekeepingRoom(ctx, actor, roomId);
}

/** One room as housekeeping sees it today. */
export async function getHousekeepingRoom(
  ctx: AppContext,
  actor: TActor,
  roomId: string,
): Promise<THousekeepingRoom> {
  requireAccess(actor, 'housekeeping', 'read');
  const [room] = await housekeepingRooms(ctx, actor.propertyId, roomId);
  if (!room) throw notFound('room');
  return room;
}
