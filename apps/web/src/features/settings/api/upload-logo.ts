import { useMutation } from '@tanstack/react-query';
import type { TFile } from '@pms/contract/files';
import { api } from '../../../lib/api-client.ts';

export function uploadLogo(file: File): Promise<TFile> {
  const body = new FormData();
  body.append('file', file);
  return api.post<TFile>('/files', { query: { purpose: 'logo' }, body });
}

/** Where the browser loads a stored file (the same url a property's branding.logo holds). */
export function fileContentUrl(fileId: string): string {
  return `/api/files/${encodeURIComponent(fileId)}/content`;
}

export function useUploadLogo() {
  return useMutation({ mutationFn: uploadLogo, meta: { errorTitle: 'settings.branding.logoNotUploaded' } });
}
