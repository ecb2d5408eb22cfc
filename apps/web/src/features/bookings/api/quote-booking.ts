import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TBookingQuote, TBookingQuoteRequest } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '../../../shared/query-keys/index.ts';

/** The price a stay would get from its rate, before it is booked. */
export function quoteBooking(request: TBookingQuoteRequest): Promise<TBookingQuote> {
  return api.post<TBookingQuote>('/bookings/quote', { body: request });
}

export const bookingQuoteQueryOptions = (request: TBookingQuoteRequest) =>
  queryOptions({
    queryKey: bookingKeys.quote(request),
    queryFn: () => quoteBooking(request),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The quote for the stay in the form; nothing is asked while the stay is incomplete. */
export function useBookingQuote(request: TBookingQuoteRequest, isEnabled: boolean) {
  return useQuery({ ...bookingQuoteQueryOptions(request), enabled: isEnabled });
}
