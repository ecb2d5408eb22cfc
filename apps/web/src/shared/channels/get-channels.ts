import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChannel } from '@pms/contract/channels';
import { api } from '../../lib/api-client.ts';
import { channelKeys } from '../query-keys/index.ts';

/** The property's channels (booking platforms), each with its feed per room. */
export async function getChannels(): Promise<TChannel[]> {
  return (await api.get<{ data: TChannel[] }>('/channels')).data;
}

export const channelsQueryOptions = () =>
  queryOptions({ queryKey: channelKeys.list(), queryFn: getChannels });

/** The channels; `enabled` false for a role that may not read them. */
export function useChannels({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...channelsQueryOptions(), enabled });
}
