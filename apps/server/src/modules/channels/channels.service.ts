import type {
  TChannel,
  TChannelFeed,
  ZCreateChannelRequest,
  ZSetChannelFeedRequest,
  ZUpdateChannelRequest,
} from '@pms/contract';
import type { z } from 'zod';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { randomToken } from '../../lib/crypto.ts';
import { recordEvent, changedFields } from '../../lib/events.ts';
import { assertOutboundUrl } from '../../lib/outbound-url.ts';
import { assertRoomOwned } from '../base-data/index.ts';
import {
  deleteChannelFeeds,
  findOwnedChannel,
  insertChannel,
  insertFeeds,
  selectChannels,
  selectFeedForUpdate,
  selectFeeds,
  selectRoomsWithoutFeed,
  updateChannelRow,
  updateFeedRow,
  type TChannelRow,
  type TFeedWithRoom,
} from './channels.queries.ts';

/** An export feed's address: a capability URL, its token 256 random bits. */
export function exportUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/api/ical/${token}.ics`;
}

function toFeed(ctx: AppContext, feed: TFeedWithRoom): TChannelFeed {
  return {
    id: feed.id,
    channelId: feed.channelId,
    roomId: feed.roomId,
    roomNumber: feed.roomNumber,
    importUrl: feed.importUrl,
    exportUrl: feed.exportToken ? exportUrl(ctx, feed.exportToken) : null,
    lastFetchedAt: feed.lastFetchedAt?.toISOString() ?? null,
    lastSuccessAt: feed.lastSuccessAt?.toISOString() ?? null,
    lastError: feed.lastError,
    nextFetchAt: feed.nextFetchAt?.toISOString() ?? null,
  };
}

function toChannel(ctx: AppContext, row: TChannelRow, feeds: TFeedWithRoom[]): TChannel {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    name: row.name,
    color: row.color,
    blockedSummaries: row.blockedSummaries,
    dtendIsCheckOut: row.dtendIsCheckOut,
    conflictMode: row.conflictMode,
    isZeroPriced: row.isZeroPriced,
    feeds: feeds.filter((feed) => feed.channelId === row.id).map((feed) => toFeed(ctx, feed)),
  };
}

async function channelOf(ctx: AppContext, db: Executor, row: TChannelRow): Promise<TChannel> {
  return toChannel(ctx, row, await selectFeeds(db, [row.id]));
}

/** Gives every room of the property that has none a feed of the channel, with its export token. */
async function addMissingFeeds(db: Executor, propertyId: string, channelId: string): Promise<void> {
  const missing = await selectRoomsWithoutFeed(db, propertyId, channelId);
  await insertFeeds(
    db,
    missing.map((room) => ({ propertyId, channelId, roomId: room.id, exportToken: randomToken(32) })),
  );
}

function channelEvent(actor: TActor, id: string, type: string, data: Record<string, unknown> = {}) {
  return { propertyId: actor.propertyId, actor, objectType: 'channel' as const, objectId: id, type, data };
}

/** The property's channels with every room's feeds. */
export async function listChannels(ctx: AppContext, actor: TActor): Promise<{ data: TChannel[] }> {
  requireAccess(actor, 'channels', 'read');
  const rows = await selectChannels(ctx.db, actor.propertyId);
  const feeds = await selectFeeds(
    ctx.db,
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => toChannel(ctx, row, feeds)) };
}

export async function getChannel(ctx: AppContext, actor: TActor, id: string): Promise<TChannel> {
  requireAccess(actor, 'channels', 'read');
  return channelOf(ctx, ctx.db, await findOwnedChannel(ctx.db, actor.propertyId, id));
}

/** A channel with a feed for every room of the property, each with its own export token. */
export function createChannel(
  ctx: AppContext,
  actor: TActor,
  input: z.output<typeof ZCreateChannelRequest>,
): Promise<TChannel> {
  requireAccess(actor, 'channels', 'write');
  return ctx.db.transaction(async (tx) => {
    const row = await insertChannel(tx, { ...input, propertyId: actor.propertyId });
    await addMissingFeeds(tx, actor.propertyId, row.id);
    await recordEvent(tx, channelEvent(actor, row.id, 'created', { name: row.name }));
    return channelOf(ctx, tx, row);
  });
}

export function updateChannel(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: z.output<typeof ZUpdateChannelRequest>,
): Promise<TChannel> {
  requireAccess(actor, 'channels', 'write');
  return ctx.db.transaction(async (tx) => {
    const before = await findOwnedChannel(tx, actor.propertyId, id, true);
    await updateChannelRow(tx, id, input);
    const after = { ...before, ...input };
    const changed = changedFields(before, after, Object.keys(input));
    if (changed.length > 0) await recordEvent(tx, channelEvent(actor, id, 'updated', { changed }));
    return channelOf(ctx, tx, await findOwnedChannel(tx, actor.propertyId, id));
  });
}

/** Ends a channel and its feeds: nothing is fetched from it, its export addresses answer 404. */
export async function deleteChannel(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'channels', 'write');
  await ctx.db.transaction(async (tx) => {
    await findOwnedChannel(tx, actor.propertyId, id, true);
    const now = ctx.clock.now();
    await updateChannelRow(tx, id, { deletedAt: now });
    await deleteChannelFeeds(tx, id, now);
    await recordEvent(tx, channelEvent(actor, id, 'deleted'));
  });
}

/** The channel's feed of a room, made where the room came after the channel. */
async function lockFeed(db: Executor, actor: TActor, channelId: string, roomId: string) {
  await findOwnedChannel(db, actor.propertyId, channelId, true);
  await assertRoomOwned(db, actor.propertyId, roomId);
  await addMissingFeeds(db, actor.propertyId, channelId);
  const feed = await selectFeedForUpdate(db, actor.propertyId, channelId, roomId);
  if (!feed) throw notFound('room');
  return feed;
}

/**
 * Sets (or clears) a room's import feed for the channel: an http(s) address of the public internet,
 * fetched at once (its next fetch is due now) and from then on every few minutes.
 */
export async function setChannelFeed(
  ctx: AppContext,
  actor: TActor,
  channelId: string,
  roomId: string,
  input: z.output<typeof ZSetChannelFeedRequest>,
): Promise<TChannel> {
  requireAccess(actor, 'channels', 'write');
  if (input.importUrl)
    await assertOutboundUrl(
      input.importUrl,
      { allowPrivateAddresses: ctx.config.allowPrivateOutbound },
      'body/importUrl',
    );
  return ctx.db.transaction(async (tx) => {
    const feed = await lockFeed(tx, actor, channelId, roomId);
    await updateFeedRow(tx, feed.id, {
      importUrl: input.importUrl,
      etag: null,
      lastModified: null,
      failures: 0,
      lastError: null,
      nextFetchAt: input.importUrl ? ctx.clock.now() : null,
    });
    await recordEvent(tx, channelEvent(actor, channelId, 'updated', { changed: ['importUrl'], roomId }));
    return channelOf(ctx, tx, await findOwnedChannel(tx, actor.propertyId, channelId));
  });
}

/** A new export address for the room (the old one stops answering), or none (`revoke`). */
export async function changeExportToken(
  ctx: AppContext,
  actor: TActor,
  channelId: string,
  roomId: string,
  change: 'renew' | 'revoke',
): Promise<TChannel> {
  requireAccess(actor, 'channels', 'write');
  return ctx.db.transaction(async (tx) => {
    const feed = await lockFeed(tx, actor, channelId, roomId);
    await updateFeedRow(tx, feed.id, { exportToken: change === 'renew' ? randomToken(32) : null });
    await recordEvent(
      tx,
      channelEvent(actor, channelId, 'updated', { changed: ['exportUrl'], roomId, change }),
    );
    return channelOf(ctx, tx, await findOwnedChannel(tx, actor.propertyId, channelId));
  });
}
