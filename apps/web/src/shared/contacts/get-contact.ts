import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TContact } from '@pms/contract/contacts';
import { api } from '../../lib/api-client.ts';
import { contactKeys } from '../query-keys/index.ts';

export function getContact(id: string): Promise<TContact> {
  return api.get<TContact>(`/contacts/${encodeURIComponent(id)}`);
}

export const contactQueryOptions = (id: string) =>
  queryOptions({ queryKey: contactKeys.detail(id), queryFn: () => getContact(id) });

export function useContact(id: string) {
  return useQuery(contactQueryOptions(id));
}
