import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filePurposes, type TFile } from '@pms/contract/files';
import { api } from '../../../lib/api-client.ts';
import { contactFilesQueryOptions } from './get-contact-files.ts';
import { uploadFile } from './upload-file.ts';

/** Adds an uploaded file to a contact's documents, handed in for one of its stays when `bookingId` names one. */
export function linkContactFile(id: string, fileId: string, bookingId: string | null): Promise<TFile> {
  return api.post<TFile>(`/contacts/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`, {
    query: bookingId ? { bookingId } : undefined,
  });
}

/** Uploads an ID document and adds it to the contact's documents, for a stay or none. */
export function useAddContactDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, bookingId }: { file: File; bookingId: string | null }) => {
      const stored = await uploadFile(file, filePurposes.idDocument);
      return linkContactFile(id, stored.id, bookingId);
    },
    meta: { errorTitle: 'contacts.documents.notUploaded' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactFilesQueryOptions(id).queryKey }),
  });
}
