import { droppedBookingStatuses, splitGross } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import {
  findItemWithTaxRate,
  ensureOvernightItem,
  findRatePrice,
  listRateItems,
  taxRateOnServiceDate,
  findOwnedItem,
  findOwnedTaxRate,
} from '../base-data/index.ts';
import { calculateStayCharges, type TChargeDraft, type TPricedItem, type TRateItemInput } from './pricing.ts';
import { reverseCharge } from '../folios/index.ts';
import {
  deleteCharges,
  insertCharges,
  insertFolio,
  lockFolios,
  selectBookingFolio,
  replaceLocalTaxNights,
  selectStayCharges,
  type TLocalTaxNightValues,
  type TStayCharge,
} from './booking-billing.queries.ts';
import { type TBookingRow } from './bookings.queries.ts';
import { selectChargeableGuestBookings, selectStayGuests } from './booking-guests.queries.ts';
import { activeLevies } from '../local-tax/index.ts';
import type { TStayGuest } from '../../lib/local-tax.ts';
import { localTaxCharges, localTaxNights as localTaxNightsOf, stayGuests } from './booking-local-tax.ts';

async function pricedItem(db: Executor, itemId: string): Promise<TPricedItem> {
  const row = await findItemWithTaxRate(db, itemId);
  return {
    id: row.item.id,
    name: row.item.name,
    type: row.item.type as TPricedItem['type'],
    bookingText: row.item.bookingText,
    bookOnFollowingDay: row.item.bookOnFollowingDay,
    taxRateId: row.item.taxRateId,
    taxBasisPoints: row.basisPoints,
  };
}

/** The booking's own folio (every booking has one from its creation). */
export async function findBookingFolio(db: Executor, booking: TBookingRow) {
  const folio = await selectBookingFolio(db, booking.id);
  if (folio) return folio;
  return insertFolio(db, {
    propertyId: booking.propertyId,
    bookingId: booking.id,
    customerId: booking.customerId,
  });
}

/**
 * What a charge keeps of its item and tax rate as they were when it was posted, for the charges of one
 * posting: each item and tax rate is read once, however many nights share it.
 */
function chargeSnapshots(db: Executor, propertyId: string) {
  const items = new Map<string, ReturnType<typeof findOwnedItem>>();
  const taxRates = new Map<string, ReturnType<typeof findOwnedTaxRate>>();
  const once = <T>(known: Map<string, Promise<T>>, id: string, read: () => Promise<T>): Promise<T> => {
    let found = known.get(id);
    if (!found) known.set(id, (found = read()));
    return found;
  };
  return async (charge: TChargeDraft) => {
    const item = await once(items, charge.itemId, () => findOwnedItem(db, propertyId, charge.itemId));
    const taxRate = await once(taxRates, charge.taxRateId, () =>
      findOwnedTaxRate(db, propertyId, charge.taxRateId),
    );
    return {
      taxCode: taxRate.taxCode,
      accountNumber: item.accountNumber ?? taxRate.accountNumber,
      isTransitory: item.type === 'local_tax',
    };
  };
}

/** What a stay's charges depend on: its rate, room type, persons and dates. */
export type TPricedStay = Pick<
  TBookingRow,
  'propertyId' | 'rateId' | 'roomTypeId' | 'occupancy' | 'checkIn' | 'checkOut'
>;

/** Who stays, for the local tax: the guests assigned (others count as guests without details). */
export type TStayPersons = { guests: TStayGuest[]; isWorkStay: boolean };

/**
 * The charges a stay gets from its rate (none without a rate), as drafts not yet on a folio, with
 * its local tax: where the property has active levies, they charge the stay (and the rate's flat
 * local_tax items are left out, decision 191); the record of each levy's nights comes beside.
 */
