import ical, { ICalEventTransparency } from 'ical-generator';

// A room's iCalendar feed for the booking platforms to pull: every stay that holds the room, as
// all-day events from date strings (a local-time Date would move an all-day date by a day in some
// time zones), with a neutral summary: the feed leaves the house, so it names no guest.

/** One stay that holds the room: a booking or a room lock, with what changes when it changes. */
export type TExportStay = {
  /** Stable per booking or lock, the same in every fetch. */
  uid: string;
  checkIn: string;
  checkOut: string;
  /** Counts up with each change of the stay (its dates), so a platform takes the new version. */
  sequence: number;
  lastModified: Date;
};

export type TRoomFeed = { calendarName: string; summary: string; stays: readonly TExportStay[]; stamp: Date };

/** The feed's text: CRLF line ends, lines folded at 75 octets (RFC 5545), every event opaque. */
export function renderRoomFeed(feed: TRoomFeed): string {
  const calendar = ical({
    name: feed.calendarName,
    prodId: { company: 'pms', product: 'channel-sync', language: 'EN' },
  });
  for (const stay of feed.stays) {
    calendar.createEvent({
      id: stay.uid,
      start: stay.checkIn,
      end: stay.checkOut,
      allDay: true,
      summary: feed.summary,
      transparency: ICalEventTransparency.OPAQUE,
      sequence: stay.sequence,
      lastModified: stay.lastModified,
      stamp: feed.stamp,
    });
  }
  return calendar.toString();
}
