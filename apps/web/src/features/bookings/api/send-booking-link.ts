import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSendMailRequest } from '@pms/contract/mail';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { mailKeys } from '../../../shared/query-keys/index.ts';

export type TSendBookingLink = TSendMailRequest & { bookingId: string; linkId: string };

/** Queues the booking-link e-mail and saves the message the server answers as an .eml file. */
export async function sendBookingLink({ bookingId, linkId, ...body }: TSendBookingLink): Promise<string> {
  const { blob, fileName } = await api.download(
    `/bookings/${encodeURIComponent(bookingId)}/links/${encodeURIComponent(linkId)}/send`,
    { method: 'POST', body },
  );
  const name = fileName ?? 'booking-link.eml';
  saveFile(blob, name);
  return name;
}

export function useSendBookingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBookingLink,
    meta: { errorTitle: 'bookings.sendLink.notSent' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
