import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAccessToken } from '@pms/contract/doors';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '../../../shared/query-keys/index.ts';

/** The booking's live key with each door's credential, or null before check-in. */
export async function getAccessToken(id: string): Promise<TAccessToken | null> {
  const { data } = await api.get<{ data: TAccessToken | null }>(
    `/bookings/${encodeURIComponent(id)}/access_token`,
  );
  return data;
}

export const accessTokenQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookingKeys.accessToken(id), queryFn: () => getAccessToken(id) });

export function useAccessToken(id: string) {
  return useQuery(accessTokenQueryOptions(id));
}
