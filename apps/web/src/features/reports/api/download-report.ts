import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, type TQueryParams } from '../../../lib/api-client.ts';

export type TReportDownload = { path: string; query: TQueryParams; fallbackName: string };
export type TDownloadProgressState = { received: number; total: number | null };

/** Hands a fetched file to the browser to save under its name. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Downloads a report file, telling how many bytes have arrived while it loads. */
export function useDownloadReport() {
  const [progress, setProgress] = useState<TDownloadProgressState | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ path, query, fallbackName }: TReportDownload) => {
      const { blob, fileName } = await api.download(path, {
        query,
        onProgress: (received, total) => setProgress({ received, total }),
      });
      saveFile(blob, fileName ?? fallbackName);
    },
    meta: { errorTitle: 'reports.downloadFailed' },
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}
