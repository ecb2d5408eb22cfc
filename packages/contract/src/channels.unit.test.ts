import { describe, expect, it } from 'vitest';
import { syncReportCsv, syncReportFileName, type TSyncReport } from './channels.ts';

const report: TSyncReport = {
  property: 'Alpenhof Salzburg',
  startedAt: '2027-02-02T09:00:12.000Z',
  finishedAt: '2027-02-02T09:00:14.000Z',
  feeds: [
    {
      channel: 'Airbnb',
      roomNumber: '101',
      outcome: 'fetched',
      created: 2,
      updated: 0,
      canceled: 1,
      blocks: 1,
      conflicts: 0,
      errors: [],
    },
    {
      channel: 'Booking.com, "Pro"',
      roomNumber: '102',
      outcome: 'failed',
      created: 0,
      updated: 0,
      canceled: 0,
      blocks: 0,
      conflicts: 0,
      errors: ['the channel answered 500', 'line one\nline two'],
    },
  ],
};

describe('the sync report as a file', () => {
  it('writes one CRLF row per feed, quoting separators, quotes and line breaks', () => {
    expect(syncReportCsv(report)).toBe(
      [
        'channel,room,outcome,created,updated,canceled,blocks,conflicts,errors',
        'Airbnb,101,fetched,2,0,1,1,0,',
        '"Booking.com, ""Pro""",102,failed,0,0,0,0,0,"the channel answered 500 | line one\nline two"',
        '',
      ].join('\r\n'),
    );
  });

  it('names the file by the property and the minute the sync started', () => {
    expect(syncReportFileName(report, 'csv')).toBe('channel-sync-Alpenhof-Salzburg-2027-02-02-09-00.csv');
    expect(syncReportFileName({ ...report, property: 'Hotel »Zur Post« / Wien' }, 'json')).toBe(
      'channel-sync-Hotel-Zur-Post-Wien-2027-02-02-09-00.json',
    );
  });
});
