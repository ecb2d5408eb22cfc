import { describe, expect, it } from 'vitest';
import { eachNight } from '@pms/contract';
import {
  computeLevy,
  computeLocalTax,
  netBaseOf,
  type TLevy,
  type TLevyVersion,
  type TStay,
} from './local-tax.ts';

// Golden cases computed by hand from the towns' rules (issue 25).

const perPerson = (amount: number, changes: Partial<TLevyVersion> = {}): TLevyVersion => ({
  validFrom: '2020-01-01',
  validUntil: null,
  charge: { kind: 'per_person_night', amount },
  // Salzburg: children are exempt up to their 15th birthday, work stays over two weeks.
  ageExemption: { belowAge: 15, at: 'arrival' },
  workStay: { kind: 'exempt_after', nights: 14 },
  nightCap: null,
  rounding: 'per_night',
  exemptionReasons: [],
  ...changes,
});

const salzburg: TLevy[] = [
  { id: 'ortstaxe', name: 'Ortstaxe', versions: [perPerson(265)] },
  { id: 'mobility', name: 'Mobilitätsabgabe', versions: [perPerson(50)] },
];

/** A stay from `checkIn` to `checkOut` at one price a night. */
function stayOf(
  checkIn: string,
  checkOut: string,
  guests: TStay['guests'],
  night: { grossAmount: number; breakfastAmount?: number; vatBasisPoints?: number } = { grossAmount: 10_000 },
  isWorkStay = false,
): TStay {
  return {
    nights: eachNight(checkIn, checkOut).map((date) => ({
      date,
      grossAmount: night.grossAmount,
      breakfastAmount: night.breakfastAmount ?? 0,
      vatBasisPoints: night.vatBasisPoints ?? 1000,
    })),
    guests,
    isWorkStay,
  };
}

const adult = (id: string) => ({ id, birthDate: '1980-05-05', exemptionReason: null });
const total = (levies: TLevy[], stay: TStay) =>
  computeLocalTax(levies, stay).reduce((sum, levy) => sum + levy.amount, 0);

describe('local tax', () => {
  it('Salzburg, June 2026: two adults and a child of 14, 3 nights: 18.90 €, the child nothing', () => {
    const child = { id: 'c', birthDate: '2012-01-10', exemptionReason: null };
    const stay = stayOf('2026-06-10', '2026-06-13', [adult('a'), adult('b'), child]);
    expect(total(salzburg, stay)).toBe(1890);
    const [ortstaxe] = computeLocalTax(salzburg, stay);
    expect(ortstaxe!.nights.every((night) => night.persons === 2)).toBe(true);
    expect(ortstaxe!.nights[0]!.exempt).toEqual([{ guestId: 'c', exemption: 'age', reason: null }]);
    expect(ortstaxe!.nights[0]!.perGuest.map((guest) => guest.guestId)).toEqual(['a', 'b']);
  });

  it('Salzburg: a work stay of 16 nights owes nothing, one of 10 nights is charged', () => {
    expect(total(salzburg, stayOf('2026-09-01', '2026-09-17', [adult('a')], undefined, true))).toBe(0);
    expect(total(salzburg, stayOf('2026-09-01', '2026-09-11', [adult('a')], undefined, true))).toBe(10 * 315);
  });

  it('Salzburg, 2027-06-29 to 07-02: the mobility levy split at its change date', () => {
    const changed: TLevy[] = [
      salzburg[0]!,
      {
        id: 'mobility',
        name: 'Mobilitätsabgabe',
        versions: [perPerson(50, { validUntil: '2027-06-30' }), perPerson(80, { validFrom: '2027-07-01' })],
      },
    ];
    const [, mobility] = computeLocalTax(changed, stayOf('2027-06-29', '2027-07-02', [adult('a')]));
    expect(mobility!.nights.map((night) => night.amount)).toEqual([50, 50, 80]);
    expect(mobility!.amount).toBe(180);
  });

  it('Vienna, 2026-06-29 to 07-02 at 120.00 with breakfast 15.00 and 10 % VAT: 9.69 €', () => {
    const version = (
      rateBasisPoints: number,
      validFrom: string,
      validUntil: string | null,
    ): TLevyVersion => ({
      ...perPerson(0, { validFrom, validUntil, ageExemption: null, workStay: { kind: 'never' } }),
      charge: { kind: 'percent_of_net', rateBasisPoints, withoutBreakfast: true, deductionBasisPoints: 1100 },
    });
    const vienna: TLevy = {
      id: 'ortstaxe',
      name: 'Ortstaxe',
      versions: [
        version(320, '2020-01-01', '2026-06-30'),
        version(500, '2026-07-01', '2027-06-30'),
        version(800, '2027-07-01', null),
      ],
    };
    const stay = stayOf('2026-06-29', '2026-07-02', [adult('a'), adult('b')], {
      grossAmount: 12_000,
      breakfastAmount: 1_500,
    });
    // (120.00 - 15.00) / 1.10 x 0.89 = 84.95 a night; 2 x 2.72 + 4.25.
    expect(netBaseOf(stay.nights[0]!, { withoutBreakfast: true, deductionBasisPoints: 1100 })).toBe(8495);
    const result = computeLevy(vienna, stay);
    expect(result.nights.map((night) => [night.baseAmount, night.amount])).toEqual([
      [8495, 272],
      [8495, 272],
      [8495, 425],
    ]);
    expect(result.amount).toBe(969);
  });

  it('Berlin: 7.5 % of 100.00 net, a business stay of 30 nights in 2026: 225.00 €', () => {
    const berlin: TLevy = {
      id: 'city-tax',
      name: 'City Tax',
      versions: [
        {
          ...perPerson(0, { ageExemption: null, workStay: { kind: 'never' } }),
          charge: {
            kind: 'percent_of_net',
            rateBasisPoints: 750,
            withoutBreakfast: false,
            deductionBasisPoints: 0,
          },
        },
      ],
    };
    const stay = stayOf(
      '2026-03-01',
      '2026-03-31',
      [adult('a')],
      { grossAmount: 10_700, vatBasisPoints: 700 },
      true,
    );
    expect(computeLevy(berlin, stay).amount).toBe(22_500);
  });

  it('charges at most the capped nights, exempts a guest by a reason staff picked, rounds a stay once', () => {
    const capped: TLevy = {
      id: 'capped',
      name: 'Kurtaxe',
      versions: [perPerson(333, { nightCap: 2, exemptionReasons: ['disability'], rounding: 'per_stay' })],
    };
    const exempted = { id: 'x', birthDate: '1970-01-01', exemptionReason: 'disability' };
    const result = computeLevy(capped, stayOf('2026-08-01', '2026-08-05', [adult('a'), exempted]));
    expect(result.nights.map((night) => night.amount)).toEqual([333, 333, 0, 0]);
    expect(result.nights[2]!.exempt).toEqual([{ guestId: null, exemption: 'night_cap', reason: null }]);
    expect(result.nights[0]!.exempt).toEqual([{ guestId: 'x', exemption: 'reason', reason: 'disability' }]);
    expect(result.amount).toBe(666);
  });
});
