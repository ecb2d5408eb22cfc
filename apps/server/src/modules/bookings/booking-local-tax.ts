import { eachNight } from '@pms/contract';
import type { TLocalTaxNightExempt } from '../../db/schema/index.ts';
import { computeLocalTax, type TStay, type TStayGuest, type TStayNight } from '../../lib/local-tax.ts';
import type { TPostedLevy } from '../local-tax/index.ts';
import type { TChargeDraft, TRateItemInput } from './pricing.ts';
import type { TLocalTaxNightValues } from './booking-billing.queries.ts';

// A stay's local tax as its levies charge it (decision 191): one transitory charge without VAT per levy
// and night, and per night what the posting charged whom, for the registration and the levy report.

/** A levy's charge text: its name and the night, as "Ortstaxe 12.06.2026". */
function chargeText(name: string, night: string): string {
  return `${name} ${night.slice(8, 10)}.${night.slice(5, 7)}.${night.slice(0, 4)}`;
}

/**
 * The nights as the local tax reads them from the stay's rate charges: the room's gross price (the
 * overnight charge plus breakfast included in the rate), that breakfast, and the overnight VAT.
 */
export function localTaxNights(
  stay: { checkIn: string; checkOut: string; occupancy: number },
  drafts: TChargeDraft[],
  overnightItemId: string,
  rateItems: TRateItemInput[],
): TStayNight[] {
  const nights = eachNight(stay.checkIn, stay.checkOut);
  return nights.map((date, index) => {
    const overnight = drafts.find((draft) => draft.itemId === overnightItemId && draft.bookedOn === date);
    let breakfastAmount = 0;
    for (const rateItem of rateItems) {
      if (!rateItem.inclusive || rateItem.item.type !== 'food_and_beverage') continue;
      if (rateItem.frequency === 'check_out' || (rateItem.frequency === 'check_in' && index > 0)) continue;
      breakfastAmount += rateItem.amount * (rateItem.unit === 'person' ? stay.occupancy : 1);
    }
    return {
      date,
      grossAmount: (overnight?.grossAmount ?? 0) + breakfastAmount,
      breakfastAmount,
      vatBasisPoints: overnight?.taxBasisPoints ?? 0,
    };
  });
}

/** The stay's guests, and a guest without details for each person of the occupancy not assigned yet. */
export function stayGuests(guests: TStayGuest[], occupancy: number): TStayGuest[] {
  const unnamed = Array.from({ length: Math.max(0, occupancy - guests.length) }, (_, index) => ({
    id: `unnamed-${index + 1}`,
    birthDate: null,
    exemptionReason: null,
  }));
  return [...guests, ...unnamed];
}

/**
 * The charges and the record of each levy over the stay. A per-person levy's charge has the persons
 * as its quantity; a percentage levy's is one. A levy rounded per stay puts the rounding difference
 * on its last charged night. Nights no version covers are neither charged nor recorded.
 */
export function localTaxCharges(
  levies: TPostedLevy[],
  stay: TStay,
  taxRateOf: (itemId: string) => string,
): { drafts: TChargeDraft[]; nights: TLocalTaxNightValues[] } {
  const drafts: TChargeDraft[] = [];
  const nights: TLocalTaxNightValues[] = [];
  const results = computeLocalTax(levies, stay);
  results.forEach((result, index) => {
    const levy = levies[index]!;
    const amounts = result.nights.map((night) => night.amount);
    const last = amounts.findLastIndex((amount) => amount > 0);
    if (last >= 0) amounts[last]! += result.amount - amounts.reduce((sum, amount) => sum + amount, 0);
    result.nights.forEach((night, nightIndex) => {
      if (night.exempt.some((entry) => entry.exemption === 'no_rule')) return;
      const amount = Math.max(0, amounts[nightIndex]!);
      // A whole night's exemption (a work stay, the night cap) counts once per guest.
      const exempt: TLocalTaxNightExempt[] = night.exempt.flatMap((entry) =>
        entry.guestId === null
          ? stay.guests.map((guest) => ({ ...entry, guestId: guest.id }))
          : [{ ...entry, reason: entry.exemption === 'reason' ? entry.reason : null }],
      );
      const charged = amount > 0;
      nights.push({
        levyId: levy.id,
        night: night.date,
        persons: night.persons > 0 ? night.persons : charged ? stay.guests.length : 0,
        baseAmount: night.baseAmount,
        amount,
        guests: night.perGuest,
        exempt,
      });
      if (!charged) return;
      drafts.push({
        itemId: levy.itemId,
        taxRateId: taxRateOf(levy.itemId),
        quantity: night.persons > 0 ? night.persons : 1,
        text: chargeText(levy.name, night.date),
        netAmount: amount,
        taxAmount: 0,
        taxBasisPoints: 0,
        grossAmount: amount,
        bookedOn: night.date,
        levyId: levy.id,
      });
    });
  });
  return { drafts, nights };
}
