import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFileUrl } from '@pms/contract/files';
import { api } from '../../../lib/api-client.ts';
import { contactFilesQueryOptions } from './get-contact-files.ts';

const path = (id: string, fileId: string, action: 'reveal' | 'confirm') =>
  `/contacts/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}/${action}`;

/** A short-lived link to a contact's ID picture: only with a reason, which the contact's history keeps. */
export function revealContactFile(id: string, fileId: string, reason: string): Promise<TFileUrl> {
  return api.post<TFileUrl>(path(id, fileId, 'reveal'), { body: { reason } });
}

export function useRevealContactFile(id: string) {
  return useMutation({
    mutationFn: ({ fileId, reason }: { fileId: string; reason: string }) =>
      revealContactFile(id, fileId, reason),
    meta: { errorTitle: 'contacts.documents.notRevealed' },
  });
}

/** Confirms the data read from a contact's ID picture: the picture is deleted a few days later. */
export function confirmContactFile(id: string, fileId: string): Promise<void> {
  return api.post(path(id, fileId, 'confirm'));
}

export function useConfirmContactFile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) => confirmContactFile(id, fileId),
    meta: { errorTitle: 'contacts.documents.notConfirmed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactFilesQueryOptions(id).queryKey }),
  });
}
