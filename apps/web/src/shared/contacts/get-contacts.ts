import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TContact, TContactListQuery } from '@pms/contract/contacts';
import type { TPaged } from '@pms/contract/paging';
import { api } from '../../lib/api-client.ts';
import { contactKeys } from '../query-keys/index.ts';

export function getContacts(query: TContactListQuery): Promise<TPaged<TContact>> {
  return api.get<TPaged<TContact>>('/contacts', { query });
}

export const contactsQueryOptions = ({ pageNumber, pageSize, query, type }: TContactListQuery) =>
  queryOptions({
    queryKey: contactKeys.list({ pageNumber, pageSize, query, type }),
    queryFn: () => getContacts({ pageNumber, pageSize, query, type }),
    placeholderData: keepPreviousData,
  });

export function useContacts(query: TContactListQuery) {
  return useQuery(contactsQueryOptions(query));
}
