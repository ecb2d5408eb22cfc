import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function deleteSetting(id: string): Promise<void> {
  return api.delete(`/settings/${encodeURIComponent(id)}`);
}

export function useDeleteSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSetting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['settings', 'entries'] }),
  });
}
