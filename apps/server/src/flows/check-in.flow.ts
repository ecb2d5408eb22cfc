import type { Readable } from 'node:stream';
import {
  isCheckInHeldByDue,
  nextBookingStatus,
  portalWindow,
  registrationFormKind,
  type TBooking,
  type TBookingStatus,
  type TFile,
} from '@pms/contract';
import type { TActor } from '../actor.ts';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { AppError } from '../errors.ts';
import {
  renderRegistrationPdf,
  type TRegistrationFormGuest,
} from '../integrations/registration-forms/render-registration-pdf.ts';
import type { TPropertyRow } from '../lib/properties.ts';
import { checkInBooking, type TBookingRow } from '../modules/bookings/index.ts';
import { findOwnedContact } from '../modules/contacts/index.ts';
import { openOwnedFile, storeBookingFile } from '../modules/files/index.ts';
import { getBookingTotals } from '../modules/folios/index.ts';

// Check-in, at the desk and from the guest portal: the one place its rules are written. The bookings
// module runs the status change (the key handed out, the event recorded); this flow decides whether
// it may run, and from the portal adds the signed registration form.

/** Statuses after which the guest's registration is kept as it is (the portal's check-in is done). */
export const settledStatuses: ReadonlySet<TBookingStatus> = new Set(['checked_in', 'checked_out']);

/** Whether the booking or its customer settles later by invoice (a debtor checks in without paying first). */
async function isDebtor(db: Executor, booking: TBookingRow): Promise<boolean> {
  if (booking.isDebtor) return true;
  if (!booking.customerId) return false;
  return (await findOwnedContact(db, booking.propertyId, booking.customerId, 'customer')).isDebtor;
}

/**
 * The money rule: check-in is refused while money is due, unless the booking or its customer is a
 * debtor (settles later by invoice). Answers the refusal or null; `known` spares what the caller read.
 */
export async function checkInPaymentRefusal(
  db: Executor,
  booking: Pick<TBookingRow, 'id' | 'propertyId' | 'isDebtor' | 'customerId'>,
  known: { dueAmount?: number; isDebtor?: boolean } = {},
): Promise<AppError | null> {
  const dueAmount = known.dueAmount ?? (await getBookingTotals(db, booking.propertyId, booking.id)).dueAmount;
  if (dueAmount <= 0) return null;
  const isDebtorNow = known.isDebtor ?? (await isDebtor(db, booking as TBookingRow));
  if (!isCheckInHeldByDue({ dueAmount, isDebtor: isDebtorNow })) return null;
  return new AppError('booking/payment_due', `${dueAmount} cents are due before check-in`, { dueAmount });
}

/** Staff check a guest in at the desk: the money rule holds, a debtor excepted. */
export async function checkInAtDesk(ctx: AppContext, actor: TActor, bookingId: string): Promise<TBooking> {
  return checkInBooking(ctx, actor, bookingId, async (db, booking) => {
    const { dueAmount } = await getBookingTotals(db, booking.propertyId, booking.id);
    const refusal = await checkInPaymentRefusal(db, booking, { dueAmount });
    if (refusal) throw refusal;
    return dueAmount;
  });
}

/** What the portal knows of the link's booking when its guest checks in (the portal's loaded stay). */
export type TGuestStay = {
  booking: {
    id: string;
    code: string;
    status: TBookingStatus;
    checkIn: string;
    checkOut: string;
    roomId: string | null;
    isDebtor: boolean;
    propertyId: string;
    customerId: string | null;
  };
  customerIsDebtor: boolean;
  property: TPropertyRow;
  room: { number: string } | null;
  guests: (TRegistrationFormGuest & { id: string; isComplete: boolean })[];
  signature: TFile | null;
};

export const areGuestsComplete = (stay: Pick<TGuestStay, 'guests'>) =>
  stay.guests.length > 0 && stay.guests.every((guest) => guest.isComplete);

/** What the guest's registration still lacks for a check-in: a guest incomplete, or the signature. */
export function registrationBlocker(stay: Pick<TGuestStay, 'guests' | 'signature'>): AppError | null {
  if (!areGuestsComplete(stay))
    return new AppError('portal/guests_incomplete', 'every guest must be registered completely', {
      guestIds: stay.guests
        .filter((guest) => !guest.isComplete)
        .map((guest) => guest.id)
        .join(','),
    });
  if (!stay.signature) return new AppError('portal/signature_missing', 'the registration is not signed');
  return null;
}

/**
 * The first rule that keeps the guest from checking in now, as the error it answers with, or null:
 * already checked in, before the check-in time, a guest incomplete, no signature, no room, money due
 * while the property takes payments online (a debtor excepted: without the portal's payment step, the
 * desk takes the money and the guest is not held here).
 */
export async function guestCheckInBlocker(
  ctx: AppContext,
  db: Executor,
  stay: TGuestStay,
  options: { takesPaymentsOnline: boolean },
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
  const unregistered = registrationBlocker(stay);
  if (unregistered) return unregistered;
  if (!booking.roomId) return new AppError('booking/room_required', 'no room is assigned yet');
  if (!options.takesPaymentsOnline) return null;
  return checkInPaymentRefusal(db, booking, { isDebtor: booking.isDebtor || stay.customerIsDebtor });
}

/**
 * The guest checks in from the portal, in the caller's transaction (the stay read locked in it): every
 * rule of `guestCheckInBlocker` holds, the booking is checked in (an event names the guest), and the
 * signed registration form is rendered and stored on the booking. Money left due is allowed where the
 * property takes no payments online (the desk takes it).
 */
export async function checkInAsGuest(
  ctx: AppContext,
  actor: TActor,
  stay: TGuestStay,
  options: { takesPaymentsOnline: boolean },
): Promise<{ file: TFile; content: Buffer }> {
  const blocker = await guestCheckInBlocker(ctx, ctx.db, stay, options);
  if (blocker) throw blocker;
  const { booking, property } = stay;
  const signature = await openOwnedFile(ctx, property.id, stay.signature!.id);
  const content = await renderRegistrationPdf({
    kind: registrationFormKind(
      property.address.country,
      stay.guests.map((guest) => guest.nationality),
    ),
    property: { name: property.name, address: property.address },
    booking: {
      code: booking.code,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      roomNumber: stay.room?.number ?? null,
    },
    guests: stay.guests,
    signature: await readAll(signature.stream),
    signedAt: ctx.clock.now(),
    timeZone: property.timeZone,
  });
  await checkInBooking(
    ctx,
    actor,
    booking.id,
    async (db, row) => (await getBookingTotals(db, row.propertyId, row.id)).dueAmount,
  );
  const file = await storeBookingFile(
    ctx,
    actor,
    booking.id,
    {
      name: `registration-${booking.code}.pdf`,
      extension: '.pdf',
      mimeType: 'application/pdf',
      content,
      purpose: 'registration',
    },
    ctx.db,
  );
  return { file, content };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
