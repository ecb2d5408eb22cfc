import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBooking, TUpdateBookingGuestRequest } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { settleAfter } from '../../../shared/query-keys/index.ts';

/** Changes what the booking says of one of its guests (a family member or not). */
export function updateGuest(
  id: string,
  contactId: string,
  body: TUpdateBookingGuestRequest,
): Promise<TBooking> {
  return api.patch<TBooking>(`/bookings/${encodeURIComponent(id)}/guests/${encodeURIComponent(contactId)}`, {
    body,
  });
}

export function useUpdateGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      contactId,
      body,
    }: {
      id: string;
      contactId: string;
      body: TUpdateBookingGuestRequest;
    }) => updateGuest(id, contactId, body),
    onSuccess: () => settleAfter(queryClient, 'booking'),
  });
}
