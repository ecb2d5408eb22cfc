import {
  portalLinkState,
  portalProgressUnlockLimit,
  registrationFormKind,
  type TEvent,
  type TPortalProgress,
} from '@pms/contract';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { findProperty } from '../../lib/properties.ts';
import { listBookingEvents } from '../bookings/index.ts';
import { hasAccessToken } from '../doors/index.ts';
import { getBookingTotals } from '../folios/index.ts';
import { listPortalPayments } from '../payments/index.ts';
import { selectLatestBookingLink, selectPortalBooking, selectPropertyFile } from './portal.queries.ts';
import { loadGuests, loadSettings } from './portal-stay.ts';

/** Statuses a booking reaches only through check-in. */
const checkedInStatuses = new Set(['checked_in', 'checked_out']);

const latest = (events: TEvent[], type: string) => events.find((event) => event.type === type);

/**
 * How far the booking's guest got in the portal, for staff on the booking: each guest's registration
 * (complete, or the fields the property's country still asks for), the signature, the pre-check-in,
 * what is paid and due (and paid through the portal), the check-in (by the portal or the desk), and
 * the latest attempts to open a door. Events are read newest first, so the latest of each kind wins.
 */
export async function getPortalProgress(
  ctx: AppContext,
  actor: TActor,
  bookingId: string,
): Promise<TPortalProgress> {
  requireAccess(actor, 'bookingDetails', 'read');
  const p = actor.propertyId;
  const row = await selectPortalBooking(ctx.db, p, bookingId);
  if (!row) throw notFound('booking');
  const { booking } = row;
  const property = await findProperty(ctx.db, p);
  const guests = await loadGuests(ctx.db, property, bookingId);
  const settings = await loadSettings(ctx.db, p);
  const totals = await getBookingTotals(ctx.db, p, bookingId);
  const link = await selectLatestBookingLink(ctx.db, bookingId);
  const signature = booking.signatureFileId
    ? await selectPropertyFile(ctx.db, p, booking.signatureFileId)
    : undefined;
  const events = await listBookingEvents(ctx, actor, bookingId);
  const preCheckIn = latest(events, 'pre_checked_in');
  const checkIn = checkedInStatuses.has(booking.status) ? latest(events, 'checked_in') : undefined;
  return {
    linkState: link ? portalLinkState(link, ctx.clock.now()) : null,
    registration: {
      isComplete: guests.length > 0 && guests.every((guest) => guest.isComplete),
      form: registrationFormKind(
        property.address.country,
        guests.map((guest) => guest.nationality),
      ),
      guests: guests.map((guest) => ({
        id: guest.id,
        name: guest.name,
        isPrimary: guest.isPrimary,
        isFamilyMember: guest.isFamilyMember,
        isComplete: guest.isComplete,
        missingFields: guest.missingFields,
      })),
    },
    signature: { isSigned: signature !== undefined, signedAt: signature?.createdAt.toISOString() ?? null },
    preCheckIn: { isDone: preCheckIn !== undefined, at: preCheckIn?.createdAt ?? null },
    payment: {
      isOnline: settings.featurePayment,
      grossAmount: totals.grossAmount,
      paidAmount: totals.paidAmount,
      dueAmount: totals.dueAmount,
      isPaid: totals.dueAmount <= 0,
      portalPayments: await listPortalPayments(ctx.db, p, bookingId),
    },
    checkIn: {
      isCheckedIn: checkedInStatuses.has(booking.status),
      at: checkIn?.createdAt ?? null,
      by: checkIn ? (checkIn.actorType === 'guest' ? 'portal' : 'staff') : null,
    },
    doors: {
      hasAccessToken: await hasAccessToken(ctx.db, p, bookingId),
      unlocks: events
        .filter((event) => event.type === 'door_unlocked' || event.type === 'door_unlock_failed')
        .slice(0, portalProgressUnlockLimit)
        .map((event) => ({
          at: event.createdAt,
          accessPoint: typeof event.data.accessPoint === 'string' ? event.data.accessPoint : '',
          isSuccess: event.type === 'door_unlocked',
          byGuest: event.actorType === 'guest',
          actorName: event.actorName,
        })),
    },
  };
}