export async function stayCharges(
  db: Executor,
  stay: TPricedStay,
  persons: TStayPersons = { guests: [], isWorkStay: false },
): Promise<{ drafts: TChargeDraft[]; localTaxNights: TLocalTaxNightValues[] }> {
  if (!stay.rateId) return { drafts: [], localTaxNights: [] };
  const price = await findRatePrice(db, stay.propertyId, stay.rateId, stay.roomTypeId, stay.occupancy);
  const overnight = await pricedItem(db, (await ensureOvernightItem(db, stay.propertyId)).id);
  const levies = await activeLevies(db, stay.propertyId);
  const rows = await listRateItems(db, stay.rateId);
  const rateItemInputs: TRateItemInput[] = [];
  for (const row of rows) {
    const item = await pricedItem(db, row.itemId);
    if (levies.length > 0 && item.type === 'local_tax') continue;
    rateItemInputs.push({
      item,
      unit: row.unit as TRateItemInput['unit'],
      frequency: row.frequency as TRateItemInput['frequency'],
      amount: row.amount,
      inclusive: row.inclusive,
    });
  }
  const drafts = await withTaxRatesOnServiceDates(
    db,
    stay.propertyId,
    calculateStayCharges({
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      occupancy: stay.occupancy,
      nightlyAmount: price.amount,
      overnightItem: overnight,
      rateItems: rateItemInputs,
    }),
  );
  if (levies.length === 0) return { drafts, localTaxNights: [] };
  const taxRates = new Map<string, string>();
  for (const levy of levies)
    taxRates.set(levy.itemId, (await findOwnedItem(db, stay.propertyId, levy.itemId)).taxRateId);
  const localTax = localTaxCharges(
    levies,
    {
      nights: localTaxNightsOf(stay, drafts, overnight.id, rateItemInputs),
      guests: stayGuests(persons.guests, stay.occupancy),
      isWorkStay: persons.isWorkStay,
    },
    (itemId) => taxRates.get(itemId)!,
  );
  return {
    drafts: [...drafts, ...localTax.drafts].sort((a, b) => a.bookedOn.localeCompare(b.bookedOn)),
    localTaxNights: localTax.nights,
  };
}

/** The charges a stay gets from its rate and its levies, as drafts not yet on a folio. */
export async function stayChargeDrafts(db: Executor, stay: TPricedStay): Promise<TChargeDraft[]> {
  return (await stayCharges(db, stay)).drafts;
}

/**
 * Each charge with the tax rate valid on its service date, chosen as for a charge posted at the desk
 * (`taxRateOnServiceDate`): the gross stays, net and tax follow the chosen rate.
 */
async function withTaxRatesOnServiceDates(
  db: Executor,
  propertyId: string,
  drafts: TChargeDraft[],
): Promise<TChargeDraft[]> {
  const findTaxRate = (id: string) => findOwnedTaxRate(db, propertyId, id);
  type TTaxRate = Awaited<ReturnType<typeof findTaxRate>>;
  const itemRates = new Map<string, TTaxRate>();
  const chosen = new Map<string, TTaxRate>();
  const result: TChargeDraft[] = [];
  for (const draft of drafts) {
    const key = `${draft.taxRateId}|${draft.bookedOn}`;
    let taxRate = chosen.get(key);
    if (!taxRate) {
      let itemRate = itemRates.get(draft.taxRateId);
      if (!itemRate) itemRates.set(draft.taxRateId, (itemRate = await findTaxRate(draft.taxRateId)));
      chosen.set(key, (taxRate = await taxRateOnServiceDate(db, itemRate, draft.bookedOn)));
    }
    result.push(
      taxRate.id === draft.taxRateId
        ? draft
        : {
            ...draft,
            taxRateId: taxRate.id,
            taxBasisPoints: taxRate.basisPoints,
            ...splitGross(draft.grossAmount, taxRate.basisPoints),
          },
    );
  }
  return result;
}

/** A rate charge as a stay's prices give it: the same item, night, amounts and tax. */
function isSameCharge(held: TStayCharge['charge'], draft: TChargeDraft): boolean {
  return (
    held.itemId === draft.itemId &&
    held.bookedOn === draft.bookedOn &&
    held.quantity === draft.quantity &&
    held.grossAmount === draft.grossAmount &&
    held.netAmount === draft.netAmount &&
    held.taxRateId === draft.taxRateId &&
    held.taxBasisPoints === draft.taxBasisPoints &&
    held.text === draft.text &&
    held.levyId === (draft.levyId ?? null)
  );
}

const nightKey = (entry: { itemId: string | null; bookedOn: string }) => `${entry.itemId}|${entry.bookedOn}`;

