import { and, asc, count, eq, isNull, notInArray } from 'drizzle-orm';
import { droppedBookingStatuses } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { bookingGuests, bookings, contacts } from '../../db/schema/index.ts';

/** A booking's guests as assigned: contact, primary, family member. */
export async function selectBookingGuests(
  db: Executor,
  bookingId: string,
): Promise<{ contactId: string; isPrimary: boolean; isFamilyMember: boolean }[]> {
  return db
    .select({
      contactId: bookingGuests.contactId,
      isPrimary: bookingGuests.isPrimary,
      isFamilyMember: bookingGuests.isFamilyMember,
    })
    .from(bookingGuests)
    .where(eq(bookingGuests.bookingId, bookingId));
}

/** How many guests are assigned to a booking. */
export async function countBookingGuests(db: Executor, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookingGuests)
    .where(eq(bookingGuests.bookingId, bookingId));
  return row?.n ?? 0;
}

/** Assigns a guest to a booking; whether the guest was not assigned yet. */
export async function insertBookingGuest(
  db: Executor,
  values: typeof bookingGuests.$inferInsert,
): Promise<boolean> {
  const inserted = await db.insert(bookingGuests).values(values).onConflictDoNothing().returning();
  return inserted.length > 0;
}

/** Marks a booking's guest as a family member or not; whether the guest is the booking's. */
export async function updateGuestFamilyMember(
  db: Executor,
  bookingId: string,
  contactId: string,
  isFamilyMember: boolean,
): Promise<boolean> {
  const updated = await db
    .update(bookingGuests)
    .set({ isFamilyMember })
    .where(and(eq(bookingGuests.bookingId, bookingId), eq(bookingGuests.contactId, contactId)))
    .returning({ contactId: bookingGuests.contactId });
  return updated.length > 0;
}

/** Takes a guest off a booking; whether the guest was assigned. */
export async function deleteBookingGuest(
  db: Executor,
  bookingId: string,
  contactId: string,
): Promise<boolean> {
  const removed = await db
    .delete(bookingGuests)
    .where(and(eq(bookingGuests.bookingId, bookingId), eq(bookingGuests.contactId, contactId)))
    .returning();
  return removed.length > 0;
}

/** A booking's guests as the local tax reads them: birth date and the exemption reason staff picked. */
export function selectStayGuests(
  db: Executor,
  bookingId: string,
): Promise<{ id: string; birthDate: string | null; exemptionReason: string | null }[]> {
  return db
    .select({
      id: bookingGuests.contactId,
      birthDate: contacts.dateOfBirth,
      exemptionReason: bookingGuests.localTaxExemptionReason,
    })
    .from(bookingGuests)
    .innerJoin(contacts, eq(contacts.id, bookingGuests.contactId))
    .where(eq(bookingGuests.bookingId, bookingId))
    .orderBy(asc(bookingGuests.createdAt), asc(bookingGuests.contactId));
}

/** Sets (or clears) a booking's guest's local tax exemption reason and note; whether the guest is the booking's. */
export async function updateGuestLocalTaxExemption(
  db: Executor,
  bookingId: string,
  contactId: string,
  exemption: { reason: string; note: string | null } | null,
): Promise<boolean> {
  const updated = await db
    .update(bookingGuests)
    .set({
      localTaxExemptionReason: exemption?.reason ?? null,
      localTaxExemptionNote: exemption?.note ?? null,
    })
    .where(and(eq(bookingGuests.bookingId, bookingId), eq(bookingGuests.contactId, contactId)))
    .returning({ contactId: bookingGuests.contactId });
  return updated.length > 0;
}

/** The bookings a contact is a guest of that may still be charged: not dropped, not checked out. */
export async function selectChargeableGuestBookings(db: Executor, propertyId: string, contactId: string) {
  const rows = await db
    .select({ booking: bookings })
    .from(bookingGuests)
    .innerJoin(
      bookings,
      and(eq(bookings.propertyId, bookingGuests.propertyId), eq(bookings.id, bookingGuests.bookingId)),
    )
    .where(
      and(
        eq(bookingGuests.propertyId, propertyId),
        eq(bookingGuests.contactId, contactId),
        isNull(bookings.deletedAt),
        notInArray(bookings.status, [...droppedBookingStatuses, 'checked_out']),
      ),
    )
    .orderBy(asc(bookings.id))
    .for('update', { of: bookings });
  return rows.map((row) => row.booking);
}
