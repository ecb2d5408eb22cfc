import {
  bookingActionBlocker,
  bookingEventByAction,
  droppedBookingStatuses,
  nextBookingStatus,
  todayIn,
  type TBooking,
  type TBookingAction,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { issueAccessToken, revokeAccessToken } from '../doors/index.ts';
import { setRoomHousekeepingStatus } from '../../lib/rooms.queries.ts';
import { requireAccess, requireBookingAccess, type TActor } from '../../actor.ts';
import { toAppError } from '../../db/constraint-errors.ts';
import { findProperty } from '../../lib/properties.ts';
import { shortenStayAtCheckOut } from './booking-checkout.ts';
import {
  findBooking,
  hasClosedFolio,
  selectBookingDetailsByIds,
  selectBookingsForUpdate,
  updateBookingRow,
  type TBookingRow,
} from './bookings.queries.ts';
import { lockRoomsInOrder } from './room-occupancy.queries.ts';
import { postStayCharges } from './booking-prices.ts';
import { getBookingTotals } from '../folios/index.ts';
import { allRelations, toBooking, toBookings } from './bookings.mapper.ts';

/** Refuses an action the status allows but the booking is not ready for (no room, before arrival). */
async function assertActionReady(
  db: Executor,
  booking: TBookingRow,
  action: TBookingAction,
  now: Date,
): Promise<void> {
  const property = await findProperty(db, booking.propertyId);
  const blocker = bookingActionBlocker(action, booking, todayIn(property.timeZone, now));
  if (blocker === 'booking/room_required') throw new AppError(blocker, `assign a room before ${action}`);
  if (blocker === 'booking/before_arrival') {
    throw new AppError(blocker, `the stay begins on ${booking.checkIn}`, { checkIn: booking.checkIn });
  }
}
/** What admits a check-in (the check-in flow's rules), run on the locked booking; answers the amount left due. */
export type TCheckInAdmission = (db: Executor, booking: TBookingRow) => Promise<number>;

/**
 * The balance rules, on the booking as the action leaves it: check-in runs its admission (the check-in
 * flow's money rule); check-out with money due needs staff's confirmation. Returns the amount due (cents).
 */
async function assertBalanceRules(
  db: Executor,
  booking: TBookingRow,
  action: TBookingAction,
  options: { confirmDueAmount?: boolean; admitCheckIn?: TCheckInAdmission },
): Promise<number> {
  if (action === 'check_in') return options.admitCheckIn!(db, booking);
  if (action !== 'check_out') return 0;
  const { dueAmount } = await getBookingTotals(db, booking.propertyId, booking.id);
  if (dueAmount > 0 && !options.confirmDueAmount)
    throw new AppError('booking/check_out_confirmation_required', `${dueAmount} cents are due`, {
      dueAmount,
    });
  return dueAmount;
}

/** The actions staff run directly; check-in runs through the check-in flow (`flows/check-in.flow.ts`). */
export type TDirectBookingAction = Exclude<TBookingAction, 'check_in'>;

/** Runs one status action through the transition table; check-out leaves the room dirty. */
export function performAction(
  ctx: AppContext,
  actor: TActor,
  id: string,
  action: TDirectBookingAction,
  options: { shortenStay?: boolean; confirmDueAmount?: boolean } = {},
): Promise<TBooking> {
  return transition(ctx, actor, id, action, options);
}

/**
 * Checks the booking in once `admit` (the check-in flow's rules, run on the locked booking) lets it:
 * status, key, event. The guest of the booking may run it too (the portal's check-in).
 */
export function checkInBooking(
  ctx: AppContext,
  actor: TActor,
  id: string,
  admit: TCheckInAdmission,
): Promise<TBooking> {
  return transition(ctx, actor, id, 'check_in', { admitCheckIn: admit });
}

async function transition(
  ctx: AppContext,
  actor: TActor,
  id: string,
  action: TBookingAction,
  options: { shortenStay?: boolean; confirmDueAmount?: boolean; admitCheckIn?: TCheckInAdmission },
): Promise<TBooking> {
  requireBookingAccess(actor, 'bookings', 'write', id);
  return ctx.db.transaction(async (tx) => {
    const booking = await findBooking(tx, actor.propertyId, id, true);
    const status = nextBookingStatus(booking.status, action);
    if (!status)
      throw new AppError(
        'booking/invalid_transition',
        `${action} is not possible for a ${booking.status} booking`,
      );
    const now = ctx.clock.now();
    await assertActionReady(tx, booking, action, now);
    // The stay is shortened only where its bill can follow: an invoiced stay (a closed folio) keeps
    // billing the booked nights, so the invoice is cancelled first.
    if (action === 'check_out' && options.shortenStay && (await hasClosedFolio(tx, id)))
      throw new AppError(
        'booking/read_only',
        'the stay is invoiced: cancel the invoice first, then shorten the stay',
      );
    const updated = await updateBookingRow(tx, id, {
      status,
      ...(action === 'check_in' ? { checkedInAt: now } : {}),
      ...(action === 'undo_check_in' ? { checkedInAt: null } : {}),
      ...(action === 'check_out' ? { checkedOutAt: now } : {}),
      ...(action === 'undo_check_out' ? { checkedOutAt: null } : {}),
    });
    const shortened =
      action === 'check_out' && options.shortenStay
        ? await shortenStayAtCheckOut(tx, await findProperty(tx, actor.propertyId), updated, now)
        : null;
    const row = shortened?.row ?? updated;
    if (action === 'check_out' && booking.roomId) {
      await setRoomHousekeepingStatus(tx, booking.roomId, 'dirty');
    }
    if (droppedBookingStatuses.includes(status) !== droppedBookingStatuses.includes(booking.status))
      await postStayCharges(tx, row);
    const dueAmount = await assertBalanceRules(tx, row, action, options);
    // A guest in the house holds a key; whatever ends the stay (or undoes the check-in) revokes it.
    if (status === 'checked_in') await issueAccessToken(ctx, tx, actor, row);
    else await revokeAccessToken(ctx, tx, actor, row);
    await recordEvent(tx, {
      propertyId: actor.propertyId,
      actor,
      objectType: 'booking',
      objectId: id,
      type: bookingEventByAction[action],
      data: {
        from: booking.status,
        to: status,
        ...(shortened ? { checkOut: { from: shortened.previousCheckOut, to: shortened.row.checkOut } } : {}),
        ...(dueAmount > 0 ? { dueAmount, isDueAmountConfirmed: action === 'check_out' } : {}),
      },
    });
    return toBooking(ctx, tx, row);
  });
}
/** Confirms several pending bookings at once: all or none, refused when any would overlap. */
export async function confirmBookings(ctx: AppContext, actor: TActor, ids: string[]): Promise<TBooking[]> {
  requireAccess(actor, 'bookings', 'write');
  try {
    return await ctx.db.transaction(async (tx) => {
      const rows = await selectBookingsForUpdate(tx, actor.propertyId, ids);
      if (rows.length !== new Set(ids).size) throw notFound('booking');
      await lockRoomsInOrder(
        tx,
        rows.flatMap((booking) => (booking.status === 'pending' && booking.roomId ? [booking.roomId] : [])),
      );
      const confirmed: TBookingRow[] = [];
      for (const booking of rows) {
        if (booking.status !== 'pending') {
          confirmed.push(booking);
          continue;
        }
        const row = await updateBookingRow(tx, booking.id, { status: 'confirmed' });
        await recordEvent(tx, {
          propertyId: actor.propertyId,
          actor,
          objectType: 'booking',
          objectId: booking.id,
          type: 'confirmed',
        });
        confirmed.push(row);
      }
      const details = await selectBookingDetailsByIds(
        tx,
        confirmed.map((booking) => booking.id),
      );
      const byId = new Map(details.map((row) => [row.booking.id, row]));
      return toBookings(
        ctx,
        confirmed.map((booking) => byId.get(booking.id)!),
        allRelations,
      );
    });
  } catch (error) {
    if (toAppError(error)?.code === 'booking/overlap_detected')
      throw new AppError('booking/overlaps_detected');
    throw error;
  }
}
