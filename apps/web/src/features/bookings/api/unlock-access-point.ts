import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAccessPoint } from '@pms/contract/doors';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '../../../shared/query-keys/index.ts';

/** Opens a door of the booking's key from the desk; every attempt is an event on the booking. */
export function unlockAccessPoint({
  bookingId,
  accessPointId,
}: {
  bookingId: string;
  accessPointId: string;
}): Promise<TAccessPoint> {
  return api.post<TAccessPoint>(
    `/bookings/${encodeURIComponent(bookingId)}/access_points/${encodeURIComponent(accessPointId)}/unlock`,
  );
}

export function useUnlockAccessPoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockAccessPoint,
    meta: { errorTitle: 'bookings.doors.notOpened' },
    // A failed attempt is recorded too: the progress and the events show it either way.
    onSettled: (_result, _error, { bookingId }) =>
      queryClient.invalidateQueries({ queryKey: bookingKeys.detail(bookingId) }),
  });
}
