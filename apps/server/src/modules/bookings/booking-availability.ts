import {
  nightsBetween,
  todayIn,
  type TBookingQuote,
  type TBookingQuoteRequest,
  type TErrorCode,
  type TFreeRoom,
  type TFreeRoomsQuery,
} from '@pms/contract';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findProperty } from '../../lib/properties.ts';
import { resolveRateId, assertRoomTypeOwned } from '../base-data/index.ts';
import { stayChargeDrafts } from './booking-prices.ts';
import { selectFreeRooms, selectRoomConflict, type TRoomStay } from './room-occupancy.queries.ts';
import { assertBookingOwned } from './bookings.queries.ts';

/** Refuses a stay of less than one or more than 365 nights, or (given today) one that began already. */
export function assertValidStay(checkIn: string, checkOut: string, today: string | null): void {
  if (nightsBetween(checkIn, checkOut) < 1)
    throw new AppError('booking/invalid_dates', 'check-out must be after check-in');
  if (nightsBetween(checkIn, checkOut) > 365)
    throw new AppError('booking/invalid_dates', 'a stay lasts at most 365 nights');
  if (today && checkIn < today) throw new AppError('booking/invalid_dates', 'check-in is in the past');
}

/** The price a stay would get from its rate (the standard rate when none is named), before booking it. */
export async function quoteBooking(
  ctx: AppContext,
  actor: TActor,
  input: TBookingQuoteRequest,
): Promise<TBookingQuote> {
  requireAccess(actor, 'bookings', 'read');
  assertValidStay(input.checkIn, input.checkOut, null);
  await assertRoomTypeOwned(ctx.db, actor.propertyId, input.roomTypeId);
  const rateId = await resolveRateId(ctx.db, actor.propertyId, input.rateId);
  const drafts = await stayChargeDrafts(ctx.db, { ...input, propertyId: actor.propertyId, rateId });
  return {
    rateId,
    numberOfNights: nightsBetween(input.checkIn, input.checkOut),
    grossAmount: drafts.reduce((sum, charge) => sum + charge.grossAmount, 0),
  };
}

/** The rooms free for a stay; a dirty one is marked when the stay begins today in the property. */
export async function listFreeRooms(
  ctx: AppContext,
  actor: TActor,
  query: TFreeRoomsQuery,
): Promise<TFreeRoom[]> {
  requireAccess(actor, 'bookings', 'read');
  assertValidStay(query.checkIn, query.checkOut, null);
  if (query.bookingId) await assertBookingOwned(ctx.db, actor.propertyId, query.bookingId);
  const property = await findProperty(ctx.db, actor.propertyId);
  const isArrivalToday = query.checkIn === todayIn(property.timeZone, ctx.clock.now());
  const rows = await selectFreeRooms(
    ctx.db,
    actor.propertyId,
    query.checkIn,
    query.checkOut,
    query.bookingId,
  );
  return rows.map(({ housekeepingStatus, ...room }) => ({
    ...room,
    needsCleaning: isArrivalToday && housekeepingStatus === 'dirty',
  }));
}

/**
 * Refuses a stay that meets another booking holding the room or a room lock, naming what it meets
 * (booking code or lock dates, and the room number) in the problem's params. The database's exclusion
 * constraint still guards against a concurrent write; this only makes the usual refusal say more.
 */
export async function assertRoomFree(
  db: Executor,
  stay: TRoomStay,
  code: Extract<TErrorCode, 'booking/overlap_detected' | 'room_lock/overlap_detected'>,
): Promise<void> {
  const conflict = await selectRoomConflict(db, stay);
  if (!conflict) return;
  if (conflict.bookingCode !== null) {
    throw new AppError(code, `room ${conflict.roomNumber} is held by booking ${conflict.bookingCode}`, {
      conflict: 'booking',
      roomNumber: conflict.roomNumber,
      bookingCode: conflict.bookingCode,
    });
  }
  throw new AppError(code, `room ${conflict.roomNumber} is locked`, {
    conflict: 'room_lock',
    roomNumber: conflict.roomNumber,
    startDate: conflict.lockStart ?? '',
    endDate: conflict.lockEnd ?? '',
  });
}
