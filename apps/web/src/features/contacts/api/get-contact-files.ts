import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TContactDocument } from '@pms/contract/contacts';
import { api } from '../../../lib/api-client.ts';
import { contactKeys } from '../../../shared/query-keys/index.ts';

/** A contact's documents with the stay each was handed in for, in the order they were added. */
export async function getContactFiles(id: string): Promise<TContactDocument[]> {
  const { data } = await api.get<{ data: TContactDocument[] }>(`/contacts/${encodeURIComponent(id)}/files`);
  return data;
}

export const contactFilesQueryOptions = (id: string) =>
  queryOptions({ queryKey: contactKeys.files(id), queryFn: () => getContactFiles(id) });

export function useContactFiles(id: string) {
  return useQuery(contactFilesQueryOptions(id));
}
