import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TAccessPointRecord,
  TCreateAccessPointRequest,
  TUpdateAccessPointRequest,
} from '@pms/contract/doors';
import type { TPaged, TPageQuery } from '@pms/contract/paging';
import { api } from '../../../lib/api-client.ts';
import { useSessionState } from '../../../lib/session-store.ts';
import { collection } from './base-data-collections.ts';

/** The entrances as a base data collection: its deletes go through the shared confirmed delete. */
export const entrancesCollection = collection<TCreateAccessPointRequest, TUpdateAccessPointRequest>(
  '/access_points',
);

export function getEntrances(page: TPageQuery): Promise<TPaged<TAccessPointRecord>> {
  return api.get<TPaged<TAccessPointRecord>>('/access_points', { query: page });
}

// Below the base data's key: every base data change (a save, a delete) reloads the entrances too.
export const entrancesQueryOptions = (propertyId: string | null, page: TPageQuery) =>
  queryOptions({
    queryKey: ['base-data', 'entrances', propertyId, page.pageNumber, page.pageSize],
    queryFn: () => getEntrances(page),
    placeholderData: keepPreviousData,
  });

export function useEntrances(page: TPageQuery) {
  const propertyId = useSessionState((state) => state.user?.propertyId ?? null);
  return useQuery(entrancesQueryOptions(propertyId, page));
}

export function createEntrance(body: TCreateAccessPointRequest): Promise<TAccessPointRecord> {
  return api.post<TAccessPointRecord>('/access_points', { body });
}

export function updateEntrance(id: string, body: TUpdateAccessPointRequest): Promise<TAccessPointRecord> {
  return api.patch<TAccessPointRecord>(`/access_points/${encodeURIComponent(id)}`, { body });
}
