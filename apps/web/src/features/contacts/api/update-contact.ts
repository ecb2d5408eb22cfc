import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContact, TUpdateContactRequest } from '@pms/contract/contacts';
import { api } from '../../../lib/api-client.ts';
import { contactQueryOptions } from '../../../shared/contacts/index.ts';
import { contactKeys } from '../../../shared/query-keys/index.ts';

/** Replaces every editable field of a contact. */
export function updateContact(id: string, contact: TUpdateContactRequest): Promise<TContact> {
  return api.put<TContact>(`/contacts/${encodeURIComponent(id)}`, { body: contact });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, contact }: { id: string; contact: TUpdateContactRequest }) =>
      updateContact(id, contact),
    meta: { isErrorShownInline: true },
    onSuccess: (contact) => {
      queryClient.setQueryData(contactQueryOptions(contact.id).queryKey, contact);
      return queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });
}
