import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TCreateLevyRequest,
  TLevyList,
  TLevyRecord,
  TLevyVersionRequest,
} from '@pms/contract/local-tax';
import { api } from '../../../lib/api-client.ts';
import { collection } from './base-data-collections.ts';

/** The levies live beside the cached base data: a base data change reloads them too. */
const levyKey = ['base-data', 'local-tax'] as const;

export const levyCollection = collection<TCreateLevyRequest>('/local_tax_levies');

export const levyVersionCollection = (levyId: string) =>
  collection<TLevyVersionRequest>(`/local_tax_levies/${encodeURIComponent(levyId)}/versions`);

/** The property's local tax levies with their versions. */
export function useLevies() {
  return useQuery(
    queryOptions({
      queryKey: levyKey,
      queryFn: async () => (await api.get<TLevyList>('/local_tax_levies')).levies,
    }),
  );
}

export type { TLevyRecord };
