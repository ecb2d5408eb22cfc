import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPageQuery, TPaged } from '@pms/contract/paging';
import type { TTeamUser } from '@pms/contract/users';
import { api } from '../../../lib/api-client.ts';

export function getUsers(page: TPageQuery): Promise<TPaged<TTeamUser>> {
  return api.get<TPaged<TTeamUser>>('/users', { query: page });
}

export const usersQueryOptions = ({ pageNumber, pageSize }: TPageQuery) =>
  queryOptions({
    queryKey: ['users', { pageNumber, pageSize }],
    queryFn: () => getUsers({ pageNumber, pageSize }),
    placeholderData: keepPreviousData,
  });

export function useUsers(page: TPageQuery) {
  return useQuery(usersQueryOptions(page));
}
