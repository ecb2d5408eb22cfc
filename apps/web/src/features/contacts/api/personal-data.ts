import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TErasure, TPersonalDataExport } from '@pms/contract/privacy';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { contactKeys } from '../../../shared/query-keys/index.ts';

// A person's data (GDPR Art. 15 and 17): its exports and its erasure, for admins.

const contactPath = (id: string) => `/contacts/${encodeURIComponent(id)}`;
const isUnderWay = (exports: readonly TPersonalDataExport[] | undefined) =>
  (exports ?? []).some((entry) => entry.status === 'pending' || entry.status === 'running');

/** The contact's exports, newest first; asked again every second while one is being made. */
export function usePersonalDataExports(contactId: string) {
  return useQuery({
    queryKey: contactKeys.personalDataExports(contactId),
    queryFn: () => api.get<TPersonalDataExport[]>(`${contactPath(contactId)}/personal-data-exports`),
    refetchInterval: (query) => (isUnderWay(query.state.data) ? 1000 : false),
  });
}

export function useRequestPersonalDataExport(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TPersonalDataExport>(`${contactPath(contactId)}/personal-data-exports`),
    meta: { errorTitle: 'contacts.privacy.exportFailed' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.personalDataExports(contactId) }),
  });
}

export function useDownloadPersonalDataExport() {
  return useMutation({
    mutationFn: async (exportId: string) => {
      const { blob, fileName } = await api.download(
        `/personal-data-exports/${encodeURIComponent(exportId)}/download`,
      );
      saveFile(blob, fileName ?? 'personal-data.zip');
    },
    meta: { errorTitle: 'contacts.privacy.downloadFailed' },
  });
}

export function useErasure(contactId: string) {
  return useQuery({
    queryKey: contactKeys.erasure(contactId),
    queryFn: async () =>
      (await api.get<{ erasure: TErasure | null }>(`${contactPath(contactId)}/erasure`)).erasure,
  });
}

export function useErasePersonalData(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TErasure>(`${contactPath(contactId)}/erasure`),
    meta: { errorTitle: 'contacts.privacy.eraseFailed' },
    onSuccess: (erasure) => {
      queryClient.setQueryData(contactKeys.erasure(contactId), erasure);
      return queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });
}
