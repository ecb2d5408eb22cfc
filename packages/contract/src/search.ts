import { z } from 'zod';
import { ZId, ZIsoDate, ZText } from './common.ts';
import { ZPageQuery } from './paging.ts';
import { ZBookingStatus } from './bookings.ts';

export const searchObjectTypes = ['booking', 'contact', 'group', 'invoice'] as const;

export const ZSearchQuery = ZPageQuery.extend({ query: ZText.trim().min(1).max(100) });

export const ZSearchResult = z.object({
  objectType: z.enum(searchObjectTypes),
  id: ZId,
  /** The booking code, contact or group name, invoice number; null for a draft invoice (no number yet). */
  title: z.string().nullable(),
  /** The booking's name, the contact's e-mail or phone, the invoice's recipient. */
  subtitle: z.string().nullable(),
  /** A booking's stay, which the client writes in the user's language; null for other results. */
  checkIn: ZIsoDate.nullable(),
  checkOut: ZIsoDate.nullable(),
});
export type TSearchResult = z.infer<typeof ZSearchResult>;

export const ZDashboardQuery = z.object({ date: ZIsoDate.optional() });

const ZDashboardBooking = z.object({
  id: ZId,
  code: z.string(),
  displayName: z.string(),
  roomNumber: z.string().nullable(),
  checkIn: z.string(),
  checkOut: z.string(),
  occupancy: z.number().int(),
  status: ZBookingStatus,
});
export type TDashboardBooking = z.infer<typeof ZDashboardBooking>;

/** One night of the dashboard's trend: rooms occupied that night and the net revenue of that service date. */
export const ZDashboardTrendDay = z.object({
  date: z.string(),
  occupiedRooms: z.number().int(),
  percent: z.number(),
  /** Net revenue in cents: the charges of that service date without VAT and without the local tax. */
  revenue: z.number().int(),
});
export type TDashboardTrendDay = z.infer<typeof ZDashboardTrendDay>;

/** How many days the dashboard's trend reaches back and ahead of its day. */
export const dashboardTrendDays = { before: 14, after: 14 } as const;

export const ZDashboard = z.object({
  date: z.string(),
  arrivals: z.array(ZDashboardBooking),
  departures: z.array(ZDashboardBooking),
  inHouse: z.array(ZDashboardBooking),
  occupancy: z.object({ occupiedRooms: z.number().int(), totalRooms: z.number().int(), percent: z.number() }),
  guestsInHouse: z.number().int(),
  roomsToClean: z.number().int(),
  openBalances: z.object({ count: z.number().int(), amount: z.number().int() }),
  /** Bookings a channel brought over a stay already in their room, held without a room until resolved. */
  channelConflicts: z.array(ZDashboardBooking),
  /** The last two weeks and the next two, the day itself included. */
  trend: z.array(ZDashboardTrendDay),
});
export type TDashboard = z.infer<typeof ZDashboard>;
