import { addDays, nightsBetween, type TCountrySource, type TGuestStatistics } from '@pms/contract';

/** A stay's guest as the statistics read it: one row per registered guest, or one without a guest. */
export type TStayGuest = {
  bookingId: string;
  occupancy: number;
  checkIn: string;
  checkOut: string;
  contactId: string | null;
  addressCountry: string | null;
  nationality: string | null;
};

/** Where a guest counts: the country of residence, else (flagged) the nationality, else unknown. */
export function countryOf(guest: Pick<TStayGuest, 'addressCountry' | 'nationality'>): {
  country: string | null;
  source: TCountrySource;
} {
  if (guest.addressCountry) return { country: guest.addressCountry.toUpperCase(), source: 'address' };
  if (guest.nationality) return { country: guest.nationality.toUpperCase(), source: 'nationality' };
  return { country: null, source: 'unknown' };
}

/**
 * Arrivals and overnight stays per country for a period, as Statistik Austria and Destatis count
 * them: a guest arrives when the stay starts within the period and stays the nights of the stay that
 * fall in it. A booking counts as many persons as it has registered guests or, when more, its
 * occupancy; persons without a registered guest count as unknown.
 */
export function countGuests(
  from: string,
  to: string,
  guests: readonly TStayGuest[],
): Pick<TGuestStatistics, 'rows' | 'totals'> {
  const byBooking = new Map<string, TStayGuest[]>();
  for (const guest of guests) {
    const list = byBooking.get(guest.bookingId) ?? [];
    list.push(guest);
    byBooking.set(guest.bookingId, list);
  }
  const rows = new Map<string, TGuestStatistics['rows'][number]>();
  const add = (country: string | null, source: TCountrySource, arrivals: number, nights: number) => {
    const key = `${source}:${country ?? ''}`;
    const row = rows.get(key) ?? { country, source, arrivals: 0, overnightStays: 0 };
    row.arrivals += arrivals;
    row.overnightStays += nights;
    rows.set(key, row);
  };
  for (const stay of byBooking.values()) {
    const { checkIn, checkOut, occupancy } = stay[0]!;
    const arrives = checkIn >= from && checkIn <= to ? 1 : 0;
    const first = checkIn > from ? checkIn : from;
    const end = checkOut <= to ? checkOut : addDays(to, 1);
    const nights = Math.max(0, nightsBetween(first, end));
    const registered = stay.filter((guest) => guest.contactId !== null);
    for (const guest of registered) {
      const { country, source } = countryOf(guest);
      add(country, source, arrives, nights);
    }
    const unregistered = Math.max(0, occupancy - registered.length);
    if (unregistered > 0) add(null, 'unknown', arrives * unregistered, nights * unregistered);
  }
  const sorted = [...rows.values()]
    .filter((row) => row.arrivals > 0 || row.overnightStays > 0)
    .sort(
      (a, b) =>
        Number(a.country === null) - Number(b.country === null) ||
        b.overnightStays - a.overnightStays ||
        (a.country ?? '').localeCompare(b.country ?? '') ||
        a.source.localeCompare(b.source),
    );
  return {
    rows: sorted,
    totals: {
      arrivals: sorted.reduce((sum, row) => sum + row.arrivals, 0),
      overnightStays: sorted.reduce((sum, row) => sum + row.overnightStays, 0),
    },
  };
}
