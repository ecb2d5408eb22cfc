import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TBooking, TRoomPlan } from '@pms/contract';
import { api } from '../../../lib/api-client.ts';

export type TMoveBooking = { id: string; roomId: string; checkIn: string; checkOut: string };

/** Moves a booking to another room and/or other dates (the server applies the move rules). */
export function moveBooking({ id, roomId, checkIn, checkOut }: TMoveBooking): Promise<TBooking> {
  return api.put<TBooking>(`/bookings/${encodeURIComponent(id)}`, { body: { roomId, checkIn, checkOut } });
}

const roomPlanKey = ['room-plan'];

/** The bar jumps to its new place at once and goes back if the server refuses the move. */
export function useMoveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveBooking,
    meta: { errorTitle: 'roomPlan.moveFailed' },
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: roomPlanKey });
      const previous = queryClient.getQueriesData<TRoomPlan>({ queryKey: roomPlanKey });
      queryClient.setQueriesData<TRoomPlan>({ queryKey: roomPlanKey }, (plan) =>
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
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: roomPlanKey }),
        queryClient.invalidateQueries({ queryKey: ['bookings'] }),
      ]),
  });
}
