import {
  droppedBookingStatuses,
  type TLanguage,
  type TMailMessage,
  type TSendMailRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { findProperty, type TPropertyRow } from '../../lib/properties.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import { bookingLinkUrl } from '../../lib/portal-links.ts';
import { formatMailDate, mailLocale } from './mail-texts.ts';
import {
  selectBookingLink,
  selectContact,
  selectCurrentBookingLink,
  selectMailBooking,
  selectMainGuest,
  type TMailContact,
  type TMailMessageRow,
} from './mail.queries.ts';
import { addresseeOf, isLanguage, queueMessage, toMailMessage } from './mail-queue.ts';

function bookingValues(
  property: TPropertyRow,
  booking: { code: string; checkIn: string; checkOut: string },
  language: TLanguage,
  guestName: string,
) {
  const locale = mailLocale(language, property.address.country);
  return {
    locale,
    values: {
      guestName,
      bookingCode: booking.code,
      checkIn: formatMailDate(booking.checkIn, locale),
      checkOut: formatMailDate(booking.checkOut, locale),
      propertyName: property.name,
    },
  };
}

export async function findMailBooking(db: Executor, propertyId: string, bookingId: string) {
  const booking = await selectMailBooking(db, propertyId, bookingId);
  if (!booking) throw notFound('booking');
  const customer = booking.customerId ? await selectContact(db, booking.customerId) : undefined;
  const mainGuest = await selectMainGuest(db, booking.id);
  return { booking, customer, mainGuest };
}

export function languageOf(request: TSendMailRequest, ...contacts: (TMailContact | undefined)[]): TLanguage {
  if (request.language) return request.language;
  const spoken = contacts.map((contact) => contact?.language).find(isLanguage);
  return spoken ?? 'de';
}

export type TQueuedDownload = { message: TMailMessage; raw: string; fileName: string };

/** Queues the booking-link e-mail (general settings' subject and text) and answers the message itself. */
export async function sendBookingLink(
  ctx: AppContext,
  actor: TActor,
  bookingId: string,
  linkId: string,
  request: TSendMailRequest,
): Promise<TQueuedDownload> {
  requireAccess(actor, 'bookings', 'write');
  requireAccess(actor, 'bookingDetails', 'read');
  requireAccess(actor, 'mail', 'write');
  return ctx.db.transaction(async (tx) => {
    const { booking, customer, mainGuest } = await findMailBooking(tx, actor.propertyId, bookingId);
    const link = await selectBookingLink(tx, booking.id, linkId);
    if (!link) throw notFound('link');
    if (link.revokedAt || link.expiresAt <= ctx.clock.now()) {
      throw new AppError('mail/link_inactive', 'the link is revoked or expired');
    }
    const property = await findProperty(tx, actor.propertyId);
    // The link is the guest's way into the portal: the staying guest comes first.
    const addressee = addresseeOf([mainGuest, customer]);
    const language = languageOf(request, addressee, mainGuest, customer);
    const { values } = bookingValues(property, booking, language, addressee?.name ?? booking.code);
    const row = await queueMessage(ctx, tx, {
      kind: 'link',
      propertyId: actor.propertyId,
      property,
      to: request.to ?? addressee?.email,
      language,
      values: { ...values, link: bookingLinkUrl(ctx, link.id) },
      bookingId: booking.id,
      invoiceId: null,
    });
    return { message: toMailMessage(row), raw: row.raw, fileName: `${booking.code}.eml` };
  });
}

/** Queues the booking confirmation to the customer (else the main guest), in the caller's transaction. */
async function queueConfirmation(
  ctx: AppContext,
  db: Executor,
  propertyId: string,
  stay: Awaited<ReturnType<typeof findMailBooking>>,
  request: TSendMailRequest,
): Promise<TMailMessageRow> {
  const { booking, customer, mainGuest } = stay;
  if (droppedBookingStatuses.includes(booking.status)) {
    throw new AppError('booking/invalid_transition', `a ${booking.status} booking is not confirmed`);
  }
  const property = await findProperty(db, propertyId);
  const addressee = addresseeOf([customer, mainGuest]);
  const language = languageOf(request, addressee, customer, mainGuest);
  const { values } = bookingValues(property, booking, language, addressee?.name ?? booking.code);
  const link = await selectCurrentBookingLink(db, booking.id);
  const isLinkActive = link && link.expiresAt > ctx.clock.now();
  return queueMessage(ctx, db, {
    kind: 'confirmation',
    propertyId,
    property,
    to: request.to ?? addressee?.email,
    language,
    values: { ...values, link: isLinkActive ? bookingLinkUrl(ctx, link.id) : '' },
    bookingId: booking.id,
    invoiceId: null,
  });
}

/** Queues the booking confirmation to the customer (else the main guest). */
export async function sendBookingConfirmation(
  ctx: AppContext,
  actor: TActor,
  bookingId: string,
  request: TSendMailRequest,
): Promise<TMailMessage> {
  requireAccess(actor, 'bookings', 'write');
  requireAccess(actor, 'bookingDetails', 'read');
  requireAccess(actor, 'mail', 'write');
  return ctx.db.transaction(async (tx) => {
    const stay = await findMailBooking(tx, actor.propertyId, bookingId);
    return toMailMessage(await queueConfirmation(ctx, tx, actor.propertyId, stay, request));
  });
}

/**
 * Queues a new booking's confirmation to its customer's address (the `mail.booking_confirmation` job,
 * enqueued with the booking when the general settings ask for it). A customer without an address, or
 * a booking cancelled or deleted since, gets none.
 */
export async function queueNewBookingConfirmation(
  ctx: AppContext,
  propertyId: string,
  bookingId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const booking = await selectMailBooking(tx, propertyId, bookingId);
    if (!booking || droppedBookingStatuses.includes(booking.status)) return;
    const stay = await findMailBooking(tx, propertyId, bookingId);
    if (!stay.customer?.email) return;
    await queueConfirmation(ctx, tx, propertyId, stay, { to: stay.customer.email });
  });
}
