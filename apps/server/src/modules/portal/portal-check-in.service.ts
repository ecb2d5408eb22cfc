import type { Readable } from 'node:stream';
import {
  nextBookingStatus,
  portalWindow,
  registrationFormKind,
  type TFile,
  type TPortalBooking,
  type TPortalGeneralSettings,
} from '@pms/contract';
import { requireGuest, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { renderRegistrationPdf } from '../../integrations/registration-forms/render-registration-pdf.ts';
import { recordEvent } from '../../lib/events.ts';
import { checkInPaymentRefusal, performAction } from '../bookings/index.ts';
import { storeBookingFile } from '../files/index.ts';
import { selectPropertyFile, setBookingRegistrationFile } from './portal.queries.ts';
import {
  areGuestsComplete,
  assertNotSettled,
  loadSettings,
  loadStay,
  settledStatuses,
  toPortalBooking,
  type TStay,
} from './portal-stay.ts';

/**
 * The first rule that keeps the guest from checking in now, as the error it answers with, or null:
 * already checked in, before the check-in time, a guest incomplete, no signature, money due while
 * the property takes payments online (a debtor excepted).
 */
export async function checkInBlocker(
  ctx: AppContext,
  db: Executor,
  stay: TStay,
  settings: TPortalGeneralSettings,
): Promise<AppError | null> {
  const { booking, property } = stay;
  if (settledStatuses.has(booking.status))
    return new AppError('portal/checked_in', 'the booking is checked in already');
  if (!nextBookingStatus(booking.status, 'check_in'))
    return new AppError('booking/invalid_transition', `a ${booking.status} booking cannot check in`);
  const { checkInOpensAt } = portalWindow(booking, property);
  if (ctx.clock.now() < checkInOpensAt)
    return new AppError('portal/check_in_not_open', `check-in opens at ${checkInOpensAt.toISOString()}`, {
      opensAt: checkInOpensAt.toISOString(),
    });
  if (!areGuestsComplete(stay)) {
    const incomplete = stay.guests.filter((guest) => !guest.isComplete).map((guest) => guest.id);
    return new AppError('portal/guests_incomplete', 'every guest must be registered completely', {
      guestIds: incomplete.join(','),
    });
  }
  if (!stay.signature) return new AppError('portal/signature_missing', 'the registration is not signed');
  if (!booking.roomId) return new AppError('booking/room_required', 'no room is assigned yet');
  // Without the portal's payment step, the desk takes the money: the guest is not held here.
  if (settings.featurePayment)
    return checkInPaymentRefusal(db, booking, { isDebtor: booking.isDebtor || stay.customerIsDebtor });
  return null;
}

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
  if (!areGuestsComplete(stay))
    throw new AppError('portal/guests_incomplete', 'every guest must be registered completely', {
      guestIds: stay.guests
        .filter((guest) => !guest.isComplete)
        .map((guest) => guest.id)
        .join(','),
    });
  if (!stay.signature) throw new AppError('portal/signature_missing', 'the registration is not signed');
  const settings = await loadSettings(ctx.db, actor.propertyId);
  // Staff see the confirmation in the booking's history and its portal progress.
  await recordEvent(ctx.db, {
    propertyId: actor.propertyId,
    actor,
    objectType: 'booking',
    objectId: actor.bookingId,
    type: 'pre_checked_in',
  });
  return {
    isReadyForCheckIn: (await checkInBlocker(ctx, ctx.db, stay, settings)) === null,
    booking: toPortalBooking(stay),
  };
}

/**
 * Checks the guest in through the bookings module (an event names the guest) once every rule holds,
 * and returns the signed registration form, stored on the booking in the same transaction.
 */
export async function checkIn(ctx: AppContext, actor: TActor): Promise<{ file: TFile; content: Buffer }> {
  requireGuest(actor);
  return ctx.db.transaction(async (tx) => {
    const stay = await loadStay(tx, actor, true);
    const settings = await loadSettings(tx, actor.propertyId);
    const blocker = await checkInBlocker(ctx, tx, stay, settings);
    if (blocker) throw blocker;
    // Read in the transaction (PGlite has one connection, which the transaction holds).
    const signatureRow = await selectPropertyFile(tx, actor.propertyId, stay.signature!.id);
    const signature = await readAll(await ctx.files.get(signatureRow!.storageKey));
    const now = ctx.clock.now();
    const content = await renderRegistrationPdf({
      kind: registrationFormKind(
        stay.property.address.country,
        stay.guests.map((guest) => guest.nationality),
      ),
      property: { name: stay.property.name, address: stay.property.address },
      booking: {
        code: stay.booking.code,
        checkIn: stay.booking.checkIn,
        checkOut: stay.booking.checkOut,
        roomNumber: stay.room?.number ?? null,
      },
      guests: stay.guests,
      signature,
      signedAt: now,
      timeZone: stay.property.timeZone,
    });
    await performAction({ ...ctx, db: tx }, actor, actor.bookingId, 'check_in', {
      allowDueAmount: !settings.featurePayment,
    });
    const file = await storeBookingFile(
      ctx,
      actor,
      actor.bookingId,
      {
        name: `registration-${stay.booking.code}.pdf`,
        extension: '.pdf',
        mimeType: 'application/pdf',
        content,
        purpose: 'registration',
      },
      tx,
    );
    await setBookingRegistrationFile(tx, actor.bookingId, file.id);
    return { file, content };
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
