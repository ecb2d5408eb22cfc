import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  syncReportCsv,
  syncReportFileName,
  type TChannel,
  type TCreateChannelRequest,
  type TSyncReport,
  type TUpdateChannelRequest,
} from '@pms/contract/channels';
import { api } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { invalidateAfter, settleAfter } from '../../../shared/query-keys/index.ts';

const channelPath = (id: string) => `/channels/${encodeURIComponent(id)}`;
const roomPath = (id: string, roomId: string) => `${channelPath(id)}/rooms/${encodeURIComponent(roomId)}`;

export function createChannel(body: TCreateChannelRequest): Promise<TChannel> {
  return api.post<TChannel>('/channels', { body });
}

export function updateChannel(id: string, body: TUpdateChannelRequest): Promise<TChannel> {
  return api.put<TChannel>(channelPath(id), { body });
}

/** A change to a channel; done once the channel list has loaded again. */
function useChannelMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
  isErrorShownInline = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { isErrorShownInline },
    onSuccess: () => settleAfter(queryClient, 'channel'),
  });
}

export function useSaveChannel(id: string | null) {
  return useChannelMutation(
    (body: TCreateChannelRequest) => (id ? updateChannel(id, body) : createChannel(body)),
    true,
  );
}

export function useDeleteChannel() {
  return useChannelMutation((id: string) => api.delete(channelPath(id)));
}

type TFeedTarget = { channelId: string; roomId: string };

/** Sets a room's import URL of the channel, or clears it with null. */
export function useSetImportUrl() {
  return useChannelMutation(
    ({ channelId, roomId, importUrl }: TFeedTarget & { importUrl: string | null }) =>
      api.put<TChannel>(roomPath(channelId, roomId), { body: { importUrl } }),
    true,
  );
}

/** Gives a room's export feed a new address (renew) or withdraws it (revoke). */
export function useChangeExportToken() {
  return useChannelMutation(({ channelId, roomId, action }: TFeedTarget & { action: 'renew' | 'revoke' }) =>
    action === 'renew'
      ? api.post<TChannel>(`${roomPath(channelId, roomId)}/export_token`)
      : api.delete<TChannel>(`${roomPath(channelId, roomId)}/export_token`),
  );
}

/** Imports every feed now; the report arrives as JSON. Bookings, locks and the plan move with it. */
export function useSynchronize() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TSyncReport>('/bookings/synchronize', { body: {} }),
    meta: { isErrorShownInline: true },
    onSettled: () => invalidateAfter(queryClient, 'channelSync'),
  });
}

/** The report as the server's CSV has it, saved as a file. */
export function saveSyncReportCsv(report: TSyncReport): void {
  const csv = syncReportCsv(report);
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), syncReportFileName(report, 'csv'));
}
