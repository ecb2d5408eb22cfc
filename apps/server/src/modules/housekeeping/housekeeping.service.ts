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
  const { db } = ctx;
  const property = await findProperty(db, actor.propertyId);
  const today = todayIn(property.timeZone, ctx.clock.now());
  const roomRows = await selectHousekeepingRooms(db, actor.propertyId);
  const roomIds = roomRows.map((room) => room.id);
  const [stays, locks] = await Promise.all([
    selectStaysOfToday(db, roomIds, today),
    selectLocksOfToday(db, roomIds, today),
  ]);
  const result = roomRows.map((room): THousekeepingRoom => {
    const occupant = stays.find(
      (stay) =>
        stay.roomId === room.id &&
        stay.checkIn <= today &&
        stay.checkOut > today &&
        stay.status !== 'checked_out',
    );
    const lock = locks.find((l) => l.roomId === room.id);
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
      isDepartureToday: stays.some((stay) => stay.roomId === room.id && stay.checkOut === today),
      isArrivalToday: stays.some(
        (stay) => stay.roomId === room.id && stay.checkIn === today && stay.status !== 'checked_out',
      ),
    };
  });
  if (filter === 'locked')
    return result.filter((room) => room.isLocked || room.housekeepingStatus === 'out_of_service');
  if (filter) return result.filter((room) => room.housekeepingStatus === filter);
  return result;
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
  const room = (await listHousekeeping(ctx, actor)).find((r) => r.id === roomId);
  if (!room) throw notFound('room');
  return room;
}
