import type { TFile, TPortalBooking } from '@pms/contract';
import { requireGuest, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { checkInAsGuest, guestCheckInBlocker, registrationBlocker } from '../../flows/check-in.flow.ts';
import { recordEvent } from '../../lib/events.ts';
import { confirmGuestFiles, setBookingRegistrationFile } from './portal.queries.ts';
import { assertNotSettled, loadSettings, loadStay, toPortalBooking } from './portal-stay.ts';

/**
 * Pre-check-in: the guest confirms a complete, signed registration. Refused (with the rule's code)
 * while it is not; answers whether check-in itself could run now.
 */
export async function preCheckIn(
  ctx: AppContext,
  actor: TActor,
): Promise<{ isReadyForCheckIn: boolean; booking: TPortalBooking }> {
  requireGuest(actor);
  const stay = await loadStay(ctx.db, actor);
  assertNotSettled(stay);
  const unregistered = registrationBlocker(stay);
  if (unregistered) throw unregistered;
  const settings = await loadSettings(ctx.db, actor.propertyId);
  // The guest confirms the data read from their ID pictures with their registration (decision 194).
  await confirmGuestFiles(ctx.db, actor.propertyId, actor.bookingId, ctx.clock.now());
  // Staff see the confirmation in the booking's history and its portal progress.
  await recordEvent(ctx.db, {
    propertyId: actor.propertyId,
    actor,
    objectType: 'booking',
    objectId: actor.bookingId,
    type: 'pre_checked_in',
  });
  const blocker = await guestCheckInBlocker(ctx, ctx.db, stay, {
    takesPaymentsOnline: settings.featurePayment,
  });
  return { isReadyForCheckIn: blocker === null, booking: toPortalBooking(stay) };
}

/**
 * The guest checks in through the check-in flow, and the signed registration form it stores is kept as
 * the booking's, in the same transaction.
 */
export async function checkIn(ctx: AppContext, actor: TActor): Promise<{ file: TFile; content: Buffer }> {
  requireGuest(actor);
  return ctx.db.transaction(async (tx) => {
    const stay = await loadStay(tx, actor, true);
    const settings = await loadSettings(tx, actor.propertyId);
    const done = await checkInAsGuest({ ...ctx, db: tx }, actor, stay, {
      takesPaymentsOnline: settings.featurePayment,
    });
    await setBookingRegistrationFile(tx, actor.bookingId, done.file.id);
    await confirmGuestFiles(tx, actor.propertyId, actor.bookingId, ctx.clock.now());
    return done;
  });
}
