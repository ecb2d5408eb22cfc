import type { z } from 'zod';
import { randomInt } from 'node:crypto';
import type { ZCreateBookingRequest } from '@pms/contract';
import {
  ZCreateContactRequest,
  formatBookingCode,
  parseExpand,
  roomHoldingStatuses,
  toPaged,
  todayIn,
  zonedInstant,
  type TBooking,
  type TBookingListQuery,
  type TPaged,
  type TUpdateBookingRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { insertContact, assertContactOwned } from '../contacts/index.ts';
import { resolveRateId, findRoom, findOwnedRoomType } from '../base-data/index.ts';
import { AppError } from '../../errors.ts';
import { randomToken } from '../../lib/crypto.ts';
import { recordEvent } from '../../lib/events.ts';
import { isConfirmationSentOnCreate } from '../../lib/general-settings.queries.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import { findProperty, type TPropertyRow } from '../../lib/properties.ts';
import { insertBookingGuest } from './booking-guests.queries.ts';
import { insertBookingLink, revokeBookingLinks, setBookingLinkExpiry } from './booking-links.queries.ts';
import {
  findBooking,
  insertBooking,
  isBookingCodeTaken,
  markBookingDeleted,
  readOnlyBookingIds,
  selectBookingDetailsPage,
  updateBookingRow,
  type TBookingRow,
  type TNewBooking,
} from './bookings.queries.ts';
import { claimFreeRoom } from './room-occupancy.queries.ts';
import { assertRoomFree, assertValidStay } from './booking-availability.ts';
import { postStayCharges } from './booking-prices.ts';
import { toBooking, toBookings } from './bookings.mapper.ts';
import { assertGroupOwned } from '../groups/index.ts';

/** The portal link stays valid until the check-out date and time in the property's time zone. */
function linkExpiry(property: TPropertyRow, checkOut: string): Date {
  return zonedInstant(checkOut, property.checkOutTime, property.timeZone);
}

/** A new booking code, unique in the property; retried on the rare collision. */
async function insertWithUniqueCode(db: Executor, property: TPropertyRow, values: Omit<TNewBooking, 'code'>) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = formatBookingCode(
      randomInt(0, 100_000),
      property.bookingCodePrefix,
      property.bookingCodeSuffix,
    );
    if (await isBookingCodeTaken(db, property.id, code)) continue;
    return insertBooking(db, { ...values, code });
  }
  throw new AppError('unknown', 'no free booking code');
}

function assertOccupancyFits(roomNumber: string, maxOccupancy: number, occupancy: number): void {
  if (occupancy > maxOccupancy) {
    throw new AppError(
      'booking/occupancy_exceeds_room',
      `Room ${roomNumber} takes at most ${maxOccupancy} persons; the booking has ${occupancy}.`,
      { roomNumber, maxOccupancy, occupancy },
    );
  }
}

/**
 * Where a booking came from when not from staff: the booking platform it was imported from (channel
 * sync). A conflict is held without a room; a zero-priced channel's booking has no rate (the platform
 * collects the money).
 */
export type TBookingOrigin = { channelId: string; isChannelConflict: boolean; isZeroPriced: boolean };

