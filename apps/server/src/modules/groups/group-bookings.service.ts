import { and, eq, isNull } from 'drizzle-orm';
import type { TAddGroupBookingRequest, TGroup } from '@pms/contract';
import type { Db, Executor } from '../../db/client.ts';
import { bookings, groups } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { getGroup } from './groups.service.ts';

async function assertGroupOfProperty(db: Executor, auth: TAuth, groupId: string): Promise<void> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.propertyId, auth.propertyId), isNull(groups.deletedAt)));
  if (!row) throw notFound('group');
}

async function findLiveBooking(db: Executor, auth: TAuth, bookingId: string) {
  const [row] = await db
    .select({ id: bookings.id, groupId: bookings.groupId })
    .from(bookings)
    .where(
      and(eq(bookings.id, bookingId), eq(bookings.propertyId, auth.propertyId), isNull(bookings.deletedAt)),
    )
    .for('update');
  if (!row) throw notFound('booking');
  return row;
}

/** Moves a booking into a group or out of it, with an event on the booking and on each group. */
async function setBookingGroup(
  db: Executor,
  auth: TAuth,
  booking: { id: string; groupId: string | null },
  groupId: string | null,
): Promise<void> {
  if (booking.groupId === groupId) return;
  await db.update(bookings).set({ groupId }).where(eq(bookings.id, booking.id));
  await recordEvent(db, {
    propertyId: auth.propertyId,
    auth,
    objectType: 'booking',
    objectId: booking.id,
    type: 'updated',
    data: { changed: ['groupId'] },
  });
  const groupEvent = (id: string, type: string) =>
    recordEvent(db, {
      propertyId: auth.propertyId,
      auth,
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
  db: Db,
  auth: TAuth,
  groupId: string,
  input: TAddGroupBookingRequest,
): Promise<TGroup> {
  await db.transaction(async (tx) => {
    await assertGroupOfProperty(tx, auth, groupId);
    await setBookingGroup(tx, auth, await findLiveBooking(tx, auth, input.bookingId), groupId);
  });
  return getGroup(db, auth, groupId, 'bookings');
}

/** Takes a booking out of a group; a booking that is not in the group is not found there. */
export async function removeGroupBooking(
  db: Db,
  auth: TAuth,
  groupId: string,
  bookingId: string,
): Promise<TGroup> {
  await db.transaction(async (tx) => {
    await assertGroupOfProperty(tx, auth, groupId);
    const booking = await findLiveBooking(tx, auth, bookingId);
    if (booking.groupId !== groupId) throw notFound('booking');
    await setBookingGroup(tx, auth, booking, null);
  });
  return getGroup(db, auth, groupId, 'bookings');
}
