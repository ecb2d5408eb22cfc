import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPropertyMembership } from '@pms/contract/session';
import { api } from '../../../lib/api-client.ts';

/** The properties the signed-in user belongs to (the spec's property list call). */
export async function getSessionProperties(): Promise<TPropertyMembership[]> {
  const { data } = await api.get<{ data: TPropertyMembership[] }>('/session/properties');
  return data;
}

export const sessionPropertiesQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'properties'], queryFn: getSessionProperties, staleTime: 60_000 });

export function useSessionProperties() {
  return useQuery(sessionPropertiesQueryOptions());
}
