import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGroup } from '@pms/contract/contacts';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from '../../../shared/query-keys/index.ts';

/** A group with its figures, customer and bookings. */
export function getGroup(id: string): Promise<TGroup> {
  return api.get<TGroup>(`/groups/${encodeURIComponent(id)}`, { query: { expand: 'customer,bookings' } });
}

export const groupQueryOptions = (id: string) =>
  queryOptions({ queryKey: groupKeys.detail(id), queryFn: () => getGroup(id) });

export function useGroup(id: string) {
  return useQuery(groupQueryOptions(id));
}
