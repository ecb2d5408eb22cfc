import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  inArray,
  isNull,
  max,
  min,
  notInArray,
  sql,
} from 'drizzle-orm';
import {
  droppedBookingStatuses,
  type TGroupBooking,
  type TGroupFigures,
  type TGroupListQuery,
} from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { bookingGuestNameSql } from '../../db/booking-names.ts';
import { bookings, charges, folios, groups, rooms } from '../../db/schema/index.ts';
import { assertOwned, findOwned } from '../../db/owned-records.ts';
import { selectPage } from '../../db/paging.ts';
import { containsText } from '../../db/text-search.ts';

export type TGroupRow = typeof groups.$inferSelect;
type TGroupChanges = Partial<Omit<TGroupRow, 'id' | 'propertyId' | 'createdAt' | 'updatedAt'>>;

const ofProperty = (propertyId: string, id?: string) =>
  and(eq(groups.propertyId, propertyId), isNull(groups.deletedAt), id ? eq(groups.id, id) : undefined);

/** A page of the property's live groups whose name contains the text (when given), newest first. */
export function selectGroupPage<T>(
  db: Executor,
  propertyId: string,
  query: TGroupListQuery,
  map: (row: TGroupRow) => T,
) {
  const where = and(ofProperty(propertyId), containsText([groups.name], query.query));
  return selectPage(db, groups, where, [desc(groups.createdAt), desc(groups.id)], query, map);
}

/** Stores a group; returns it. */
export async function insertGroup(db: Executor, values: typeof groups.$inferInsert): Promise<TGroupRow> {
  const [row] = await db.insert(groups).values(values).returning();
  return row!;
}

/** Changes a live group of the property; undefined when there is none by that id. */
export async function updateGroupRow(
  db: Executor,
  propertyId: string,
  id: string,
  changes: TGroupChanges,
): Promise<TGroupRow | undefined> {
  const [row] = await db.update(groups).set(changes).where(ofProperty(propertyId, id)).returning();
  return row;
}

/** Soft deletes a group. */
export async function markGroupDeleted(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(groups).set({ deletedAt: now }).where(eq(groups.id, id));
}

/** Takes every booking of the property out of a group; returns their ids. */
export async function releaseGroupBookings(
  db: Executor,
  propertyId: string,
  groupId: string,
): Promise<string[]> {
  const released = await db
    .update(bookings)
    .set({ groupId: null })
    .where(and(eq(bookings.propertyId, propertyId), eq(bookings.groupId, groupId)))
    .returning({ id: bookings.id });
  return released.map((booking) => booking.id);
}

/** Puts a booking into a group, or out of any (null). */
export async function updateBookingGroup(
  db: Executor,
  bookingId: string,
  groupId: string | null,
): Promise<void> {
  await db.update(bookings).set({ groupId }).where(eq(bookings.id, bookingId));
}

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
    notInArray(bookings.status, [...droppedBookingStatuses]),
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
      guestName: bookingGuestNameSql(bookings),
    })
    .from(bookings)
    .leftJoin(rooms, eq(rooms.id, bookings.roomId))
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

// Look-ups other modules use: one live record of the property by id, or 404 naming it.

/** A group, for a folio or a booking. */
export function findOwnedGroup(db: Executor, propertyId: string, id: string) {
  return findOwned(db, groups, propertyId, id, 'group');
}

/** Refuses a group that is not the property's. */
export function assertGroupOwned(db: Executor, propertyId: string, id: string): Promise<void> {
  return assertOwned(db, groups, propertyId, id, 'group');
}

/** A booking joining or leaving a group, locked: its group changes in this transaction. */
export function lockGroupBooking(db: Executor, propertyId: string, id: string) {
  return findOwned(db, bookings, propertyId, id, 'booking', { lock: true });
}
