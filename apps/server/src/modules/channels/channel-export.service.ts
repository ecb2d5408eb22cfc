import { createHash } from 'node:crypto';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { addDays, todayIn } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import { rateLimits } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { renderRoomFeed, type TExportStay } from '../../integrations/channels/ical-export.ts';
import { selectExportFeed, selectHeldStays } from './channels.queries.ts';

/** How far ahead a room's feed reaches: the platforms close what they are told for 18 months and more. */
export const exportMonths = 24;
/** Fetches one export address may make per window, over all instances. */
export const exportRequestsPerWindow = 60;
export const exportWindowSeconds = 60;

export type TExportAnswer =
  | { status: 200; body: string; etag: string; lastModified: Date }
  | { status: 304; etag: string; lastModified: Date };

/** Counts each export address's fetches in the shared store, so all instances share the limit. */
export function exportLimiter(ctx: AppContext): RateLimiterDrizzle {
  return new RateLimiterDrizzle({
    storeClient: ctx.db,
    schema: rateLimits,
    clearExpiredByTimeout: false,
    keyPrefix: 'channel_export',
    points: exportRequestsPerWindow,
    duration: exportWindowSeconds,
  });
}

/** A stay's version: its SEQUENCE counts seconds of its last change, so it grows with every change. */
function toExportStay(uid: string, checkIn: string, checkOut: string, updatedAt: Date): TExportStay {
  return {
    uid,
    checkIn,
    checkOut,
    sequence: Math.floor(updatedAt.getTime() / 1000) - 1_700_000_000,
    lastModified: updatedAt,
  };
}

/**
 * A room's feed for a channel, opened by its token (no login): every booking that holds the room and
 * every room lock from today for two years, the channel's own imports left out. The text depends on
 * the stays alone (DTSTAMP is the latest change), so its ETag holds until a stay changes; a client
 * that sends it back is answered 304.
 */
export async function exportRoomFeed(
  ctx: AppContext,
  limiter: RateLimiterDrizzle,
  token: string,
  validators: { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined },
): Promise<TExportAnswer> {
  const found = await selectExportFeed(ctx.db, token);
  if (!found) throw notFound('feed');
  try {
    await limiter.consume(found.feed.id);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    throw new AppError('channel/too_many_requests', 'too many requests for this feed', {
      retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)),
    });
  }
  const today = todayIn(found.timeZone, ctx.clock.now());
  const until = addDays(today, exportMonths * 31);
  const held = await selectHeldStays(ctx.db, found.feed, today, until);
  const stays = [
    ...held.bookings.map((row) =>
      toExportStay(`booking-${row.id}@pms`, row.checkIn, row.checkOut, row.updatedAt),
    ),
    ...held.locks.map((row) =>
      toExportStay(`lock-${row.id}@pms`, row.startDate, addDays(row.endDate, 1), row.updatedAt),
    ),
  ].sort((a, b) =>
    a.checkIn === b.checkIn ? a.uid.localeCompare(b.uid) : a.checkIn.localeCompare(b.checkIn),
  );
  const latest = new Date(
    Math.max(found.feed.updatedAt.getTime(), ...stays.map((stay) => stay.lastModified.getTime())),
  );
  const lastModified = new Date(Math.floor(latest.getTime() / 1000) * 1000);
  const body = renderRoomFeed({
    calendarName: `${found.propertyName} · ${found.roomNumber}`,
    summary: 'Not available',
    stays,
    stamp: lastModified,
  });
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  const matches = validators.ifNoneMatch
    ? validators.ifNoneMatch
        .split(',')
        .some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')
    : validators.ifModifiedSince !== undefined &&
      Date.parse(validators.ifModifiedSince) >= lastModified.getTime();
  return matches ? { status: 304, etag, lastModified } : { status: 200, body, etag, lastModified };
}
