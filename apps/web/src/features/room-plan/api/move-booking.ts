import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPlanView } from '../plan-layout.ts';
import { updateBooking } from '../../../shared/bookings/index.ts';
import { invalidateAfter, roomPlanKeys } from '../../../shared/query-keys/index.ts';

export type TMoveBooking = { id: string; roomId: string; checkIn: string; checkOut: string };

/**
 * Moves a booking to another room and/or other dates (the server applies the move rules). The bar
 * jumps to its new place at once and goes back if the server refuses; then the plan loads again.
 */
export function useMoveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, roomId, checkIn, checkOut }: TMoveBooking) =>
      updateBooking(id, { roomId, checkIn, checkOut }),
    meta: { errorTitle: 'roomPlan.moveFailed' },
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: roomPlanKeys.all });
      const previous = queryClient.getQueriesData<TPlanView>({ queryKey: roomPlanKeys.all });
      queryClient.setQueriesData<TPlanView>({ queryKey: roomPlanKeys.all }, (plan) =>
        plan
          ? {
              ...plan,
              bookings: plan.bookings.map((booking) =>
                booking.id === move.id
                  ? { ...booking, roomId: move.roomId, checkIn: move.checkIn, checkOut: move.checkOut }
                  : booking,
              ),
            }
          : plan,
      );
      return { previous };
    },
    onError: (_error, _move, context) => {
      for (const [key, plan] of context?.previous ?? []) queryClient.setQueryData(key, plan);
    },
    onSettled: () => invalidateAfter(queryClient, 'booking'),
  });
}
