import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFolioList } from '@pms/contract/folios';
import { api } from '../../lib/api-client.ts';
import { folioKeys } from '../query-keys/index.ts';

/** Whose folios: a booking's (its own and its split folios) or a group's. */
export type TFolioOwner = { bookingId: string } | { groupId: string };

export function getFolios(owner: TFolioOwner): Promise<TFolioList> {
  return api.get<TFolioList>('/folios', { query: owner });
}

export const foliosQueryOptions = (owner: TFolioOwner) =>
  queryOptions({ queryKey: folioKeys.owner(owner), queryFn: () => getFolios(owner) });

/** The folios of a booking or group with their totals; `enabled` waits for an owner that may not exist. */
export function useFolios(owner: TFolioOwner, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...foliosQueryOptions(owner), enabled });
}
