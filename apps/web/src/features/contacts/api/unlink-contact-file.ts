import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { contactFilesQueryOptions } from './get-contact-files.ts';

/** Removes a file from a contact's documents; the stored file stays. */
export function unlinkContactFile(id: string, fileId: string): Promise<void> {
  return api.delete(`/contacts/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`);
}

export function useUnlinkContactFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => unlinkContactFile(id, fileId),
    meta: { errorTitle: 'contacts.documents.notRemoved' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactFilesQueryOptions(id).queryKey }),
  });
}
