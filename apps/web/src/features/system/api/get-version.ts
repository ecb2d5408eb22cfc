import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TVersion } from '@pms/contract/version';
import { api } from '../../../lib/api-client.ts';

export function getVersion(): Promise<TVersion> {
  return api.get<TVersion>('/version');
}

export const versionQueryOptions = () =>
  queryOptions({ queryKey: ['version'], queryFn: getVersion, staleTime: Number.POSITIVE_INFINITY });

export function useVersion() {
  return useQuery(versionQueryOptions());
}
