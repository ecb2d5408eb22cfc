import { describe, expect, it } from 'vitest';
import { doorWindow } from './doors.ts';

describe('the door window', () => {
  const vienna = { checkInTime: '15:00', checkOutTime: '11:00', timeZone: 'Europe/Vienna' };

  it('keeps local check-in and check-out times across the change from summer time (2026-10-25)', () => {
    expect(doorWindow({ checkIn: '2026-10-24', checkOut: '2026-10-26' }, vienna)).toEqual({
      validFrom: new Date('2026-10-24T13:00:00Z'),
      validUntil: new Date('2026-10-26T10:00:00Z'),
    });
  });

  it('reads the times in the property’s own zone', () => {
    const london = { ...vienna, timeZone: 'Europe/London' };
    expect(doorWindow({ checkIn: '2027-01-10', checkOut: '2027-01-11' }, london)).toEqual({
      validFrom: new Date('2027-01-10T15:00:00Z'),
      validUntil: new Date('2027-01-11T11:00:00Z'),
    });
  });
});