/**
 * Posts the stay's charges from the rate, replacing the earlier rate charges wherever they are now.
 * Each charge held for the stay (on the booking's folio, or moved to a split or group folio) keeps its
 * night: on a closed folio it is left as it is and its night is not charged again; on an open folio
 * it stays while the night's price is unchanged, else what is left of it is reversed there and the
 * new price posted beside it. A charge nobody touched on the booking's own folio is simply replaced.
 * Nights no charge holds are posted on the booking's folio. A closed booking folio is left as it is:
 * changes after closing no longer affect the price.
 */
export async function postStayCharges(db: Executor, booking: TBookingRow): Promise<void> {
  const folio = await findBookingFolio(db, booking);
  if (folio.closedAt) return;
  // Every folio written to is locked first (as a posting locks it), read again until a charge moved
  // meanwhile has not taken the stay to a folio not locked yet.
  const locked = new Set<string>();
  let held = await selectStayCharges(db, booking.id);
  for (;;) {
    const ids = [folio.id, ...held.map((entry) => entry.charge.folioId)].filter((id) => !locked.has(id));
    if (ids.length === 0) break;
    await lockFolios(db, [...new Set(ids)]);
    for (const id of ids) locked.add(id);
    held = await selectStayCharges(db, booking.id);
  }
  const { drafts, localTaxNights } = droppedBookingStatuses.includes(booking.status)
    ? { drafts: [], localTaxNights: [] }
    : await stayCharges(db, booking, {
        guests: await selectStayGuests(db, booking.id),
        isWorkStay: booking.isWorkStay,
      });
  await replaceLocalTaxNights(db, booking, localTaxNights);

  const open = new Map<string, TChargeDraft[]>();
  for (const draft of drafts) open.set(nightKey(draft), [...(open.get(nightKey(draft)) ?? []), draft]);
  const claim = (charge: TStayCharge['charge'], onlySame: boolean): TChargeDraft | undefined => {
    const candidates = open.get(nightKey(charge)) ?? [];
    let index = candidates.findIndex((draft) => isSameCharge(charge, draft));
    if (index < 0 && !onlySame) index = candidates.length > 0 ? 0 : -1;
    return index < 0 ? undefined : candidates.splice(index, 1)[0];
  };
  // A charge left over from a correction holds no night; a closed folio's charges claim theirs first,
  // then the unchanged ones, so that a changed night is never taken from them.
  const holding = held.filter((entry) => entry.charge.grossAmount + entry.correctedAmount > 0);
  const placed: { folioId: string; draft: TChargeDraft }[] = [];
  const removed: string[] = [];
  for (const entry of holding.filter((one) => one.isFolioClosed)) claim(entry.charge, false);
  const changed = holding.filter((one) => !one.isFolioClosed && !claim(one.charge, true));
  for (const { charge, correctedAmount } of changed) {
    const isUntouched =
      charge.folioId === folio.id && charge.transferChargeId === null && correctedAmount === 0;
    if (isUntouched) {
      removed.push(charge.id);
      continue;
    }
    await reverseCharge(db, charge);
    const draft = claim(charge, false);
    if (draft) placed.push({ folioId: charge.folioId, draft });
  }
  await deleteCharges(db, removed);
  for (const rest of open.values()) for (const draft of rest) placed.push({ folioId: folio.id, draft });
  if (placed.length === 0) return;
  const snapshotOf = chargeSnapshots(db, booking.propertyId);
  // One after the other: `db` is a transaction, whose one connection runs one statement at a time.
  const rows = [];
  for (const { folioId, draft } of placed)
    rows.push({
      ...draft,
      ...(await snapshotOf(draft)),
      propertyId: booking.propertyId,
      folioId,
      bookingId: booking.id,
      isDefault: true,
    });
  await insertCharges(db, rows);
}

/**
 * Posts anew the stays a contact is a guest of that may still be charged: their local tax depends on
 * the guest's age (a birth date changed on the contact).
 */
export async function postGuestStayCharges(
  db: Executor,
  propertyId: string,
  contactId: string,
): Promise<void> {
  for (const booking of await selectChargeableGuestBookings(db, propertyId, contactId))
    await postStayCharges(db, booking);
}
