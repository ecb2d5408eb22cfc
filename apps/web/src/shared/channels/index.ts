export { ChannelBadge } from './channel-badge.tsx';
export { channelsQueryOptions, getChannels, useChannels } from './get-channels.ts';
