import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAssignGuestRequest, TBooking } from '@pms/contract/bookings';
import { api } from '../../../lib/api-client.ts';
import { settleAfter } from '../../../shared/query-keys/index.ts';

/** Adds an existing contact, or a new one by name, to the booking's guests. */
export function assignGuest(id: string, guest: TAssignGuestRequest): Promise<TBooking> {
  return api.post<TBooking>(`/bookings/${encodeURIComponent(id)}/guests`, { body: guest });
}

export function useAssignGuest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guest }: { id: string; guest: TAssignGuestRequest }) => assignGuest(id, guest),
    meta: { isErrorShownInline: true },
    onSuccess: () => settleAfter(queryClient, 'booking'),
  });
}
