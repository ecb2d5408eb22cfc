import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPageQuery, TPaged } from '@pms/contract/paging';
import type { TRoomLock } from '@pms/contract/room-plan';
import { api } from '../../../lib/api-client.ts';
import { roomLockKeys } from '../../../shared/query-keys/index.ts';

export function getRoomLocks(page: TPageQuery): Promise<TPaged<TRoomLock>> {
  return api.get<TPaged<TRoomLock>>('/room_locks', { query: page });
}

export const roomLocksQueryOptions = ({ pageNumber, pageSize }: TPageQuery) =>
  queryOptions({
    queryKey: roomLockKeys.list({ pageNumber, pageSize }),
    queryFn: () => getRoomLocks({ pageNumber, pageSize }),
    placeholderData: keepPreviousData,
  });

export function useRoomLocks(page: TPageQuery) {
  return useQuery(roomLocksQueryOptions(page));
}
