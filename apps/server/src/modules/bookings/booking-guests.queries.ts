import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingGuests } from '../../db/schema/index.ts';

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
