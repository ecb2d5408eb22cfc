import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFile } from '@pms/contract/files';
import { api } from '../../../lib/api-client.ts';

/** A contact's documents, in the order they were added. */
export async function getContactFiles(id: string): Promise<TFile[]> {
  const { data } = await api.get<{ data: TFile[] }>(`/contacts/${encodeURIComponent(id)}/files`);
  return data;
}

export const contactFilesQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['contacts', 'detail', id, 'files'], queryFn: () => getContactFiles(id) });

export function useContactFiles(id: string) {
  return useQuery(contactFilesQueryOptions(id));
}
