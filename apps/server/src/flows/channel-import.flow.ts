import { addDays, todayIn, type TSyncFeedReport, type TSyncReport } from '@pms/contract';
import { requireAccess, systemActor, type TActor } from '../actor.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { FeedUnreadable, readFeed, type TFeedStay } from '../integrations/channels/ical-feed.ts';
import { recordEvent } from '../lib/events.ts';
import { requestOutbound } from '../lib/outbound-url.ts';
import { findProperty } from '../lib/properties.ts';
import {
  createBooking,
  performAction,
  setChannelConflict,
  updateBooking,
} from '../modules/bookings/index.ts';
import {
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
} from '../modules/channels/index.ts';
import { cancelRoomLock, createRoomLock, updateRoomLock } from '../modules/room-locks/index.ts';

// Channel sync's import: each room's feed of each booking platform fetched, read, and what it says
// made true in the hotel, keyed by (feed, UID): a reservation is a booking on the room, a closed window
// a room lock, a changed event moves what it made, a vanished one cancels it. Only a whole, valid,
// non-empty calendar moves or cancels anything; an overlap never double-books: the booking is held
// without a room and flagged as a conflict for staff to resolve.

/** How long one fetch may take, and how large a feed may be. */
export const feedTimeoutMs = 10_000;
export const maxFeedBytes = 5 * 1024 * 1024;
/** The longest pause after failures: a feed that keeps failing is still tried once a day. */
const maxPauseMs = 24 * 60 * 60 * 1000;

type TFetched =
  | { kind: 'not_modified' }
  | { kind: 'fetched'; body: string; etag: string | null; lastModified: string | null };

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/** One conditional GET of the feed (following up to three redirects, each to a checked address). */
async function fetchFeed(ctx: AppContext, feed: TImportFeed['feed']): Promise<TFetched> {
  const headers: Record<string, string> = {
    accept: 'text/calendar, */*;q=0.5',
    'user-agent': 'pms-channel-sync',
  };
  if (feed.etag) headers['if-none-match'] = feed.etag;
  if (feed.lastModified) headers['if-modified-since'] = feed.lastModified;
  const response = await requestOutbound(
    feed.importUrl!,
    { method: 'GET', headers, timeoutMs: feedTimeoutMs, maxBytes: maxFeedBytes, redirects: 3 },
    { allowPrivateAddresses: ctx.config.allowPrivateOutbound },
  );
  if (response.status === 304) return { kind: 'not_modified' };
  if (response.status < 200 || response.status >= 300)
    throw new FeedUnreadable(`the channel answered ${response.status}`);
  return {
    kind: 'fetched',
    body: response.body,
    etag: header(response.headers.etag),
    lastModified: header(response.headers['last-modified']),
  };
}

/** When the feed is fetched next: its pace (with up to a minute of jitter), doubled per failure in a row. */
function nextFetch(now: Date, syncMinutes: number, failures: number): Date {
  const pause = Math.min(syncMinutes * 60_000 * 2 ** Math.min(failures, 10), maxPauseMs);
  return new Date(now.getTime() + pause + Math.floor(Math.random() * 60_000));
}

function emptyReport(found: TImportFeed, outcome: TSyncFeedReport['outcome']): TSyncFeedReport {
  return {
    channel: found.channel.name,
    roomNumber: found.roomNumber,
    outcome,
    created: 0,
    updated: 0,
    canceled: 0,
    blocks: 0,
    conflicts: 0,
    errors: [],
  };
}

/** What an error tells staff: the rule's detail or code, never a stack. */
const reasonOf = (error: unknown) =>
  error instanceof AppError
    ? (error.detail ?? error.code)
    : error instanceof Error
      ? error.message
      : String(error);

const isOverlap = (error: unknown) =>
  error instanceof AppError &&
  (error.code === 'booking/overlap_detected' || error.code === 'room_lock/overlap_detected');

const importActor = (found: TImportFeed) => systemActor(found.feed.propertyId, 'channels.import');

/** Names the channel in the booking's history: imported from, changed by, canceled by. */
function recordChannelEvent(
  ctx: AppContext,
  found: TImportFeed,
  bookingId: string,
  type: 'channel_imported' | 'channel_changed' | 'channel_canceled',
): Promise<void> {
  return recordEvent(ctx.db, {
    propertyId: found.feed.propertyId,
    actor: importActor(found),
    objectType: 'booking',
    objectId: bookingId,
    type,
    data: { channel: found.channel.name, channelId: found.channel.id },
  });
}

/** Cancels what an event made: its booking, or its room lock. */
async function cancelMade(ctx: AppContext, found: TImportFeed, row: TChannelStayRow): Promise<void> {
  if (row.bookingId) await performAction(ctx, importActor(found), row.bookingId, 'cancel');
  else await cancelRoomLock(ctx, importActor(found), row.roomLockId!);
}

