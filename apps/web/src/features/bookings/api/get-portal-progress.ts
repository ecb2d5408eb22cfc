import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPortalProgress } from '@pms/contract/portal-progress';
import { api } from '../../../lib/api-client.ts';
import { bookingKeys } from '../../../shared/query-keys/index.ts';

export function getPortalProgress(id: string): Promise<TPortalProgress> {
  return api.get<TPortalProgress>(`/bookings/${encodeURIComponent(id)}/portal_progress`);
}

export const portalProgressQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookingKeys.portalProgress(id), queryFn: () => getPortalProgress(id) });

export function usePortalProgress(id: string) {
  return useQuery(portalProgressQueryOptions(id));
}
