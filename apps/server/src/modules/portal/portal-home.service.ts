import {
  portalWindow,
  type TPortalBooking,
  type TPortalBookingMetadata,
  type TPortalGeneralSettings,
  type TPortalHomeData,
  type TPortalProperty,
} from '@pms/contract';
import { requireGuest, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { findProperty, type TPropertyRow } from '../../lib/properties.ts';
import { hasAccessToken, listAccessPoints } from '../doors/index.ts';
import { getBookingTotals } from '../folios/index.ts';
import { hasBookingInvoices } from './portal.queries.ts';
import { areGuestsComplete, guestCheckInBlocker } from '../../flows/check-in.flow.ts';
import { loadSettings, loadStay, toPortalBooking, type TStay } from './portal-stay.ts';

/** HH:mm as the property stores it, hh:mm:ss as the portal reads it. */
const withSeconds = (time: string) => (time.length === 5 ? `${time}:00` : time);

function toPortalProperty(property: TPropertyRow, settings: TPortalGeneralSettings): TPortalProperty {
  return {
    id: property.id,
    name: property.name,
    address: property.address,
    communication: property.communication,
    branding: {
      primaryColor: property.primaryColor,
      logoUrl: property.logoId ? `/api/portal/files/pms/${property.logoId}/content` : null,
    },
    checkInTime: withSeconds(property.checkInTime),
    checkOutTime: withSeconds(property.checkOutTime),
    timeZone: property.timeZone,
    currency: property.currency,
    country: property.address.country ?? null,
    features: {
      preCheckIn: settings.featurePreCheckIn,
      payment: settings.featurePayment,
      checkInKey: settings.featureCheckInJack,
    },
  };
}

export async function getPortalProperty(ctx: AppContext, actor: TActor): Promise<TPortalProperty> {
  requireGuest(actor);
  const property = await findProperty(ctx.db, actor.propertyId);
  return toPortalProperty(property, await loadSettings(ctx.db, actor.propertyId));
}

export async function getPortalBooking(ctx: AppContext, actor: TActor): Promise<TPortalBooking> {
  requireGuest(actor);
  return toPortalBooking(await loadStay(ctx.db, actor));
}

async function bookingMetadata(
  ctx: AppContext,
  stay: TStay,
  settings: TPortalGeneralSettings,
): Promise<TPortalBookingMetadata> {
  const { booking } = stay;
  const totals = await getBookingTotals(ctx.db, booking.propertyId, booking.id);
  const window = portalWindow(booking, stay.property);
  return {
    hasAccessToken: await hasAccessToken(ctx.db, booking.propertyId, booking.id),
    hasInvoices: await hasBookingInvoices(ctx.db, booking.id),
    isReadyForCheckIn:
      (await guestCheckInBlocker(ctx, ctx.db, stay, { takesPaymentsOnline: settings.featurePayment })) ===
      null,
    status: booking.status,
    grossAmount: totals.grossAmount,
    paidAmount: totals.paidAmount,
    dueAmount: totals.dueAmount,
    areGuestsComplete: areGuestsComplete(stay),
    hasSignature: stay.signature !== null,
    checkInOpensAt: window.checkInOpensAt.toISOString(),
    expiresAt: window.expiresAt.toISOString(),
  };
}

export async function getPortalBookingMetadata(
  ctx: AppContext,
  actor: TActor,
): Promise<TPortalBookingMetadata> {
  requireGuest(actor);
  const stay = await loadStay(ctx.db, actor);
  return bookingMetadata(ctx, stay, await loadSettings(ctx.db, actor.propertyId));
}

export async function getPortalGeneralSettings(
  ctx: AppContext,
  actor: TActor,
): Promise<TPortalGeneralSettings> {
  requireGuest(actor);
  return loadSettings(ctx.db, actor.propertyId);
}

/**
 * The home as the page carries it: the four reads of the portal's first load, and the doors when the
 * booking has a key (the home lists them with their open buttons).
 */
export async function getPortalHome(
  ctx: AppContext,
  actor: TActor,
): Promise<Omit<TPortalHomeData, 'linkId' | 'language'>> {
  requireGuest(actor);
  // One read of the stay and the settings for all four parts, as one snapshot of the booking.
  const stay = await loadStay(ctx.db, actor);
  const settings = await loadSettings(ctx.db, actor.propertyId);
  const metadata = await bookingMetadata(ctx, stay, settings);
  const accessPoints = metadata.hasAccessToken ? await listAccessPoints(ctx, actor, actor.bookingId) : null;
  return {
    property: toPortalProperty(stay.property, settings),
    booking: toPortalBooking(stay),
    metadata,
    settings,
    accessPoints,
  };
}
