import { addDays, eachNight, splitGross, type TItemType } from '@pms/contract';

export type TPricedItem = {
  id: string;
  name: string;
  type?: TItemType;
  bookingText: string | null;
  bookOnFollowingDay: boolean;
  taxRateId: string;
  taxBasisPoints: number;
};

export type TRateItemInput = {
  item: TPricedItem;
  unit: 'room' | 'person';
  frequency: 'daily' | 'check_in' | 'check_out';
  /** Gross cents per unit and occurrence. */
  amount: number;
  inclusive: boolean;
};

export type TStayPriceInput = {
  checkIn: string;
  checkOut: string;
  occupancy: number;
  /** Gross cents per night for the room type and occupancy. */
  nightlyAmount: number;
  overnightItem: TPricedItem;
  rateItems: TRateItemInput[];
};

export type TChargeDraft = {
  itemId: string;
  taxRateId: string;
  quantity: number;
  text: string;
  netAmount: number;
  taxAmount: number;
  taxBasisPoints: number;
  grossAmount: number;
  bookedOn: string;
  /** The local tax levy a local tax charge is for (decision 191). */
  levyId?: string | null;
};

function draft(item: TPricedItem, quantity: number, grossAmount: number, bookedOn: string): TChargeDraft {
  return {
    itemId: item.id,
    taxRateId: item.taxRateId,
    quantity,
    text: item.bookingText || item.name,
    ...splitGross(grossAmount, item.taxBasisPoints),
    taxBasisPoints: item.taxBasisPoints,
    grossAmount,
    bookedOn,
  };
}

function occursOn(frequency: TRateItemInput['frequency'], night: string, nights: string[]): boolean {
  if (frequency === 'daily') return true;
  if (frequency === 'check_in') return night === nights[0];
  return night === nights[nights.length - 1];
}

/**
 * The charges of a stay: the overnight charge per night plus the rate's items by unit and
 * frequency. Inclusive items are carved out of the night's price (so the guest pays the rate
 * price, split by tax rate); additional items come on top. Each line carries its own tax.
 */
export function calculateStayCharges(input: TStayPriceInput): TChargeDraft[] {
  const nights = eachNight(input.checkIn, input.checkOut);
  const charges: TChargeDraft[] = [];
  for (const night of nights) {
    let accommodation = input.nightlyAmount;
    for (const rateItem of input.rateItems) {
      if (!occursOn(rateItem.frequency, night, nights)) continue;
      const quantity = rateItem.unit === 'person' ? input.occupancy : 1;
      const gross = rateItem.amount * quantity;
      if (rateItem.inclusive) accommodation -= gross;
      const bookedOn =
        rateItem.frequency === 'check_out'
          ? input.checkOut
          : rateItem.item.bookOnFollowingDay
            ? addDays(night, 1)
            : night;
      charges.push(draft(rateItem.item, quantity, gross, bookedOn));
    }
    charges.push(draft(input.overnightItem, 1, Math.max(0, accommodation), night));
  }
  return charges.sort((a, b) => a.bookedOn.localeCompare(b.bookedOn));
}
