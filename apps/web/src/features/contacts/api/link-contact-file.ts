import { useMutation, useQueryClient } from '@tanstack/react-query';
import { filePurposes, type TFile } from '@pms/contract/files';
import { api } from '../../../lib/api-client.ts';
import { contactFilesQueryOptions } from './get-contact-files.ts';
import { uploadFile } from './upload-file.ts';

/** Adds an uploaded file to a contact's documents. */
export function linkContactFile(id: string, fileId: string): Promise<TFile> {
  return api.post<TFile>(`/contacts/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`);
}

/** Uploads an ID document and adds it to the contact's documents. */
export function useAddContactDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const stored = await uploadFile(file, filePurposes.idDocument);
      return linkContactFile(id, stored.id);
    },
    meta: { errorTitle: 'contacts.documents.notUploaded' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactFilesQueryOptions(id).queryKey }),
  });
}
