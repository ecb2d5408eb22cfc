import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TGeneralSettings } from '@pms/contract/settings';
import { api } from '../../../lib/api-client.ts';

export function getGeneralSettings(): Promise<TGeneralSettings> {
  return api.get<TGeneralSettings>('/settings/general');
}

export const generalSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'general'], queryFn: getGeneralSettings });

export function useGeneralSettings() {
  return useQuery(generalSettingsQueryOptions());
}
