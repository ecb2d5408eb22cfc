// Rows written straight into the database, for tests that need stays, folios and charges without their APIs.
import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import { bookingGuests, bookings, charges, folios, roomTypes, rooms } from '../src/db/schema/index.ts';

const uniqueSuffix = () => randomUUID().slice(0, 8);

export type TRoomRow = typeof rooms.$inferSelect;
export type TBookingRow = typeof bookings.$inferSelect;

/** A room of its own room type in a property. */
export async function insertRoom(db: Db, propertyId: string): Promise<TRoomRow> {
  const suffix = uniqueSuffix();
  const [roomType] = await db
    .insert(roomTypes)
    .values({ propertyId, name: `Doppelzimmer ${suffix}`, code: `T${suffix}`, capacity: 2, maxOccupancy: 4 })
    .returning();
  const [room] = await db
    .insert(rooms)
    .values({ propertyId, number: `T-${suffix}`, roomTypeId: roomType!.id })
    .returning();
  return room!;
}

export type TBookingInput = {
  propertyId: string;
  room: TRoomRow;
  checkIn: string;
  checkOut: string;
  occupancy?: number;
  status?: TBookingRow['status'];
  customerId?: string | null;
  groupId?: string | null;
  /** Guest contact ids; the first is the primary guest. */
  guestIds?: string[];
};

export async function insertBooking(db: Db, input: TBookingInput): Promise<TBookingRow> {
  const [booking] = await db
    .insert(bookings)
    .values({
      propertyId: input.propertyId,
      code: `T-${uniqueSuffix()}`,
      status: input.status ?? 'confirmed',
      occupancy: input.occupancy ?? 2,
      securityCode: '4711',
      checkIn: input.checkIn,
      checkOut: input.checkOut,
      roomId: input.room.id,
      roomTypeId: input.room.roomTypeId,
      customerId: input.customerId ?? null,
      groupId: input.groupId ?? null,
    })
    .returning();
  const guestIds = input.guestIds ?? [];
  if (guestIds.length > 0) {
    await db.insert(bookingGuests).values(
      guestIds.map((contactId, index) => ({
        propertyId: booking!.propertyId,
        bookingId: booking!.id,
        contactId,
        isPrimary: index === 0,
      })),
    );
  }
  return booking!;
}

/** A folio on the booking with one tax-free charge per gross amount (cents). */
export async function insertFolio(db: Db, booking: TBookingRow, grossAmounts: number[]) {
  const [folio] = await db
    .insert(folios)
    .values({ propertyId: booking.propertyId, bookingId: booking.id, customerId: booking.customerId })
    .returning();
  const postedCharges = grossAmounts.length
    ? await db
        .insert(charges)
        .values(
          grossAmounts.map((grossAmount) => ({
            propertyId: booking.propertyId,
            folioId: folio!.id,
            text: 'Übernachtung',
            netAmount: grossAmount,
            taxAmount: 0,
            taxBasisPoints: 0,
            grossAmount,
            bookedOn: booking.checkIn,
          })),
        )
        .returning()
    : [];
  return { folio: folio!, charges: postedCharges };
}
