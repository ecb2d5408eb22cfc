import { describe, expect, it } from 'vitest';
import { FeedUnreadable, isBlockedSummary, readFeed, type TFeedReading } from './ical-feed.ts';

const airbnb: TFeedReading = {
  blockedSummaries: ['Not available', 'Blocked', 'CLOSED'],
  dtendIsCheckOut: true,
};

/** A calendar as Airbnb writes it: CRLF, a folded DESCRIPTION, reservations and a rolling window. */
function calendar(...events: string[][]): string {
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    ...events.flatMap((lines) => ['BEGIN:VEVENT', 'DTSTAMP:20261126T080000Z', ...lines, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const reservation = [
  'DTSTART;VALUE=DATE:20261210',
  'DTEND;VALUE=DATE:20261213',
  'SUMMARY:Reserved',
  'UID:1418fb94e984-a1b2c3@airbnb.com',
  'DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/deta',
  ' ils/HMABCD1234\\nPhone Number (Last 4 Digits): 4711',
];
const window = [
  'DTSTART;VALUE=DATE:20270601',
  'DTEND;VALUE=DATE:20271201',
  'SUMMARY:Airbnb (Not available)',
  'UID:7f3e-window@airbnb.com',
];

describe('reading a channel feed', () => {
  it('reads a reservation with its code and phone digits from the folded description', () => {
    const { stays, refused } = readFeed(calendar(reservation, window), airbnb);
    expect(refused).toEqual([]);
    expect(stays).toEqual([
      {
        uid: '1418fb94e984-a1b2c3@airbnb.com',
        kind: 'reservation',
        checkIn: '2026-12-10',
        checkOut: '2026-12-13',
        summary: 'Reserved',
        guestName: null,
        externalCode: 'HMABCD1234',
        phoneDigits: '4711',
        sequence: 0,
      },
      expect.objectContaining({
        uid: '7f3e-window@airbnb.com',
        kind: 'block',
        checkIn: '2027-06-01',
        checkOut: '2027-12-01',
      }),
    ]);
  });

  it('takes a name from the summary where the channel writes one', () => {
    const { stays } = readFeed(
      calendar([
        'UID:v-1',
        'DTSTART;VALUE=DATE:20261201',
        'DTEND;VALUE=DATE:20261203',
        'SUMMARY:Reserved - Anna Berger',
      ]),
      airbnb,
    );
    expect(stays[0]).toMatchObject({ kind: 'reservation', guestName: 'Anna Berger' });
  });

  it('reads DTEND as the last night where the channel writes it so, and a missing DTEND as one day', () => {
    const lastNight = { ...airbnb, dtendIsCheckOut: false };
    const { stays } = readFeed(
      calendar(
        ['UID:a', 'DTSTART;VALUE=DATE:20261230', 'DTEND;VALUE=DATE:20261231', 'SUMMARY:Booked'],
        ['UID:b', 'DTSTART;VALUE=DATE:20270105', 'SUMMARY:Booked'],
      ),
      lastNight,
    );
    expect(stays.map((stay) => [stay.uid, stay.checkIn, stay.checkOut])).toEqual([
      ['a', '2026-12-30', '2027-01-01'],
      ['b', '2027-01-05', '2027-01-06'],
    ]);
  });

  it('reads the day of a date-time as written, whatever zone the server runs in', () => {
    const { stays } = readFeed(
      calendar(['UID:t', 'DTSTART:20261210T150000Z', 'DTEND:20261212T100000Z', 'SUMMARY:Reserved']),
      airbnb,
    );
    expect(stays[0]).toMatchObject({ checkIn: '2026-12-10', checkOut: '2026-12-12' });
  });

  it('refuses events without UID or DTSTART, or ending before they begin, and reads the rest', () => {
    const { stays, refused } = readFeed(
      calendar(
        ['DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261212', 'SUMMARY:Reserved'],
        ['UID:no-start', 'SUMMARY:Reserved'],
        ['UID:backwards', 'DTSTART;VALUE=DATE:20261212', 'DTEND;VALUE=DATE:20261210'],
        reservation,
      ),
      airbnb,
    );
    expect(refused).toEqual([
      { uid: null, reason: 'the event has no UID' },
      { uid: 'no-start', reason: 'the event has no DTSTART' },
      { uid: 'backwards', reason: 'the event ends before it begins' },
    ]);
    expect(stays.map((stay) => stay.uid)).toEqual(['1418fb94e984-a1b2c3@airbnb.com']);
  });

  it('counts an event given twice once, the newer sequence winning, and leaves cancelled events out', () => {
    const { stays } = readFeed(
      calendar(
        ['UID:d', 'SEQUENCE:2', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261212'],
        ['UID:d', 'SEQUENCE:1', 'DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261203'],
        ['UID:gone', 'STATUS:CANCELLED', 'DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261203'],
      ),
      airbnb,
    );
    expect(stays).toHaveLength(1);
    expect(stays[0]).toMatchObject({ uid: 'd', checkIn: '2026-12-10', sequence: 2 });
  });

  it('refuses as a whole an empty, truncated or non-calendar answer', () => {
    const whole = calendar(reservation);
    for (const text of [
      '',
      '   ',
      '<html><body>Service unavailable</body></html>',
      whole.slice(0, whole.length - 20),
    ])
      expect(() => readFeed(text, airbnb)).toThrow(FeedUnreadable);
  });

  it('matches the blocked summaries in any case, and an empty marker never', () => {
    expect(isBlockedSummary('CLOSED - Not available', ['closed'])).toBe(true);
    expect(isBlockedSummary('Airbnb (Not available)', ['not AVAILABLE'])).toBe(true);
    expect(isBlockedSummary('Reserved', ['Blocked', ' '])).toBe(false);
  });
});
