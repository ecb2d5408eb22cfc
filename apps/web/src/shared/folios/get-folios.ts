import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFolioList } from '@pms/contract/folios';
import { api } from '../../lib/api-client.ts';

/** Whose folios: a booking's (its own and its split folios) or a group's. */
export type TFolioOwner = { bookingId: string } | { groupId: string };

/** Every folio query starts with this key, so one invalidation refreshes them all. */
export const foliosKey = ['folios'] as const;

export function getFolios(owner: TFolioOwner): Promise<TFolioList> {
  return api.get<TFolioList>('/folios', { query: owner });
}

export const foliosQueryOptions = (owner: TFolioOwner) =>
  queryOptions({ queryKey: [...foliosKey, owner], queryFn: () => getFolios(owner) });

/** The folios of a booking or group with their totals; `enabled` waits for an owner that may not exist. */
export function useFolios(owner: TFolioOwner, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...foliosQueryOptions(owner), enabled });
}