/** Creates a booking with its folio, rate charges and portal link, in one transaction. */
export async function createBooking(
  ctx: AppContext,
  actor: TActor,
  request: z.output<typeof ZCreateBookingRequest>,
  origin?: TBookingOrigin,
): Promise<TBooking> {
  requireAccess(actor, 'bookings', 'write');
  const input = request;
  const property = await findProperty(ctx.db, actor.propertyId);
  assertValidStay(input.checkIn, input.checkOut, todayIn(property.timeZone, ctx.clock.now()));
  return ctx.db.transaction(async (tx) => {
    let roomTypeId = input.roomTypeId;
    let roomId = origin?.isChannelConflict ? null : (input.roomId ?? null);
    if (origin?.isChannelConflict) {
      if (!roomTypeId) throw new AppError('validation', 'roomTypeId is required');
      await findOwnedRoomType(tx, actor.propertyId, roomTypeId);
    } else if (roomId) {
      const { room, roomType } = await findRoom(tx, actor.propertyId, roomId);
      roomTypeId = room.roomTypeId;
      assertOccupancyFits(room.number, roomType.maxOccupancy, input.occupancy);
      if (roomHoldingStatuses.includes(input.status))
        await assertRoomFree(
          tx,
          { ...input, propertyId: actor.propertyId, roomId },
          'booking/overlap_detected',
        );
    } else {
      if (!roomTypeId) throw new AppError('validation', 'roomId or roomTypeId is required');
      const roomType = await findOwnedRoomType(tx, actor.propertyId, roomTypeId);
      if (input.occupancy > roomType.maxOccupancy) {
        throw new AppError(
          'booking/occupancy_exceeds_room_type',
          `${roomType.name} takes at most ${roomType.maxOccupancy} persons`,
          { roomType: roomType.name, maxOccupancy: roomType.maxOccupancy, occupancy: input.occupancy },
        );
      }
      if (roomHoldingStatuses.includes(input.status)) {
        roomId = await claimFreeRoom(
          tx,
          actor.propertyId,
          roomTypeId,
          input.checkIn,
          input.checkOut,
          input.checkIn === todayIn(property.timeZone, ctx.clock.now()),
        );
        if (!roomId)
          throw new AppError('booking/no_free_room', `no room of ${roomType.name} is free for the stay`, {
            roomType: roomType.name,
          });
      }
    }
    let customerId = input.customerId ?? null;
    if (customerId) {
      await assertContactOwned(tx, actor.propertyId, customerId);
    } else if (input.customer) {
      customerId = (await insertContact(tx, actor, ZCreateContactRequest.parse(input.customer))).id;
    }
    if (input.groupId) await assertGroupOwned(tx, actor.propertyId, input.groupId);
    const rateId = origin?.isZeroPriced ? null : await resolveRateId(tx, actor.propertyId, input.rateId);
    const row = await insertWithUniqueCode(tx, property, {
      propertyId: actor.propertyId,
      status: input.status,
      occupancy: input.occupancy,
      source: input.source,
      securityCode: String(randomInt(0, 1_000_000)).padStart(6, '0'),
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      roomId,
      roomTypeId,
      rateId,
      customerId,
      groupId: input.groupId ?? null,
      externalId: input.externalId ?? null,
      externalCode: input.externalCode ?? null,
      comment: input.comment ?? null,
      color: input.color ?? null,
      isDebtor: input.isDebtor ?? false,
      isRoomFixed: input.isRoomFixed ?? false,
      isWorkStay: input.isWorkStay ?? false,
      foodAndBeveragePerDay: input.foodAndBeveragePerDay ?? null,
      channelId: origin?.channelId ?? null,
      isChannelConflict: origin?.isChannelConflict ?? false,
    });
    if (customerId)
      await insertBookingGuest(tx, {
        propertyId: row.propertyId,
        bookingId: row.id,
        contactId: customerId,
        isPrimary: true,
      });
    await postStayCharges(tx, row);
    await insertBookingLink(tx, {
      id: randomToken(24),
      propertyId: actor.propertyId,
      bookingId: row.id,
      expiresAt: linkExpiry(property, row.checkOut),
    });
    await recordEvent(tx, {
      propertyId: actor.propertyId,
      actor,
      objectType: 'booking',
      objectId: row.id,
      type: 'created',
      data: { code: row.code, ...(origin ? { channelId: origin.channelId } : {}) },
    });
    // The confirmation is queued as a job of its own: whatever becomes of the e-mail, the booking stands.
    if (customerId && (await isConfirmationSentOnCreate(tx, actor.propertyId))) {
      await ctx.jobs.enqueue(tx, {
        type: 'mail.booking_confirmation',
        payload: { bookingId: row.id },
        propertyId: actor.propertyId,
      });
    }
    return toBooking(ctx, tx, row);
  });
}

export async function getBooking(
  ctx: AppContext,
  actor: TActor,
  id: string,
  expand?: string,
): Promise<TBooking> {
  requireAccess(actor, 'bookings', 'read');
  const row = await findBooking(ctx.db, actor.propertyId, id);
  return toBooking(ctx, ctx.db, row, expand ?? '');
}

/** Bookings of the current property: stays touching [from, to], a quick filter, a status, a text. */
export async function listBookings(
  ctx: AppContext,
  actor: TActor,
  query: TBookingListQuery,
): Promise<TPaged<TBooking>> {
  requireAccess(actor, 'bookings', 'read');
  // Only the quick filters need the property's today.
  const today = query.filter
    ? todayIn((await findProperty(ctx.db, actor.propertyId)).timeZone, ctx.clock.now())
    : undefined;
  const { rows, total } = await selectBookingDetailsPage(ctx.db, actor.propertyId, query, today);
  return toPaged(toBookings(ctx, rows, parseExpand(query.expand)), total, query);
}

