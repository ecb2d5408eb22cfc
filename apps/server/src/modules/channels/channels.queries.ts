import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { roomHoldingStatuses } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { findOwned } from '../../db/owned-records.ts';
import { roomOrder } from '../../db/room-order.ts';
import {
  bookings,
  channelFeeds,
  channels,
  channelStays,
  properties,
  roomLocks,
  roomTypes,
  rooms,
} from '../../db/schema/index.ts';

export type TChannelRow = typeof channels.$inferSelect;
export type TChannelFeedRow = typeof channelFeeds.$inferSelect;
export type TChannelStayRow = typeof channelStays.$inferSelect;
export type TFeedWithRoom = TChannelFeedRow & { roomNumber: string };

const liveChannel = (propertyId: string) =>
  and(eq(channels.propertyId, propertyId), isNull(channels.deletedAt));

/** The property's live channels, by name. */
export function selectChannels(db: Executor, propertyId: string): Promise<TChannelRow[]> {
  return db
    .select()
    .from(channels)
    .where(liveChannel(propertyId))
    .orderBy(asc(sql`lower(${channels.name})`));
}

export function findOwnedChannel(db: Executor, propertyId: string, id: string, lock = false) {
  return findOwned(db, channels, propertyId, id, 'channel', { lock });
}

/** The live feeds of the channels, with their room's number, in room order. */
export async function selectFeeds(db: Executor, channelIds: string[]): Promise<TFeedWithRoom[]> {
  if (channelIds.length === 0) return [];
  const rows = await db
    .select({ feed: channelFeeds, roomNumber: rooms.number })
    .from(channelFeeds)
    .innerJoin(rooms, eq(rooms.id, channelFeeds.roomId))
    .where(
      and(
        inArray(channelFeeds.channelId, channelIds),
        isNull(channelFeeds.deletedAt),
        isNull(rooms.deletedAt),
      ),
    )
    .orderBy(...roomOrder(rooms));
  return rows.map(({ feed, roomNumber }) => ({ ...feed, roomNumber }));
}

export async function insertChannel(
  db: Executor,
  values: typeof channels.$inferInsert,
): Promise<TChannelRow> {
  const [row] = await db.insert(channels).values(values).returning();
  return row!;
}

export async function updateChannelRow(
  db: Executor,
  id: string,
  changes: Partial<typeof channels.$inferInsert>,
): Promise<void> {
  await db.update(channels).set(changes).where(eq(channels.id, id));
}

/** Every live room of the property without a feed of the channel yet. */
export function selectRoomsWithoutFeed(db: Executor, propertyId: string, channelId: string) {
  return db
    .select({ id: rooms.id })
    .from(rooms)
    .where(
      and(
        eq(rooms.propertyId, propertyId),
        isNull(rooms.deletedAt),
        sql`not exists (select 1 from ${channelFeeds} where ${channelFeeds.channelId} = ${channelId}
                          and ${channelFeeds.roomId} = ${rooms.id})`,
      ),
    );
}

export async function insertFeeds(db: Executor, values: (typeof channelFeeds.$inferInsert)[]): Promise<void> {
  if (values.length > 0) await db.insert(channelFeeds).values(values);
}

/** The channel's feed of a room, locked for the change or the fetch that follows. */
export async function selectFeedForUpdate(
  db: Executor,
  propertyId: string,
  channelId: string,
  roomId: string,
): Promise<TChannelFeedRow | undefined> {
  const [row] = await db
    .select()
    .from(channelFeeds)
    .where(
      and(
        eq(channelFeeds.propertyId, propertyId),
        eq(channelFeeds.channelId, channelId),
        eq(channelFeeds.roomId, roomId),
        isNull(channelFeeds.deletedAt),
      ),
    )
    .for('update');
  return row;
}

export async function updateFeedRow(
  db: Executor,
  id: string,
  changes: Partial<typeof channelFeeds.$inferInsert>,
): Promise<void> {
  await db.update(channelFeeds).set(changes).where(eq(channelFeeds.id, id));
}

/** Ends the channel's feeds with it: their export tokens stop answering. */
export async function deleteChannelFeeds(db: Executor, channelId: string, now: Date): Promise<void> {
  await db
    .update(channelFeeds)
    .set({ deletedAt: now, exportToken: null })
    .where(and(eq(channelFeeds.channelId, channelId), isNull(channelFeeds.deletedAt)));
}

/** The feed an export token opens, with its property's name and time zone and its room's number. */
export async function selectExportFeed(db: Executor, token: string) {
  const [row] = await db
    .select({
      feed: channelFeeds,
      roomNumber: rooms.number,
      propertyName: properties.name,
      timeZone: properties.timeZone,
    })
    .from(channelFeeds)
    .innerJoin(channels, eq(channels.id, channelFeeds.channelId))
    .innerJoin(rooms, eq(rooms.id, channelFeeds.roomId))
    .innerJoin(properties, eq(properties.id, channelFeeds.propertyId))
    .where(
      and(
        eq(channelFeeds.exportToken, token),
        isNull(channelFeeds.deletedAt),
        isNull(channels.deletedAt),
        isNull(rooms.deletedAt),
      ),
    );
  return row;
}

