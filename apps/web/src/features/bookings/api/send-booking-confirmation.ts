import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMailMessage, TSendMailRequest } from '@pms/contract/mail';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys, mailKeys } from '../../../shared/query-keys/index.ts';

export type TSendBookingConfirmation = TSendMailRequest & { bookingId: string };

/** Queues the booking confirmation e-mail; the job runner sends it. */
export function sendBookingConfirmation({
  bookingId,
  ...body
}: TSendBookingConfirmation): Promise<TMailMessage> {
  return api.post<TMailMessage>(`/bookings/${encodeURIComponent(bookingId)}/confirmation/send`, { body });
}

export function useSendBookingConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBookingConfirmation,
    meta: { errorTitle: 'bookings.sendConfirmation.notSent' },
    onSuccess: (_message, { bookingId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mailKeys.all }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.events(bookingId) }),
      ]),
  });
}
