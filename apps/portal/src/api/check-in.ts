// The registration calls: guests, documents, signature, pre-check-in and check-in.
import type { TFile } from '@pms/contract/files';
import type { TIdDocumentAnalysis } from '@pms/contract/id-documents';
import type {
  TPortalGuest,
  TPortalPreCheckIn,
  TPortalSignature,
  TUpdatePortalGuestRequest,
} from '@pms/contract/portal';
import { portalFetch, portalJson, portalUpload, type TUploadProgress } from './client.ts';

export const updateGuest = (guestId: string, body: TUpdatePortalGuestRequest) =>
  portalJson<TPortalGuest>('PATCH', `/guests/${guestId}`, body);

export function uploadDocument(contactId: string, file: Blob, name: string, onProgress?: TUploadProgress) {
  const form = new FormData();
  form.append('file', file, name);
  return portalUpload<TFile>(`/contacts/${contactId}/files`, form, onProgress);
}

/** Reads the machine readable zone of a document picture; `id/no_document_found` when it has none. */
export function analyzeDocument(picture: Blob, name: string): Promise<TIdDocumentAnalysis> {
  const form = new FormData();
  form.append('file', picture, name);
  return portalJson<TIdDocumentAnalysis>('POST', '/ids/analyze', form);
}

export const deleteDocument = (contactId: string, fileId: string) =>
  portalJson<void>('POST', `/contacts/${contactId}/files/${fileId}`);

export async function fileBlob(fileId: string): Promise<Blob> {
  return (await portalFetch('GET', `/files/${fileId}/content`)).blob();
}

export async function uploadSignature(png: Blob): Promise<TPortalSignature> {
  const form = new FormData();
  form.append('signature', png, 'signature.png');
  return portalJson<TPortalSignature>('PATCH', '/signature', form);
}

export const deleteSignature = () => portalJson<void>('DELETE', '/signature');
export const preCheckIn = () => portalJson<TPortalPreCheckIn>('POST', '/pre_check_in');

/** Checks in; the answer is the signed registration form as a PDF. */
export async function checkIn(): Promise<{ blob: Blob; name: string }> {
  const response = await portalFetch('POST', '/check_in');
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'registration.pdf';
  return { blob: await response.blob(), name };
}
