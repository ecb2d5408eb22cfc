import { describe, expect, it } from 'vitest';
import { calculateStayCharges, type TPricedItem } from './pricing.ts';

const overnight: TPricedItem = {
  id: 'night',
  name: 'Übernachtung',
  bookingText: null,
  bookOnFollowingDay: false,
  taxRateId: 't10',
  taxBasisPoints: 1000,
};
const breakfast: TPricedItem = {
  id: 'bf',
  name: 'Frühstück',
  bookingText: 'Frühstücksbuffet',
  bookOnFollowingDay: true,
  taxRateId: 't10',
  taxBasisPoints: 1000,
};
const parking: TPricedItem = {
  id: 'park',
  name: 'Parkplatz',
  bookingText: null,
  bookOnFollowingDay: false,
  taxRateId: 't20',
  taxBasisPoints: 2000,
};
const cleaning: TPricedItem = {
  id: 'clean',
  name: 'Endreinigung',
  bookingText: null,
  bookOnFollowingDay: false,
  taxRateId: 't20',
  taxBasisPoints: 2000,
};

describe('calculateStayCharges', () => {
  it('posts one overnight charge per night at the rate price, split by tax', () => {
    const charges = calculateStayCharges({
      checkIn: '2026-03-01',
      checkOut: '2026-03-04',
      occupancy: 2,
      nightlyAmount: 11000,
      overnightItem: overnight,
      rateItems: [],
    });
    expect(charges.map((c) => c.bookedOn)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(charges[0]).toMatchObject({
      itemId: 'night',
      quantity: 1,
      grossAmount: 11000,
      netAmount: 10000,
      taxAmount: 1000,
      taxBasisPoints: 1000,
      text: 'Übernachtung',
    });
  });

  it('carves an inclusive item per person out of the night, booked on the following day', () => {
    const charges = calculateStayCharges({
      checkIn: '2026-03-01',
      checkOut: '2026-03-03',
      occupancy: 2,
      nightlyAmount: 15000,
      overnightItem: overnight,
      rateItems: [{ item: breakfast, unit: 'person', frequency: 'daily', amount: 1800, inclusive: true }],
    });
    const nights = charges.filter((c) => c.itemId === 'night');
    const breakfasts = charges.filter((c) => c.itemId === 'bf');
    expect(nights.map((c) => c.grossAmount)).toEqual([11400, 11400]);
    expect(breakfasts).toHaveLength(2);
    expect(breakfasts[0]).toMatchObject({
      quantity: 2,
      grossAmount: 3600,
      bookedOn: '2026-03-02',
      text: 'Frühstücksbuffet',
    });
    expect(breakfasts[1]!.bookedOn).toBe('2026-03-03');
    expect(charges.reduce((sum, c) => sum + c.grossAmount, 0)).toBe(30000);
  });

  it('adds additional items by unit and frequency with their own tax rate', () => {
    const charges = calculateStayCharges({
      checkIn: '2026-03-01',
      checkOut: '2026-03-04',
      occupancy: 3,
      nightlyAmount: 10000,
      overnightItem: overnight,
      rateItems: [
        { item: parking, unit: 'room', frequency: 'daily', amount: 1500, inclusive: false },
        { item: cleaning, unit: 'room', frequency: 'check_out', amount: 4000, inclusive: false },
        { item: breakfast, unit: 'person', frequency: 'check_in', amount: 1000, inclusive: false },
      ],
    });
    expect(charges.filter((c) => c.itemId === 'park')).toHaveLength(3);
    expect(charges.find((c) => c.itemId === 'park')).toMatchObject({
      grossAmount: 1500,
      netAmount: 1250,
      taxAmount: 250,
    });
    expect(charges.filter((c) => c.itemId === 'clean')).toEqual([
      expect.objectContaining({ bookedOn: '2026-03-04', grossAmount: 4000 }),
    ]);
    expect(charges.filter((c) => c.itemId === 'bf')).toEqual([
      expect.objectContaining({ quantity: 3, grossAmount: 3000, bookedOn: '2026-03-02' }),
    ]);
    expect(charges.filter((c) => c.itemId === 'night').every((c) => c.grossAmount === 10000)).toBe(true);
  });

  it('rounds tax half away from zero on every line', () => {
    const [night] = calculateStayCharges({
      checkIn: '2026-03-01',
      checkOut: '2026-03-02',
      occupancy: 1,
      nightlyAmount: 107,
      overnightItem: { ...overnight, taxBasisPoints: 700 },
      rateItems: [],
    });
    // 107 / 1.07 = 100 exactly; 5 / 1.07 = 4.67 -> 5
    expect(night).toMatchObject({ netAmount: 100, taxAmount: 7 });
    const [small] = calculateStayCharges({
      checkIn: '2026-03-01',
      checkOut: '2026-03-02',
      occupancy: 1,
      nightlyAmount: 5,
      overnightItem: { ...overnight, taxBasisPoints: 700 },
      rateItems: [],
    });
    expect(small).toMatchObject({ netAmount: 5, taxAmount: 0 });
  });

  it('posts nothing for a stay without nights', () => {
    expect(
      calculateStayCharges({
        checkIn: '2026-03-01',
        checkOut: '2026-03-01',
        occupancy: 1,
        nightlyAmount: 100,
        overnightItem: overnight,
        rateItems: [],
      }),
    ).toEqual([]);
  });
});
