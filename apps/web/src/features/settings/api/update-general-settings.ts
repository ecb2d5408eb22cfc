import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TGeneralSettings, TUpdateGeneralSettingsRequest } from '@pms/contract/settings';
import { api } from '../../../lib/api-client.ts';
import { generalSettingsQueryOptions } from './get-general-settings.ts';

export function updateGeneralSettings(changes: TUpdateGeneralSettingsRequest): Promise<TGeneralSettings> {
  return api.patch<TGeneralSettings>('/settings/general', { body: changes });
}

export function useUpdateGeneralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGeneralSettings,
    meta: { errorTitle: 'settings.notSaved' },
    onSuccess: (settings) => queryClient.setQueryData(generalSettingsQueryOptions().queryKey, settings),
  });
}