/**
 * What holds the room from `from` to `until`: bookings that hold it (but those the channel imported
 * itself, so nothing echoes back) and live room locks (but those the channel's own feed made), each
 * with what changes when it changes.
 */
export async function selectHeldStays(
  db: Executor,
  feed: Pick<TChannelFeedRow, 'propertyId' | 'roomId' | 'channelId'>,
  from: string,
  until: string,
) {
  const held = await db
    .select({
      id: bookings.id,
      checkIn: bookings.checkIn,
      checkOut: bookings.checkOut,
      updatedAt: bookings.updatedAt,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.propertyId, feed.propertyId),
        eq(bookings.roomId, feed.roomId),
        isNull(bookings.deletedAt),
        inArray(bookings.status, [...roomHoldingStatuses]),
        or(isNull(bookings.channelId), ne(bookings.channelId, feed.channelId)),
        gte(bookings.checkOut, from),
        lte(bookings.checkIn, until),
      ),
    );
  const locks = await db
    .select({
      id: roomLocks.id,
      startDate: roomLocks.startDate,
      endDate: roomLocks.endDate,
      updatedAt: roomLocks.updatedAt,
    })
    .from(roomLocks)
    .where(
      and(
        eq(roomLocks.propertyId, feed.propertyId),
        eq(roomLocks.roomId, feed.roomId),
        isNull(roomLocks.deletedAt),
        inArray(roomLocks.status, ['scheduled', 'active']),
        gte(roomLocks.endDate, from),
        lte(roomLocks.startDate, until),
        sql`not exists (select 1 from ${channelStays} own join ${channelFeeds} own_feed on own_feed.id = own.feed_id
                          where own.room_lock_id = ${roomLocks.id} and own_feed.channel_id = ${feed.channelId})`,
      ),
    );
  return { bookings: held, locks };
}

/** The import feeds due for a fetch now, across properties, oldest due first. */
export function selectDueFeeds(db: Executor, now: Date, limit: number) {
  return db
    .select({ id: channelFeeds.id, propertyId: channelFeeds.propertyId })
    .from(channelFeeds)
    .innerJoin(channels, eq(channels.id, channelFeeds.channelId))
    .where(
      and(
        isNotNull(channelFeeds.importUrl),
        isNull(channelFeeds.deletedAt),
        isNull(channels.deletedAt),
        or(isNull(channelFeeds.nextFetchAt), lt(channelFeeds.nextFetchAt, now)),
      ),
    )
    .orderBy(asc(channelFeeds.nextFetchAt))
    .limit(limit);
}

/** An import feed with what its import needs: its channel's reading, its room, the property's day and pace. */
export async function selectImportFeed(db: Executor, feedId: string, lock = false) {
  const query = db
    .select({
      feed: channelFeeds,
      channel: channels,
      roomNumber: rooms.number,
      roomTypeId: rooms.roomTypeId,
      minOccupancy: roomTypes.minOccupancy,
      timeZone: properties.timeZone,
      syncMinutes: properties.channelSyncMinutes,
    })
    .from(channelFeeds)
    .innerJoin(channels, eq(channels.id, channelFeeds.channelId))
    .innerJoin(rooms, eq(rooms.id, channelFeeds.roomId))
    .innerJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
    .innerJoin(properties, eq(properties.id, channelFeeds.propertyId))
    .where(and(eq(channelFeeds.id, feedId), isNull(channelFeeds.deletedAt), isNull(channels.deletedAt)));
  const [row] = lock ? await query.for('update', { of: channelFeeds }) : await query;
  return row;
}
export type TImportFeed = NonNullable<Awaited<ReturnType<typeof selectImportFeed>>>;

/** The property's import feeds (of one channel when given), in channel and room order. */
export function selectImportFeeds(db: Executor, propertyId: string, channelId?: string) {
  return db
    .select({ id: channelFeeds.id })
    .from(channelFeeds)
    .innerJoin(channels, eq(channels.id, channelFeeds.channelId))
    .innerJoin(rooms, eq(rooms.id, channelFeeds.roomId))
    .where(
      and(
        eq(channelFeeds.propertyId, propertyId),
        isNotNull(channelFeeds.importUrl),
        isNull(channelFeeds.deletedAt),
        isNull(channels.deletedAt),
        channelId ? eq(channelFeeds.channelId, channelId) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${channels.name})`), ...roomOrder(rooms));
}

export function selectChannelStays(db: Executor, feedId: string): Promise<TChannelStayRow[]> {
  return db.select().from(channelStays).where(eq(channelStays.feedId, feedId));
}

export async function insertChannelStay(
  db: Executor,
  values: typeof channelStays.$inferInsert,
): Promise<void> {
  await db.insert(channelStays).values(values);
}

export async function updateChannelStay(
  db: Executor,
  id: string,
  changes: Pick<TChannelStayRow, 'checkIn' | 'checkOut' | 'updatedAt'>,
): Promise<void> {
  await db.update(channelStays).set(changes).where(eq(channelStays.id, id));
}

export async function deleteChannelStay(db: Executor, id: string): Promise<void> {
  await db.delete(channelStays).where(eq(channelStays.id, id));
}
