import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { renderRoomFeed } from './ical-export.ts';

const stamp = new Date('2026-11-26T08:00:00Z');

describe("a room's export feed", () => {
  const text = renderRoomFeed({
    calendarName:
      'Alpenhof Salzburg · Zimmer 101 · a very long name that makes the calendar line longer than 75 octets',
    summary: 'Belegt',
    stamp,
    stays: [
      {
        uid: 'booking-1@pms',
        checkIn: '2026-12-31',
        checkOut: '2027-01-02',
        sequence: 3,
        lastModified: new Date('2026-11-20T10:00:00Z'),
      },
      { uid: 'lock-7@pms', checkIn: '2027-03-01', checkOut: '2027-03-05', sequence: 0, lastModified: stamp },
    ],
  });

  it('ends every line with CRLF and folds lines at 75 octets', () => {
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    expect(text).toMatch(/\r\n /);
  });

  it('holds each stay as an opaque all-day event from its dates, with UID, SEQUENCE, DTSTAMP and LAST-MODIFIED', () => {
    expect(text).toContain(
      'UID:booking-1@pms\r\nSEQUENCE:3\r\nDTSTAMP:20261126T080000Z\r\nDTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270102',
    );
    expect(text).toContain('LAST-MODIFIED:20261120T100000Z');
    expect(text.match(/TRANSP:OPAQUE/g)).toHaveLength(2);
    expect(text).not.toMatch(/SUMMARY:(?!Belegt)/);
  });

  it('reads back with ical.js as the same dates', () => {
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    const events = calendar.getAllSubcomponents('vevent').map((event) => {
      const start = event.getFirstPropertyValue('dtstart') as ICAL.Time;
      const end = event.getFirstPropertyValue('dtend') as ICAL.Time;
      return [event.getFirstPropertyValue('uid'), start.isDate, start.toString(), end.toString()];
    });
    expect(events).toEqual([
      ['booking-1@pms', true, '2026-12-31', '2027-01-02'],
      ['lock-7@pms', true, '2027-03-01', '2027-03-05'],
    ]);
  });
});
