import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Saves a message as the .eml file the server keeps. */
export async function downloadMailMessage(id: string): Promise<void> {
  const { blob, fileName } = await api.download(`/mail_messages/${encodeURIComponent(id)}/eml`);
  saveFile(blob, fileName ?? `${id}.eml`);
}

export function useDownloadMailMessage() {
  return useMutation({ mutationFn: downloadMailMessage, meta: { errorTitle: 'mail.notDownloaded' } });
}
