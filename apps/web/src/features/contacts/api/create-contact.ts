import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContact, TCreateContactRequest } from '@pms/contract/contacts';
import { api } from '../../../lib/api-client.ts';
import { contactQueryOptions } from '../../../shared/contacts/index.ts';
import { contactKeys } from '../../../shared/query-keys/index.ts';

export function createContact(contact: TCreateContactRequest): Promise<TContact> {
  return api.post<TContact>('/contacts', { body: contact });
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    meta: { isErrorShownInline: true },
    onSuccess: (contact) => {
      queryClient.setQueryData(contactQueryOptions(contact.id).queryKey, contact);
      return queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });
}
