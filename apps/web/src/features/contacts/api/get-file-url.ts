import { useMutation } from '@tanstack/react-query';
import type { TFileUrl } from '@pms/contract/files';
import { api } from '../../../lib/api-client.ts';

/** A short-lived download link of a stored file. */
export function getFileUrl(fileId: string): Promise<TFileUrl> {
  return api.get<TFileUrl>(`/files/${encodeURIComponent(fileId)}/url`);
}

/** Where the browser shows a stored file inline, such as an image preview. */
export function fileContentUrl(fileId: string): string {
  return `/api/files/${encodeURIComponent(fileId)}/content`;
}

/** Fetches a download link and lets the browser download the file. */
export function useDownloadFile() {
  return useMutation({
    mutationFn: getFileUrl,
    meta: { errorTitle: 'contacts.documents.notDownloaded' },
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
