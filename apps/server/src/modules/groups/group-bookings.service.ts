import type { TAddGroupBookingRequest, TGroup } from '@pms/contract';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { assertGroupOwned, lockGroupBooking, updateBookingGroup } from './groups.queries.ts';
import { getGroup } from './groups.service.ts';

/** Moves a booking into a group or out of it, with an event on the booking and on each group. */
async function setBookingGroup(
  db: Executor,
  actor: TActor,
  booking: { id: string; groupId: string | null },
  groupId: string | null,
): Promise<void> {
  if (booking.groupId === groupId) return;
  await updateBookingGroup(db, booking.id, groupId);
  await recordEvent(db, {
    propertyId: actor.propertyId,
    actor,
    objectType: 'booking',
    objectId: booking.id,
    type: 'updated',
    data: { changed: ['groupId'] },
  });
  const groupEvent = (id: string, type: string) =>
    recordEvent(db, {
      propertyId: actor.propertyId,
      actor,
      objectType: 'group',
      objectId: id,
      type,
      data: { bookingId: booking.id },
    });
  if (booking.groupId) await groupEvent(booking.groupId, 'booking_removed');
  if (groupId) await groupEvent(groupId, 'booking_added');
}

/** Adds a booking of the property to a group; a booking of another group moves over. */
export async function addGroupBooking(
  ctx: AppContext,
  actor: TActor,
  groupId: string,
  input: TAddGroupBookingRequest,
): Promise<TGroup> {
  requireAccess(actor, 'groups', 'write');
  await ctx.db.transaction(async (tx) => {
    await assertGroupOwned(tx, actor.propertyId, groupId);
    const booking = await lockGroupBooking(tx, actor.propertyId, input.bookingId);
    await setBookingGroup(tx, actor, booking, groupId);
  });
  return getGroup(ctx, actor, groupId, 'bookings');
}

/** Takes a booking out of a group; a booking that is not in the group is not found there. */
export async function removeGroupBooking(
  ctx: AppContext,
  actor: TActor,
  groupId: string,
  bookingId: string,
): Promise<TGroup> {
  requireAccess(actor, 'groups', 'write');
  await ctx.db.transaction(async (tx) => {
    await assertGroupOwned(tx, actor.propertyId, groupId);
    const booking = await lockGroupBooking(tx, actor.propertyId, bookingId);
    if (booking.groupId !== groupId) throw notFound('booking');
    await setBookingGroup(tx, actor, booking, null);
  });
  return getGroup(ctx, actor, groupId, 'bookings');
}
