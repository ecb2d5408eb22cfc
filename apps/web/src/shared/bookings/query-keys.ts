import type { QueryClient } from '@tanstack/react-query';

/** Every booking query starts with this key, so one invalidation refreshes lists and details. */
export const bookingsKey = ['bookings'] as const;

export const bookingKey = (id: string) => [...bookingsKey, 'detail', id] as const;

/** Queries a booking change cannot touch. */
const unrelatedKeys = new Set<unknown>(['base-data', 'session', 'version']);

/**
 * A booking change also moves the room plan, dashboard, contact and group figures, which other
 * screens load under their own keys: all of those are marked stale, and only what is on the screen
 * refetches now.
 */
export function invalidateAfterBookingChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => !unrelatedKeys.has(query.queryKey[0]) });
}
