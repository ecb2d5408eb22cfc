// The local tax (Ortstaxe, Tourismusabgabe, City Tax) as each town levies it: rules as data, one
// computation. A stay may owe several levies; each levy has versions valid from a date, and a stay
// across a change date is charged each night by the version valid on that night.

/** One version of a levy, valid from `validFrom` up to and including `validUntil` (open when null). */
export type TLevyVersion = {
  validFrom: string;
  validUntil: string | null;
  charge:
    | { kind: 'per_person_night'; amount: number }
    | {
        /** A share (basis points) of the night's net accommodation price, without VAT. */
        kind: 'percent_of_net';
        rateBasisPoints: number;
        /** Breakfast included in the price is taken off before the VAT. */
        withoutBreakfast: boolean;
        /** A flat share (basis points) taken off the net base, such as Vienna's 11 %. */
        deductionBasisPoints: number;
      };
  /** Guests below this age are exempt, their age counted at arrival or on a key date (MM-DD of the arrival's year). */
  ageExemption:
    { belowAge: number; at: 'arrival' } | { belowAge: number; at: 'key_date'; keyDate: string } | null;
  /** Work stays: always exempt, exempt when longer than `nights` uninterrupted nights, or never. */
  workStay: { kind: 'exempt' } | { kind: 'exempt_after'; nights: number } | { kind: 'never' };
  /** The most nights of one stay that are charged. */
  nightCap: number | null;
  /** Each night's amount rounded to the cent, or the stay's sum rounded once. */
  rounding: 'per_night' | 'per_stay';
  /** The exemption reasons staff may pick for a guest (a disability pass, a school trip, ...). */
  exemptionReasons: string[];
};

export type TLevy = { id: string; name: string; versions: TLevyVersion[] };

/** A night of the stay: its date and what the room costs that night (cents, with VAT and breakfast). */
export type TStayNight = {
  date: string;
  grossAmount: number;
  breakfastAmount: number;
  vatBasisPoints: number;
};

export type TStayGuest = { id: string; birthDate: string | null; exemptionReason: string | null };

export type TStay = { nights: TStayNight[]; guests: TStayGuest[]; isWorkStay: boolean };

/** Why a guest (or a night) owes nothing of a levy. */
export type TExemption = 'age' | 'work_stay' | 'night_cap' | 'reason' | 'no_rule';

export type TLevyNight = {
  levyId: string;
  date: string;
  /** Guests charged this night (a percentage levy charges the room: 0 persons). */
  persons: number;
  exempt: { guestId: string | null; exemption: TExemption; reason: string | null }[];
  /** The net base of a percentage levy, in cents; 0 for a per-person levy. */
  baseAmount: number;
  amount: number;
  /** Per guest, what a per-person levy charged them this night. */
  perGuest: { guestId: string; amount: number }[];
};

export type TLevyResult = { levyId: string; name: string; nights: TLevyNight[]; amount: number };

/** numerator / denominator rounded half up (both positive), in integers. */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** Whole years from a birth date to a day (YYYY-MM-DD strings). */
export function ageOn(birthDate: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

function versionOn(levy: TLevy, date: string): TLevyVersion | undefined {
  return levy.versions.find(
    (version) => version.validFrom <= date && (version.validUntil === null || date <= version.validUntil),
  );
}

/**
 * A night's net base of a percentage levy: the price without breakfast (when the rule says so) and
 * without VAT, less the flat deduction, rounded to the cent.
 */
export function netBaseOf(
  night: TStayNight,
  charge: { withoutBreakfast: boolean; deductionBasisPoints: number },
) {
  const gross = night.grossAmount - (charge.withoutBreakfast ? night.breakfastAmount : 0);
  return divideRounded(
    Math.max(0, gross) * 10_000 * (10_000 - charge.deductionBasisPoints),
    (10_000 + night.vatBasisPoints) * 10_000,
  );
}

function isWorkStayExempt(version: TLevyVersion, stay: TStay): boolean {
  if (!stay.isWorkStay) return false;
  if (version.workStay.kind === 'exempt') return true;
  return version.workStay.kind === 'exempt_after' && stay.nights.length > version.workStay.nights;
}

function guestExemption(version: TLevyVersion, guest: TStayGuest, arrival: string): TExemption | null {
  if (guest.exemptionReason && version.exemptionReasons.includes(guest.exemptionReason)) return 'reason';
  const rule = version.ageExemption;
  if (rule && guest.birthDate) {
    const day = rule.at === 'arrival' ? arrival : `${arrival.slice(0, 4)}-${rule.keyDate}`;
    if (ageOn(guest.birthDate, day) < rule.belowAge) return 'age';
  }
  return null;
}

/** One levy over a stay, night by night, each night by the version valid on its date. */
export function computeLevy(levy: TLevy, stay: TStay): TLevyResult {
  const arrival = stay.nights[0]?.date ?? '';
  let charged = 0;
  let exactSum = 0;
  let roundPerStay = false;
  const nights = stay.nights.map((night): TLevyNight => {
    const version = versionOn(levy, night.date);
    const none = { levyId: levy.id, date: night.date, persons: 0, baseAmount: 0, amount: 0, perGuest: [] };
    if (!version) return { ...none, exempt: [{ guestId: null, exemption: 'no_rule', reason: null }] };
    roundPerStay = version.rounding === 'per_stay';
    const whole = (exemption: TExemption) => ({
      ...none,
      exempt: [{ guestId: null, exemption, reason: null }],
    });
    if (isWorkStayExempt(version, stay)) return whole('work_stay');
    if (version.nightCap !== null && charged >= version.nightCap) return whole('night_cap');
    charged += 1;
    const { charge } = version;
    if (charge.kind === 'percent_of_net') {
      const baseAmount = netBaseOf(night, charge);
      const exact = (baseAmount * charge.rateBasisPoints) / 10_000;
      exactSum += exact;
      const amount = divideRounded(baseAmount * charge.rateBasisPoints, 10_000);
      return { ...none, exempt: [], baseAmount, amount };
    }
    const exempt: TLevyNight['exempt'] = [];
    const perGuest: TLevyNight['perGuest'] = [];
    for (const guest of stay.guests) {
      const exemption = guestExemption(version, guest, arrival);
      if (exemption) exempt.push({ guestId: guest.id, exemption, reason: guest.exemptionReason });
      else perGuest.push({ guestId: guest.id, amount: charge.amount });
    }
    exactSum += perGuest.length * charge.amount;
    return { ...none, persons: perGuest.length, exempt, perGuest, amount: perGuest.length * charge.amount };
  });
  const nightly = nights.reduce((sum, night) => sum + night.amount, 0);
  return { levyId: levy.id, name: levy.name, nights, amount: roundPerStay ? Math.round(exactSum) : nightly };
}

/** Every levy of the property over a stay. */
export function computeLocalTax(levies: readonly TLevy[], stay: TStay): TLevyResult[] {
  return levies.map((levy) => computeLevy(levy, stay));
}