export async function assertEditable(db: Executor, booking: TBookingRow): Promise<void> {
  if ((await readOnlyBookingIds(db, [booking.id])).size > 0) throw new AppError('booking/read_only');
}

/** Changes a booking; a move to another room follows the move rules, and prices follow the stay. */
export async function updateBooking(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateBookingRequest,
): Promise<TBooking> {
  requireAccess(actor, 'bookings', 'write');
  const property = await findProperty(ctx.db, actor.propertyId);
  return ctx.db.transaction(async (tx) => {
    const current = await findBooking(tx, actor.propertyId, id, true);
    await assertEditable(tx, current);
    const next = { ...current, ...input };
    // A channel's conflict is resolved once the booking has a room again.
    if (next.roomId) next.isChannelConflict = false;
    const isMove = input.roomId !== undefined && input.roomId !== current.roomId;
    const datesChanged = next.checkIn !== current.checkIn || next.checkOut !== current.checkOut;
    if (datesChanged) {
      assertValidStay(
        next.checkIn,
        next.checkOut,
        next.checkIn !== current.checkIn ? todayIn(property.timeZone, ctx.clock.now()) : null,
      );
    }
    if (isMove && current.isRoomFixed && input.isRoomFixed !== false) {
      throw new AppError('booking/room_fixed', 'The booking is fixed to its room.');
    }
    if (next.roomId) {
      const { room, roomType } = await findRoom(tx, actor.propertyId, next.roomId);
      if (isMove || next.occupancy !== current.occupancy)
        assertOccupancyFits(room.number, roomType.maxOccupancy, next.occupancy);
      next.roomTypeId = room.roomTypeId;
      if ((isMove || datesChanged) && roomHoldingStatuses.includes(next.status)) {
        const stay = { ...next, roomId: next.roomId, propertyId: actor.propertyId, exceptBookingId: id };
        await assertRoomFree(tx, stay, 'booking/overlap_detected');
      }
    } else if (input.roomTypeId) {
      await findOwnedRoomType(tx, actor.propertyId, input.roomTypeId);
    }
    if (input.customerId) await assertContactOwned(tx, actor.propertyId, input.customerId);
    if (input.groupId) await assertGroupOwned(tx, actor.propertyId, input.groupId);
    if (input.rateId) next.rateId = await resolveRateId(tx, actor.propertyId, input.rateId);
    const { id: _id, createdAt: _c, updatedAt: _u, ...values } = next;
    const row = await updateBookingRow(tx, id, values);
    const priceChanged =
      datesChanged ||
      next.occupancy !== current.occupancy ||
      next.rateId !== current.rateId ||
      next.roomTypeId !== current.roomTypeId ||
      next.isWorkStay !== current.isWorkStay;
    if (priceChanged) await postStayCharges(tx, row);
    if (next.checkOut !== current.checkOut)
      await setBookingLinkExpiry(tx, id, linkExpiry(property, next.checkOut));
    const changed = Object.keys(input).filter(
      (key) => input[key as keyof TUpdateBookingRequest] !== current[key as keyof TBookingRow],
    );
    await recordEvent(tx, {
      propertyId: actor.propertyId,
      actor,
      objectType: 'booking',
      objectId: id,
      type: 'updated',
      data: { changed },
    });
    return toBooking(ctx, tx, row);
  });
}

/** Flags (or clears) a booking imported over a stay already in its room: held without a room until resolved. */
export async function setChannelConflict(
  db: Executor,
  id: string,
  isChannelConflict: boolean,
): Promise<void> {
  await updateBookingRow(db, id, { isChannelConflict });
}

export async function deleteBooking(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'bookings', 'write');
  await ctx.db.transaction(async (tx) => {
    const booking = await findBooking(tx, actor.propertyId, id, true);
    await assertEditable(tx, booking);
    await markBookingDeleted(tx, id, ctx.clock.now());
    await revokeBookingLinks(tx, id, ctx.clock.now());
    await recordEvent(tx, {
      propertyId: actor.propertyId,
      actor,
      objectType: 'booking',
      objectId: id,
      type: 'deleted',
    });
  });
}
