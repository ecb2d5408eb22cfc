import {
  ZCreateContactRequest,
  type TAssignGuestRequest,
  type TBooking,
  type TUpdateBookingGuestRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { insertContact, assertContactOwned } from '../contacts/index.ts';
import { AppError, invalidField, notFound } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import {
  countBookingGuests,
  deleteBookingGuest,
  insertBookingGuest,
  selectBookingGuests,
  updateGuestFamilyMember,
} from './booking-guests.queries.ts';
import { findBooking } from './bookings.queries.ts';
import { toBooking } from './bookings.mapper.ts';
import { assertEditable } from './bookings.service.ts';

/** Assigns a guest (an existing contact of the property, or a new one) to a booking. */
export async function assignGuest(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TAssignGuestRequest,
): Promise<TBooking> {
  requireAccess(actor, 'bookings', 'write');
  return ctx.db.transaction(async (tx) => {
    const booking = await findBooking(tx, actor.propertyId, id, true);
    await assertEditable(tx, booking);
    let contactId: string;
    if ('contactId' in input) {
      await assertContactOwned(tx, actor.propertyId, input.contactId);
      contactId = input.contactId;
    } else {
      contactId = (await insertContact(tx, actor, ZCreateContactRequest.parse(input))).id;
    }
    const guestCount = await countBookingGuests(tx, id);
    if (guestCount >= booking.occupancy) {
      throw new AppError('booking/failed_assignment', 'the booking has as many guests as its occupancy');
    }
    const isAssigned = await insertBookingGuest(tx, {
      propertyId: actor.propertyId,
      bookingId: id,
      contactId,
      isPrimary: guestCount === 0,
    });
    if (!isAssigned) throw new AppError('booking/failed_assignment', 'the guest is already assigned');
    await recordEvent(tx, {
      propertyId: actor.propertyId,
      actor,
      objectType: 'booking',
      objectId: id,
      type: 'guest_assigned',
      data: { contactId },
    });
    return toBooking(ctx, tx, booking);
  });
}
/**
 * Marks a guest as a family member travelling with the primary guest, or not: the registration then
 * asks only their name and date of birth. The primary guest is never one.
 */
export async function updateGuest(
  ctx: AppContext,
  actor: TActor,
  id: string,
  contactId: string,
  input: TUpdateBookingGuestRequest,
): Promise<TBooking> {
  requireAccess(actor, 'bookings', 'write');
  return ctx.db.transaction(async (tx) => {
    const booking = await findBooking(tx, actor.propertyId, id, true);
    await assertEditable(tx, booking);
    const guest = (await selectBookingGuests(tx, id)).find((row) => row.contactId === contactId);
    if (!guest) throw notFound('guest');
    if (guest.isPrimary && input.isFamilyMember)
      throw invalidField('isFamilyMember', 'the primary guest is no family member of themselves');
    if (guest.isFamilyMember !== input.isFamilyMember) {
      await updateGuestFamilyMember(tx, id, contactId, input.isFamilyMember);
      await recordEvent(tx, {
        propertyId: actor.propertyId,
        actor,
        objectType: 'contact',
        objectId: contactId,
        type: 'updated',
        data: { changed: ['isFamilyMember'], bookingId: id },
      });
    }
    return toBooking(ctx, tx, booking);
  });
}

export async function unassignGuest(
  ctx: AppContext,
  actor: TActor,
  id: string,
  contactId: string,
): Promise<TBooking> {
  requireAccess(actor, 'bookings', 'write');
  return ctx.db.transaction(async (tx) => {
    const booking = await findBooking(tx, actor.propertyId, id, true);
    await assertEditable(tx, booking);
    const isRemoved = await deleteBookingGuest(tx, id, contactId);
    if (!isRemoved) throw notFound('guest');
    await recordEvent(tx, {
      propertyId: actor.propertyId,
      actor,
      objectType: 'booking',
      objectId: id,
      type: 'guest_unassigned',
      data: { contactId },
    });
    return toBooking(ctx, tx, booking);
  });
}
