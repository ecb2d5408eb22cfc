import { and, asc, count, countDistinct, eq, inArray, isNull, max, min, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TGroupBooking, TGroupFigures } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { bookingGuests, bookings, charges, contacts, folios, rooms } from '../../db/schema/index.ts';

export const noFigures: TGroupFigures = {
  bookingCount: 0,
  guestCount: 0,
  nights: 0,
  roomCount: 0,
  earliestCheckIn: null,
  latestCheckOut: null,
  grossAmount: 0,
};

const sumOf = (expression: ReturnType<typeof sql>) => sql`coalesce(sum(${expression}), 0)`.mapWith(Number);

/** The figures of each group, by group id; groups without counted bookings are left out. */
export async function selectGroupFigures(
  db: Executor,
  groupIds: string[],
): Promise<Map<string, TGroupFigures>> {
  if (groupIds.length === 0) return new Map();
  const counted = and(
    inArray(bookings.groupId, groupIds),
    isNull(bookings.deletedAt),
    ne(bookings.status, 'canceled'),
  );
  const stays = await db
    .select({
      groupId: bookings.groupId,
      bookingCount: count(),
      guestCount: sumOf(sql`${bookings.occupancy}`),
      nights: sumOf(sql`${bookings.checkOut} - ${bookings.checkIn}`),
      roomCount: countDistinct(bookings.roomId),
      earliestCheckIn: min(bookings.checkIn),
      latestCheckOut: max(bookings.checkOut),
    })
    .from(bookings)
    .where(counted)
    .groupBy(bookings.groupId);
  const amounts = await db
    .select({ groupId: bookings.groupId, grossAmount: sumOf(sql`${charges.grossAmount}`) })
    .from(charges)
    .innerJoin(folios, eq(folios.id, charges.folioId))
    .innerJoin(bookings, eq(bookings.id, folios.bookingId))
    .where(and(counted, isNull(folios.deletedAt), isNull(charges.deletedAt)))
    .groupBy(bookings.groupId);
  const grossAmounts = new Map(amounts.map((row) => [row.groupId, row.grossAmount]));
  return new Map(
    stays.map(({ groupId, ...figures }) => [
      groupId!,
      { ...figures, grossAmount: grossAmounts.get(groupId) ?? 0 },
    ]),
  );
}

/** The bookings of each group (canceled ones too), by group id, in the order of their stays. */
export async function selectGroupBookings(
  db: Executor,
  groupIds: string[],
): Promise<Map<string, TGroupBooking[]>> {
  if (groupIds.length === 0) return new Map();
  const customers = alias(contacts, 'customers');
  const guestName = db
    .select({ name: contacts.name })
    .from(bookingGuests)
    .innerJoin(contacts, eq(contacts.id, bookingGuests.contactId))
    .where(eq(bookingGuests.bookingId, bookings.id))
    .orderBy(sql`${bookingGuests.isPrimary} desc`, asc(bookingGuests.createdAt))
    .limit(1);
  const rows = await db
    .select({
      groupId: bookings.groupId,
      id: bookings.id,
      code: bookings.code,
      status: bookings.status,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      occupancy: bookings.occupancy,
      roomNumber: rooms.number,
      guestName: sql<string | null>`coalesce((${guestName}), ${customers.name})`,
    })
    .from(bookings)
    .leftJoin(rooms, eq(rooms.id, bookings.roomId))
    .leftJoin(customers, eq(customers.id, bookings.customerId))
    .where(and(inArray(bookings.groupId, groupIds), isNull(bookings.deletedAt)))
    .orderBy(asc(bookings.checkIn), asc(bookings.code));
  const byGroup = new Map<string, TGroupBooking[]>();
  for (const { groupId, ...booking } of rows) {
    const list = byGroup.get(groupId!) ?? [];
    list.push(booking);
    byGroup.set(groupId!, list);
  }
  return byGroup;
}
