import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLevyList } from '@pms/contract/local-tax';
import { api } from '../../lib/api-client.ts';

/** The levies live beside the cached base data: a base data change reloads them too. */
export const leviesQueryOptions = () =>
  queryOptions({
    queryKey: ['base-data', 'local-tax'] as const,
    queryFn: async () => (await api.get<TLevyList>('/local_tax_levies')).levies,
  });

/** The property's local tax levies with their versions. */
export function useLevies() {
  return useQuery(leviesQueryOptions());
}
