import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPaged } from '@pms/contract/paging';
import type { TSearchResult } from '@pms/contract/search';
import { api } from '../../../lib/api-client.ts';
import { searchKeys } from '../../../shared/query-keys/index.ts';

/** How many results the search modal shows at once; a longer list asks for a finer term. */
const resultCount = 50;

export function search(query: string): Promise<TPaged<TSearchResult>> {
  return api.get<TPaged<TSearchResult>>('/search', { query: { query, pageSize: resultCount } });
}

export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: searchKeys.results(query),
    queryFn: () => search(query),
    placeholderData: keepPreviousData,
  });

/** Bookings, contacts, groups and invoices matching the text. */
export function useSearch(query: string, isEnabled: boolean) {
  return useQuery({ ...searchQueryOptions(query), enabled: isEnabled });
}
