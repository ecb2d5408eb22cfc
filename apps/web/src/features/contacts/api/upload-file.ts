import type { TFile } from '@pms/contract/files';
import { api } from '../../../lib/api-client.ts';

/** Stores a file for the property; it belongs to nothing until it is linked. */
export function uploadFile(file: File, purpose: string): Promise<TFile> {
  const body = new FormData();
  body.append('file', file);
  return api.post<TFile>('/files', { query: { purpose }, body });
}
