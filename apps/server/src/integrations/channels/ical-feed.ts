import ICAL from 'ical.js';
import { addDays } from '@pms/contract';

// A channel's iCalendar feed read into stays: what a booking platform (Airbnb, Booking.com, VRBO, ...)
// publishes of what it sold or closed, one entry per event, keyed by its UID.

/** How a channel's feed is read: which summaries mean a closed room, and what DTEND is. */
export type TFeedReading = {
  /** Texts that mark an event as blocked (not a reservation) when its summary contains one, in any case. */
  blockedSummaries: readonly string[];
  /** DTEND is the check-out day (RFC 5545, the default), or the last night (some channels). */
  dtendIsCheckOut: boolean;
};

/** One event of a feed as the hotel reads it: a reservation or a closed room, with its stay. */
export type TFeedStay = {
  uid: string;
  kind: 'reservation' | 'block';
  checkIn: string;
  checkOut: string;
  summary: string;
  /** A guest's name where the feed carries one ("Reserved - Anna Berger"). */
  guestName: string | null;
  /** The platform's reservation code where the feed carries one (Airbnb's in its reservation URL). */
  externalCode: string | null;
  /** The last digits of the guest's phone where the feed carries them (Airbnb). */
  phoneDigits: string | null;
  sequence: number;
};

/** A complete, valid calendar read: its stays, and the events it could not take with the reason. */
export type TFeedRead = { stays: TFeedStay[]; refused: { uid: string | null; reason: string }[] };

/** Why a fetched answer is not a calendar to act on: nothing in it may cancel or move a stay. */
export class FeedUnreadable extends Error {}

/** Whether the summary marks a closed room: it contains one of the texts, in any case. */
export function isBlockedSummary(summary: string, blockedSummaries: readonly string[]): boolean {
  const text = summary.toLocaleLowerCase('en');
  return blockedSummaries.some(
    (marker) => marker.trim() !== '' && text.includes(marker.trim().toLocaleLowerCase('en')),
  );
}

/** The date an ICAL time stands for, as written (a date, or the day of a date-time in its own zone). */
function dateOf(time: ICAL.Time): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

/** What the event's texts tell of the guest: a name, the platform's code, the phone's last digits. */
function guestDetails(summary: string, description: string) {
  const named = /^\s*(?:reserved|reservation|booked|gebucht)\s*[-:–]\s*(.+)$/i.exec(summary);
  const code =
    /reservations\/details\/([A-Z0-9]{6,})/i.exec(description) ??
    /(?:confirmation|reservation|booking)\s*(?:code|id|number)?\s*[:#]\s*([A-Z0-9-]{4,})/i.exec(description);
  const phone = /phone[^:\n]*:\s*(\d{3,4})\b/i.exec(description);
  return {
    guestName: named?.[1]?.trim() || null,
    externalCode: code?.[1] ?? null,
    phoneDigits: phone?.[1] ?? null,
  };
}

/**
 * Reads a fetched feed. Throws FeedUnreadable when the answer is not one whole calendar (empty,
 * truncated, not iCalendar), so the caller changes nothing. Each VEVENT becomes a stay keyed by its
 * UID; an event without UID or DTSTART, or whose stay ends before it begins, is refused with its
 * reason; an event given twice counts once (the higher SEQUENCE, else the later one); a cancelled
 * event (STATUS:CANCELLED) is left out, as if the feed no longer had it.
 */
export function readFeed(text: string, reading: TFeedReading): TFeedRead {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (!/^BEGIN:VCALENDAR\r?\n/i.test(body) || !/\r?\nEND:VCALENDAR$/i.test(body))
    throw new FeedUnreadable(body === '' ? 'the feed is empty' : 'the answer is not a whole calendar');
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(body) as unknown[]);
  } catch (error) {
    throw new FeedUnreadable(`the calendar cannot be read: ${(error as Error).message}`);
  }
  const byUid = new Map<string, TFeedStay>();
  const refused: TFeedRead['refused'] = [];
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const uid = (component.getFirstPropertyValue('uid') as string | null)?.trim() || null;
    if (!uid) {
      refused.push({ uid: null, reason: 'the event has no UID' });
      continue;
    }
    const start = component.getFirstPropertyValue('dtstart') as ICAL.Time | null;
    if (!start) {
      refused.push({ uid, reason: 'the event has no DTSTART' });
      continue;
    }
    if (String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') continue;
    const end = component.getFirstPropertyValue('dtend') as ICAL.Time | null;
    const checkIn = dateOf(start);
    // Without DTEND an all-day event lasts its one day (RFC 5545 3.6.1).
    const lastDay = end ? dateOf(end) : checkIn;
    const checkOut = !end || !reading.dtendIsCheckOut ? addDays(lastDay, 1) : lastDay;
    if (checkOut <= checkIn) {
      refused.push({ uid, reason: 'the event ends before it begins' });
      continue;
    }
    const summary = String(component.getFirstPropertyValue('summary') ?? '').trim();
    const description = String(component.getFirstPropertyValue('description') ?? '');
    const sequence = Number(component.getFirstPropertyValue('sequence') ?? 0) || 0;
    const stay: TFeedStay = {
      uid,
      kind: isBlockedSummary(summary, reading.blockedSummaries) ? 'block' : 'reservation',
      checkIn,
      checkOut,
      summary,
      ...guestDetails(summary, description),
      sequence,
    };
    const earlier = byUid.get(uid);
    if (!earlier || earlier.sequence <= sequence) byUid.set(uid, stay);
  }
  return { stays: [...byUid.values()], refused };
}
