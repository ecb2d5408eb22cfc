import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactKeys } from '../../../shared/query-keys/index.ts';

export function deleteContact(id: string): Promise<void> {
  return api.delete(`/contacts/${encodeURIComponent(id)}`);
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    meta: { errorTitle: 'contacts.notDeleted' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
  });
}
