import { describe, expect, it } from 'vitest';
import { countGuests, countryOf, type TStayGuest } from './guest-statistics.ts';

const stay = (bookingId: string, checkIn: string, checkOut: string, occupancy: number) => ({
  bookingId,
  checkIn,
  checkOut,
  occupancy,
});
const guest = (addressCountry: string | null, nationality: string | null) => ({
  contactId: crypto.randomUUID(),
  addressCountry,
  nationality,
});

describe('guest statistics', () => {
  it('takes the country of residence, else the nationality flagged as such, else unknown', () => {
    expect(countryOf({ addressCountry: 'at', nationality: 'de' })).toEqual({
      country: 'AT',
      source: 'address',
    });
    expect(countryOf({ addressCountry: null, nationality: 'de' })).toEqual({
      country: 'DE',
      source: 'nationality',
    });
    expect(countryOf({ addressCountry: '', nationality: null })).toEqual({
      country: null,
      source: 'unknown',
    });
  });

  it('counts arrivals in the period and the nights that fall in it, per guest', () => {
    const guests: TStayGuest[] = [
      // Arrives in the period, 3 nights in it.
      { ...stay('a', '2026-01-10', '2026-01-13', 2), ...guest('at', 'at') },
      { ...stay('a', '2026-01-10', '2026-01-13', 2), ...guest(null, 'de') },
      // Arrived before the period: no arrival, 2 of its nights (Jan 1 and 2) in the period.
      { ...stay('b', '2025-12-30', '2026-01-03', 1), ...guest('ch', null) },
      // Leaves after the period: arrival, nights of Jan 30 and 31.
      { ...stay('c', '2026-01-30', '2026-02-02', 1), ...guest('at', null) },
    ];
    expect(countGuests('2026-01-01', '2026-01-31', guests)).toEqual({
      rows: [
        { country: 'AT', source: 'address', arrivals: 2, overnightStays: 5 },
        { country: 'DE', source: 'nationality', arrivals: 1, overnightStays: 3 },
        { country: 'CH', source: 'address', arrivals: 0, overnightStays: 2 },
      ],
      totals: { arrivals: 3, overnightStays: 10 },
    });
  });

  it('counts the persons of a booking without a registered guest as unknown', () => {
    const guests: TStayGuest[] = [
      { ...stay('a', '2026-01-10', '2026-01-12', 3), ...guest('de', null) },
      {
        ...stay('b', '2026-01-10', '2026-01-11', 2),
        contactId: null,
        addressCountry: null,
        nationality: null,
      },
    ];
    expect(countGuests('2026-01-01', '2026-01-31', guests).rows).toEqual([
      { country: 'DE', source: 'address', arrivals: 1, overnightStays: 2 },
      { country: null, source: 'unknown', arrivals: 4, overnightStays: 6 },
    ]);
  });
});
