import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TGroup, TGroupListQuery } from '@pms/contract/contacts';
import type { TPaged } from '@pms/contract/paging';
import { api } from '../../lib/api-client.ts';
import { groupKeys } from '../query-keys/index.ts';

/** Groups with their figures and customer, newest first. */
export function getGroups(query: TGroupListQuery): Promise<TPaged<TGroup>> {
  return api.get<TPaged<TGroup>>('/groups', { query: { ...query, expand: 'customer' } });
}

export const groupsQueryOptions = ({ pageNumber, pageSize, query }: TGroupListQuery) =>
  queryOptions({
    queryKey: groupKeys.list({ pageNumber, pageSize, query }),
    queryFn: () => getGroups({ pageNumber, pageSize, query }),
    placeholderData: keepPreviousData,
  });

export function useGroups(query: TGroupListQuery) {
  return useQuery(groupsQueryOptions(query));
}
