import {
  bookingDisplayName,
  nightsBetween,
  parseExpand,
  type TBooking,
  type TGuestLevy,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { bookingLinkUrl } from '../../lib/portal-links.ts';
import { toRecord } from '../../lib/records.ts';
import {
  selectBookingDetailsByIds,
  type TBookingDetails,
  type TBookingRow,
  type TLocalTaxNightJson,
} from './bookings.queries.ts';

// A booking as the API answers it, from the rows the queries read.

/** What each levy charged a guest over the stay, or why not, from the posting's record (decision 191). */
function guestLevies(nights: TLocalTaxNightJson[], guestId: string): TGuestLevy[] {
  const levies = new Map<string, TGuestLevy & { counts: Map<string, number> }>();
  for (const night of nights) {
    let levy = levies.get(night.levyId);
    if (!levy) {
      levy = {
        levyId: night.levyId,
        name: night.name,
        amount: 0,
        nights: 0,
        exemptions: [],
        counts: new Map(),
      };
      levies.set(night.levyId, levy);
    }
    const charged = night.guests.find((guest) => guest.guestId === guestId);
    if (charged) {
      levy.amount += charged.amount;
      levy.nights += 1;
    }
    for (const entry of night.exempt.filter((one) => one.guestId === guestId)) {
      const key = JSON.stringify([entry.exemption, entry.reason]);
      levy.counts.set(key, (levy.counts.get(key) ?? 0) + 1);
    }
  }
  return [...levies.values()].map(({ counts, ...levy }) => ({
    ...levy,
    exemptions: [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([key]) => {
        const [exemption, reason] = JSON.parse(key) as [
          TGuestLevy['exemptions'][number]['exemption'],
          string | null,
        ];
        return { exemption, reason };
      }),
  }));
}

/** Bookings as the API sends them, with the relations asked for. */
export function toBookings(ctx: AppContext, list: TBookingDetails[], expand: Set<string>): TBooking[] {
  return list.map((details) => {
    const { booking: row, customer, guests } = details;
    const booking: TBooking = {
      ...toRecord(row),
      externalId: row.externalId,
      code: row.code,
      status: row.status,
      occupancy: row.occupancy,
      source: row.source,
      securityCode: row.securityCode,
      checkIn: row.checkIn,
      checkOut: row.checkOut,
      numberOfNights: nightsBetween(row.checkIn, row.checkOut),
      roomId: row.roomId,
      roomTypeId: row.roomTypeId,
      rateId: row.rateId,
      customerId: row.customerId,
      groupId: row.groupId,
      displayName: bookingDisplayName({
        customerName: customer?.name,
        guestName: (guests.find((guest) => guest.isPrimary) ?? guests[0])?.contact.name,
        code: row.code,
      }),
      grossAmount: details.grossAmount,
      paidAmount: details.paidAmount,
      dueAmount: details.grossAmount - details.paidAmount,
      externalCode: row.externalCode,
      comment: row.comment,
      color: row.color,
      isDebtor: row.isDebtor || Boolean(customer?.isDebtor),
      isRoomFixed: row.isRoomFixed,
      isWorkStay: row.isWorkStay,
      channelId: row.channelId,
      isChannelConflict: row.isChannelConflict,
      isReadOnly: details.isReadOnly,
      foodAndBeveragePerDay: row.foodAndBeveragePerDay,
      signatureFileId: row.signatureFileId,
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
      checkedOutAt: row.checkedOutAt?.toISOString() ?? null,
    };
    if (expand.has('room')) booking.room = details.room;
    if (expand.has('roomType')) booking.roomType = details.roomType;
    if (expand.has('rate')) booking.rate = details.rate;
    if (expand.has('customer'))
      booking.customer = customer ? { id: customer.id, name: customer.name, email: customer.email } : null;
    if (expand.has('group')) booking.group = details.group;
    if (expand.has('guests')) {
      booking.guests = guests.map(({ contact, isPrimary, isFamilyMember, ...exemption }) => ({
        id: contact.id,
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        dateOfBirth: contact.dateOfBirth,
        nationality: contact.nationality,
        address: contact.address,
        isPrimary,
        isFamilyMember,
        localTaxExemptionReason: exemption.localTaxExemptionReason,
        localTaxExemptionNote: exemption.localTaxExemptionNote,
        localTax: guestLevies(details.localTax, contact.id),
      }));
    }
    if (expand.has('link')) {
      const { link } = details;
      booking.link = link
        ? {
            id: link.id,
            url: bookingLinkUrl(ctx, link.id),
            expiresAt: new Date(link.expiresAt).toISOString(),
          }
        : null;
    }
    return booking;
  });
}

/** One booking as the API sends it, read afresh (inside the transaction that changed it). */
export async function toBooking(
  ctx: AppContext,
  db: Executor,
  row: TBookingRow,
  expand: string | Set<string> = allRelations,
): Promise<TBooking> {
  const [details] = await selectBookingDetailsByIds(db, [row.id]);
  const [booking] = toBookings(ctx, [details!], typeof expand === 'string' ? parseExpand(expand) : expand);
  return booking!;
}

export const allRelations = new Set(['room', 'roomType', 'rate', 'customer', 'group', 'guests', 'link']);
