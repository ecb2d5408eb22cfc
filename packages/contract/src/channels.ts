import { z } from 'zod';
import { ZHexColor } from './branding.ts';
import { ZId, ZRecord, ZText, ZTimestamp } from './common.ts';

// Channel sync: the booking platforms (Airbnb, Booking.com, VRBO, ...) a property sells its rooms on,
// kept in line through iCalendar feeds. Per channel and room: an import feed the hotel reads (what the
// platform sold or closed) and an export feed the platform reads (what the hotel sold elsewhere).

/** What an import feed's event that overlaps a stay already in the room becomes. */
export const channelConflictModes = ['mark', 'skip'] as const;
export type TChannelConflictMode = (typeof channelConflictModes)[number];

/** The summaries that mean "closed" in the common platforms' feeds. */
export const defaultBlockedSummaries = ['Not available', 'Blocked', 'CLOSED'];

export const ZChannelFeed = z.object({
  id: ZId,
  channelId: ZId,
  roomId: ZId,
  roomNumber: z.string(),
  /** Where the platform publishes what it sold of this room; null when the room takes nothing from it. */
  importUrl: z.string().nullable(),
  /** The room's feed for this platform (a capability URL); null once revoked until renewed. */
  exportUrl: z.string().nullable(),
  lastFetchedAt: ZTimestamp.nullable(),
  lastSuccessAt: ZTimestamp.nullable(),
  lastError: z.string().nullable(),
  nextFetchAt: ZTimestamp.nullable(),
});
export type TChannelFeed = z.infer<typeof ZChannelFeed>;

export const ZChannel = ZRecord.extend({
  name: z.string(),
  color: z.string(),
  blockedSummaries: z.array(z.string()),
  /** DTEND is the check-out day (the standard), or the last night. */
  dtendIsCheckOut: z.boolean(),
  conflictMode: z.enum(channelConflictModes),
  /** The platform collects the money: imported bookings carry no room charges. */
  isZeroPriced: z.boolean(),
  feeds: z.array(ZChannelFeed),
});
export type TChannel = z.infer<typeof ZChannel>;

export const ZCreateChannelRequest = z.object({
  name: ZText.trim().min(1).max(60),
  color: ZHexColor.default('#ff5a5f'),
  blockedSummaries: z.array(ZText.trim().min(1).max(100)).max(20).default(defaultBlockedSummaries),
  dtendIsCheckOut: z.boolean().default(true),
  conflictMode: z.enum(channelConflictModes).default('mark'),
  isZeroPriced: z.boolean().default(false),
});
export type TCreateChannelRequest = z.input<typeof ZCreateChannelRequest>;

export const ZUpdateChannelRequest = z.object({
  name: ZText.trim().min(1).max(60).optional(),
  color: ZHexColor.optional(),
  blockedSummaries: z.array(ZText.trim().min(1).max(100)).max(20).optional(),
  dtendIsCheckOut: z.boolean().optional(),
  conflictMode: z.enum(channelConflictModes).optional(),
  isZeroPriced: z.boolean().optional(),
});
export type TUpdateChannelRequest = z.input<typeof ZUpdateChannelRequest>;

export const ZChannelRoomParams = z.object({ id: ZId, roomId: ZId });

/** A room's import feed for a channel: an http(s) URL, or null for none. */
export const ZSetChannelFeedRequest = z.object({
  importUrl: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .nullable(),
});
export type TSetChannelFeedRequest = z.input<typeof ZSetChannelFeedRequest>;

export const ZSynchronizeRequest = z.object({ channelId: ZId.optional() });
export type TSynchronizeRequest = z.input<typeof ZSynchronizeRequest>;

/** What one feed's fetch did. */
export const feedOutcomes = ['fetched', 'not_modified', 'failed'] as const;

export const ZSyncFeedReport = z.object({
  channel: z.string(),
  roomNumber: z.string(),
  outcome: z.enum(feedOutcomes),
  created: z.number().int(),
  updated: z.number().int(),
  canceled: z.number().int(),
  blocks: z.number().int(),
  conflicts: z.number().int(),
  errors: z.array(z.string()),
});
export type TSyncFeedReport = z.infer<typeof ZSyncFeedReport>;

export const ZSyncReport = z.object({
  property: z.string(),
  startedAt: ZTimestamp,
  finishedAt: ZTimestamp,
  feeds: z.array(ZSyncFeedReport),
});
export type TSyncReport = z.infer<typeof ZSyncReport>;

/** A CSV cell: quoted when it holds a separator, a quote or a line break (RFC 4180). */
function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The sync report as CSV, as the server answers it and the staff app saves it: one row per feed, the
 * errors joined, CRLF line ends. Plain code rather than a CSV library: it runs in the browser too.
 */
export function syncReportCsv(report: TSyncReport): string {
  const header = [
    'channel',
    'room',
    'outcome',
    'created',
    'updated',
    'canceled',
    'blocks',
    'conflicts',
    'errors',
  ];
  const rows = report.feeds.map((feed) => [
    feed.channel,
    feed.roomNumber,
    feed.outcome,
    feed.created,
    feed.updated,
    feed.canceled,
    feed.blocks,
    feed.conflicts,
    feed.errors.join(' | '),
  ]);
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The report's file name: the property and the time it started (UTC), without characters files avoid. */
export function syncReportFileName(report: TSyncReport, extension: 'csv' | 'json'): string {
  const property = report.property.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
  const time = report.startedAt.slice(0, 16).replace(/[:T]/g, '-');
  return `channel-sync-${property}-${time}.${extension}`;
}
