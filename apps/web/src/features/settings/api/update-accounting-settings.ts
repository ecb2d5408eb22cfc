import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAccountingSettings, TUpdateAccountingSettingsRequest } from '@pms/contract/settings';
import { api } from '../../../lib/api-client.ts';
import { accountingSettingsQueryOptions } from './get-accounting-settings.ts';

export function updateAccountingSettings(
  changes: TUpdateAccountingSettingsRequest,
): Promise<TAccountingSettings> {
  return api.patch<TAccountingSettings>('/settings/accounting', { body: changes });
}

export function useUpdateAccountingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountingSettings,
    meta: { errorTitle: 'settings.notSaved' },
    onSuccess: (settings) => queryClient.setQueryData(accountingSettingsQueryOptions().queryKey, settings),
  });
}
