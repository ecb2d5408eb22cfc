import { queryOptions, useQueries } from '@tanstack/react-query';
import type { TBooking } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '../../../shared/query-keys/index.ts';

/** A booking with its folio amounts (gross, paid, due), for the group's folio overview. */
export function getGroupBooking(id: string): Promise<TBooking> {
  return api.get<TBooking>(`/bookings/${encodeURIComponent(id)}`);
}

export const groupBookingQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookingKeys.amounts(id), queryFn: () => getGroupBooking(id) });

/** The amounts of each booking, in the order of the ids. */
export function useGroupBookingAmounts(bookingIds: readonly string[]) {
  return useQueries({ queries: bookingIds.map((id) => groupBookingQueryOptions(id)) });
}
