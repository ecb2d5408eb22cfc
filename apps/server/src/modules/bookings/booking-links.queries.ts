import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingLinks } from '../../db/schema/index.ts';

/** Stores a portal link of a booking. */
export async function insertBookingLink(
  db: Executor,
  values: typeof bookingLinks.$inferInsert,
): Promise<void> {
  await db.insert(bookingLinks).values(values);
}

/** Lets the booking's portal links expire at a new instant (the stay's end moved). */
export async function setBookingLinkExpiry(db: Executor, bookingId: string, expiresAt: Date): Promise<void> {
  await db.update(bookingLinks).set({ expiresAt }).where(eq(bookingLinks.bookingId, bookingId));
}

/** Revokes every portal link of a booking. */
export async function revokeBookingLinks(db: Executor, bookingId: string, now: Date): Promise<void> {
  await db.update(bookingLinks).set({ revokedAt: now }).where(eq(bookingLinks.bookingId, bookingId));
}
