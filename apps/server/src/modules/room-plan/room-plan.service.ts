import {
  bookingDisplayName,
  nightsBetween,
  todayIn,
  type TRoomPlan,
  type TRoomPlanBooking,
} from '@pms/contract';
import { AppError } from '../../errors.ts';
import { findProperty } from '../../lib/properties.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import {
  selectPlanRooms,
  selectPlanRoomTypes,
  selectPlanStays,
  type TPlanStayRow,
} from './room-plan.queries.ts';

export const maxRoomPlanDays = 120;

function toPlanBooking(row: TPlanStayRow): TRoomPlanBooking {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    checkIn: row.checkIn,
    checkOut: row.checkOut,
    occupancy: row.occupancy,
    color: row.color,
    displayName: bookingDisplayName(row),
    isRoomFixed: row.isRoomFixed,
  };
}

/** Appends `value` to the list under `key`. */
function push<T>(lists: Map<string, T[]>, key: string, value: T): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

/**
 * Everything the tape chart draws for [from, to]: room types, rooms with the bookings and locks
 * touching the window, and the bookings without a room. At 300 rooms by 60 days that is thousands of
 * bars: the database finds them through the range index and joins the names as sets, and the answer
 * is written here from plain rows, in one read-only snapshot.
 */
export async function getRoomPlan(
  ctx: AppContext,
  actor: TActor,
  from: string,
  to: string,
): Promise<TRoomPlan> {
  requireAccess(actor, 'roomPlan', 'read');
  const days = nightsBetween(from, to);
  if (days < 0 || days > maxRoomPlanDays)
    throw new AppError('validation', `the period must be 0 to ${maxRoomPlanDays} days`);
  const p = actor.propertyId;
  const { property, stays, rooms, roomTypes } = await ctx.db.transaction(
    async (tx) => ({
      property: await findProperty(tx, p),
      stays: await selectPlanStays(tx, p, from, to),
      rooms: await selectPlanRooms(tx, p, from, to),
      roomTypes: await selectPlanRoomTypes(tx, p, from, to),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const byRoom = new Map<string, TRoomPlanBooking[]>();
  const byRoomType = new Map<string, TRoomPlanBooking[]>();
  for (const row of stays) {
    if (row.roomId) push(byRoom, row.roomId, toPlanBooking(row));
    else push(byRoomType, row.roomTypeId, toPlanBooking(row));
  }
  return {
    from,
    to,
    today: todayIn(property.timeZone, ctx.clock.now()),
    roomTypes,
    rooms: rooms.map((room) => ({
      id: room.id,
      number: room.number,
      roomTypeId: room.roomTypeId,
      housekeepingStatus: room.housekeepingStatus,
      bookings: byRoom.get(room.id) ?? [],
      locks: room.locks,
    })),
    unassigned: roomTypes.flatMap((type) => {
      const bookings = byRoomType.get(type.id);
      return bookings ? [{ roomTypeId: type.id, bookings }] : [];
    }),
  };
}