/**
 * A reservation's booking on the feed's room; over a stay already in the room, held without a room
 * as a conflict (or skipped, when the channel says so: then null).
 */
async function createReservation(
  ctx: AppContext,
  found: TImportFeed,
  stay: TFeedStay,
  report: TSyncFeedReport,
): Promise<{ id: string } | null> {
  const { feed, channel } = found;
  const actor = importActor(found);
  const request = {
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    // The feeds say nothing of how many stay: the room type's least, for staff to correct.
    occupancy: found.minOccupancy,
    roomId: feed.roomId,
    roomTypeId: found.roomTypeId,
    isRoomFixed: true,
    source: channel.name,
    status: 'confirmed' as const,
    externalId: stay.uid.slice(0, 100),
    externalCode: stay.externalCode,
    customer: {
      // The properties are in Austria, Germany and Switzerland: their records speak German.
      name: stay.guestName ?? `${channel.name}-Gast${stay.phoneDigits ? ` ${stay.phoneDigits}` : ''}`,
    },
  };
  const origin = { channelId: channel.id, isChannelConflict: false, isZeroPriced: channel.isZeroPriced };
  try {
    return await createBooking(ctx, actor, request, origin);
  } catch (error) {
    if (!isOverlap(error)) throw error;
    report.conflicts += 1;
    if (channel.conflictMode === 'skip') {
      report.errors.push(`${stay.uid}: overlaps a stay in room ${found.roomNumber}; skipped`);
      return null;
    }
    // Held without a room: staff place it where it fits.
    return createBooking(
      ctx,
      actor,
      { ...request, isRoomFixed: false },
      { ...origin, isChannelConflict: true },
    );
  }
}

/**
 * Makes the feed's stays true, in the caller's transaction (the feed locked in it): new ones made,
 * changed ones moved, vanished ones that have not ended cancelled. Each event runs in a savepoint of
 * its own: a refused one is noted in the report and leaves the others done.
 */
async function applyStays(
  ctx: AppContext,
  found: TImportFeed,
  stays: TFeedStay[],
  report: TSyncFeedReport,
): Promise<void> {
  const today = todayIn(found.timeZone, ctx.clock.now());
  const known = new Map((await selectChannelStays(ctx.db, found.feed.id)).map((row) => [row.uid, row]));
  for (const stay of stays) {
    if (stay.checkOut <= today) continue;
    const row = known.get(stay.uid);
    known.delete(stay.uid);
    try {
      await ctx.db.transaction((tx) => applyStay({ ...ctx, db: tx }, found, stay, row, report));
    } catch (error) {
      report.errors.push(`${stay.uid}: ${reasonOf(error)}`);
    }
  }
  // What the calendar no longer has: cancelled, unless its stay is over.
  for (const row of known.values()) {
    try {
      await ctx.db.transaction(async (tx) => {
        const inner: AppContext = { ...ctx, db: tx };
        if (row.checkOut > today) {
          await cancelMade(inner, found, row);
          if (row.bookingId) await recordChannelEvent(inner, found, row.bookingId, 'channel_canceled');
          report.canceled += 1;
        }
        await deleteChannelStay(tx, row.id);
      });
    } catch (error) {
      report.errors.push(`${row.uid}: ${reasonOf(error)}`);
    }
  }
}

/** One event made true: created when new, moved when its dates changed, left when unchanged. */
async function applyStay(
  ctx: AppContext,
  found: TImportFeed,
  stay: TFeedStay,
  row: TChannelStayRow | undefined,
  report: TSyncFeedReport,
): Promise<void> {
  const { feed, channel } = found;
  const actor = importActor(found);
  const now = ctx.clock.now();
  const lockDates = { startDate: stay.checkIn, endDate: addDays(stay.checkOut, -1) };
  const isBlock = stay.kind === 'block';
  if (row && (row.roomLockId !== null) !== isBlock) {
    // A reservation became a block or back: what it made goes, the new kind is made below.
    await cancelMade(ctx, found, row);
    await deleteChannelStay(ctx.db, row.id);
    row = undefined;
  }
  if (!row) {
    if (isBlock) {
      try {
        const lock = await createRoomLock(ctx, actor, {
          roomId: feed.roomId,
          ...lockDates,
          reason: channel.name,
          statusAfterStart: 'out_of_service',
          statusAfterEnd: 'dirty',
        });
        await insertChannelStay(ctx.db, {
          propertyId: feed.propertyId,
          feedId: feed.id,
          uid: stay.uid,
          roomLockId: lock.id,
          checkIn: stay.checkIn,
          checkOut: stay.checkOut,
        });
        report.blocks += 1;
      } catch (error) {
        // The room is held on those days already: nothing to close.
        if (!isOverlap(error)) throw error;
        report.errors.push(
          `${stay.uid}: the closed days overlap a stay in room ${found.roomNumber}; not locked`,
        );
      }
      return;
    }
    const booking = await createReservation(ctx, found, stay, report);
    if (!booking) return;
    await insertChannelStay(ctx.db, {
      propertyId: feed.propertyId,
      feedId: feed.id,
      uid: stay.uid,
      bookingId: booking.id,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
    });
    await recordChannelEvent(ctx, found, booking.id, 'channel_imported');
    report.created += 1;
    return;
  }
  if (row.checkIn === stay.checkIn && row.checkOut === stay.checkOut) return;
  if (row.roomLockId) {
    await updateRoomLock(ctx, actor, row.roomLockId, lockDates);
    report.blocks += 1;
  } else {
    const bookingId = row.bookingId!;
    try {
      await updateBooking(ctx, actor, bookingId, { checkIn: stay.checkIn, checkOut: stay.checkOut });
    } catch (error) {
      if (!isOverlap(error)) throw error;
      // Moved onto a stay already in the room: held without a room, for staff to resolve.
      await updateBooking(ctx, actor, bookingId, {
        checkIn: stay.checkIn,
        checkOut: stay.checkOut,
        roomId: null,
        isRoomFixed: false,
      });
      await setChannelConflict(ctx.db, bookingId, true);
      report.conflicts += 1;
    }
    await recordChannelEvent(ctx, found, bookingId, 'channel_changed');
    report.updated += 1;
  }
  await updateChannelStay(ctx.db, row.id, { checkIn: stay.checkIn, checkOut: stay.checkOut, updatedAt: now });
}

