import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TRoomPlan } from '@pms/contract/room-plan';
import { api } from '../../../lib/api-client.ts';
import { toPlanView, type TPlanView } from '../plan-layout.ts';
import { roomPlanKeys } from '../../../shared/query-keys/index.ts';

/** The days from `from` to `to`, both included (at most 120 days apart). */
export type TRoomPlanRange = { from: string; to: string };

export async function getRoomPlan({ from, to }: TRoomPlanRange): Promise<TPlanView> {
  return toPlanView(await api.get<TRoomPlan>('/room_plan', { query: { from, to } }));
}

export const roomPlanQueryOptions = ({ from, to }: TRoomPlanRange) =>
  queryOptions({
    queryKey: roomPlanKeys.range({ from, to }),
    queryFn: () => getRoomPlan({ from, to }),
    placeholderData: keepPreviousData,
  });

export function useRoomPlan(range: TRoomPlanRange) {
  return useQuery(roomPlanQueryOptions(range));
}
