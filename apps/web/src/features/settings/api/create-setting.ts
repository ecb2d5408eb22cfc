import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateSettingRequest, TSettingEntry } from '@pms/contract/settings';
import { api } from '../../../lib/api-client.ts';

export function createSetting(setting: TCreateSettingRequest): Promise<TSettingEntry> {
  return api.post<TSettingEntry>('/settings', { body: setting });
}

export function useCreateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSetting,
    meta: { isErrorShownInline: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['settings', 'entries'] }),
  });
}
