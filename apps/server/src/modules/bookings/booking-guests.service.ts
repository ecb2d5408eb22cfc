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
  updateGuestLocalTaxExemption,
} from './booking-guests.queries.ts';
import { findBooking, type TBookingRow } from './bookings.queries.ts';
import { postStayCharges } from './booking-prices.ts';
import { activeLevies } from '../local-tax/index.ts';
import type { Executor } from '../../db/client.ts';
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
    await postStayCharges(tx, booking);
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
 * asks only their name and date of birth. The primary guest is never one. Sets or clears the guest's
 * local tax exemption reason (one a levy of the property accepts) with a note, and posts the stay's
 * local tax anew.
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
    if (input.localTaxExemption !== undefined) {
      await setLocalTaxExemption(tx, actor, booking, contactId, input.localTaxExemption);
    }
    if (input.isFamilyMember !== undefined && guest.isFamilyMember !== input.isFamilyMember) {
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

async function setLocalTaxExemption(
  db: Executor,
  actor: TActor,
  booking: TBookingRow,
  contactId: string,
  exemption: { reason: string; note: string | null } | null,
): Promise<void> {
  if (exemption) {
    const reasons = (await activeLevies(db, actor.propertyId)).flatMap((levy) =>
      levy.versions.flatMap((version) => version.exemptionReasons),
    );
    if (!reasons.includes(exemption.reason))
      throw invalidField('localTaxExemption.reason', 'no levy of the property accepts this reason');
  }
  await updateGuestLocalTaxExemption(db, booking.id, contactId, exemption);
  await postStayCharges(db, booking);
  await recordEvent(db, {
    propertyId: actor.propertyId,
    actor,
    objectType: 'contact',
    objectId: contactId,
    type: 'updated',
    data: { changed: ['localTaxExemption'], bookingId: booking.id },
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
    await postStayCharges(tx, booking);
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