/**
 * Imports one feed now: fetched (conditionally), read, and applied in one transaction with the feed
 * locked, so two instances never import the same feed at once. A failed, empty, truncated or
 * unreadable fetch changes no stay; it is kept as the feed's last error and the next fetch waits longer.
 */
export async function importFeed(ctx: AppContext, feedId: string): Promise<TSyncFeedReport | null> {
  const first = await selectImportFeed(ctx.db, feedId);
  if (!first?.feed.importUrl) return null;
  const now = ctx.clock.now();
  let fetched: TFetched;
  let stays: TFeedStay[] = [];
  let refused: string[] = [];
  try {
    fetched = await fetchFeed(ctx, first.feed);
    if (fetched.kind === 'fetched') {
      const read = readFeed(fetched.body, {
        blockedSummaries: first.channel.blockedSummaries,
        dtendIsCheckOut: first.channel.dtendIsCheckOut,
      });
      if (read.stays.length === 0) throw new FeedUnreadable('the calendar has no events');
      stays = read.stays;
      refused = read.refused.map((entry) => `${entry.uid ?? 'event'}: ${entry.reason}`);
    }
  } catch (error) {
    const reason = reasonOf(error);
    const failures = first.feed.failures + 1;
    await updateFeedRow(ctx.db, feedId, {
      lastFetchedAt: now,
      lastError: reason,
      failures,
      nextFetchAt: nextFetch(now, first.syncMinutes, failures),
    });
    return { ...emptyReport(first, 'failed'), errors: [reason] };
  }
  return ctx.db.transaction(async (tx) => {
    const inTransaction: AppContext = { ...ctx, db: tx };
    const found = await selectImportFeed(tx, feedId, true);
    if (!found?.feed.importUrl) return null;
    const report = emptyReport(found, fetched.kind);
    report.errors.push(...refused);
    if (fetched.kind === 'fetched') await applyStays(inTransaction, found, stays, report);
    await updateFeedRow(tx, feedId, {
      lastFetchedAt: now,
      lastSuccessAt: now,
      lastError: null,
      failures: 0,
      nextFetchAt: nextFetch(now, found.syncMinutes, 0),
      ...(fetched.kind === 'fetched' ? { etag: fetched.etag, lastModified: fetched.lastModified } : {}),
    });
    return report;
  });
}

/** `POST /api/bookings/synchronize`: every import feed of the property (of one channel) now, in order. */
export async function synchronize(
  ctx: AppContext,
  actor: TActor,
  input: { channelId?: string | undefined },
): Promise<TSyncReport> {
  requireAccess(actor, 'bookings', 'write');
  const startedAt = ctx.clock.now();
  const property = await findProperty(ctx.db, actor.propertyId);
  if (input.channelId) await findOwnedChannel(ctx.db, actor.propertyId, input.channelId);
  const feeds = await selectImportFeeds(ctx.db, actor.propertyId, input.channelId);
  const reports: TSyncFeedReport[] = [];
  for (const feed of feeds) {
    const report = await importFeed(ctx, feed.id);
    if (report) reports.push(report);
  }
  return {
    property: property.name,
    startedAt: startedAt.toISOString(),
    finishedAt: ctx.clock.now().toISOString(),
    feeds: reports,
  };
}

/** The recurring job: the feeds due now, across properties, a batch per run. */
export async function importDueFeeds(ctx: AppContext): Promise<number> {
  const due = await selectDueFeeds(ctx.db, ctx.clock.now(), 50);
  for (const feed of due) await importFeed(ctx, feed.id);
  return due.length;
}
