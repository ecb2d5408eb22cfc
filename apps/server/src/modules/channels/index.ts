// The public surface of the channels module: the booking platforms, their feeds and what an import made.
export {
  deleteChannelStay,
  findOwnedChannel,
  insertChannelStay,
  selectChannelStays,
  selectDueFeeds,
  selectImportFeed,
  selectImportFeeds,
  updateChannelStay,
  updateFeedRow,
  type TChannelStayRow,
  type TImportFeed,
} from './channels.queries.ts';
