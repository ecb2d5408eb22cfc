import { droppedBookingStatuses } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { items, taxRates } from '../../db/schema/index.ts';
import { findOwned } from '../../lib/records.ts';
import { ensureOvernightItem, findItemWithTaxRate } from '../base-data/items.service.ts';
import { findRatePrice, listRateItems } from '../base-data/rates.service.ts';
import { calculateStayCharges, type TChargeDraft, type TPricedItem, type TRateItemInput } from './pricing.ts';
import {
  deleteDefaultCharges,
  insertCharges,
  insertFolio,
  selectBookingFolio,
  type TBookingRow,
} from './bookings.queries.ts';

async function pricedItem(db: Executor, itemId: string): Promise<TPricedItem> {
  const row = await findItemWithTaxRate(db, itemId);
  return {
    id: row.item.id,
    name: row.item.name,
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

/** What a charge keeps of its item and tax rate as they were when it was posted. */
async function chargeSnapshot(db: Executor, propertyId: string, charge: TChargeDraft) {
  const item = await findOwned(db, items, propertyId, charge.itemId, 'item');
  const taxRate = await findOwned(db, taxRates, propertyId, charge.taxRateId, 'tax rate');
  return {
    taxCode: taxRate.taxCode,
    accountNumber: item.accountNumber ?? taxRate.accountNumber,
    isTransitory: item.type === 'local_tax',
  };
}

/** What a stay's charges depend on: its rate, room type, persons and dates. */
export type TPricedStay = Pick<
  TBookingRow,
  'propertyId' | 'rateId' | 'roomTypeId' | 'occupancy' | 'checkIn' | 'checkOut'
>;

/** The charges a stay gets from its rate (none without a rate), as drafts not yet on a folio. */
export async function stayChargeDrafts(db: Executor, stay: TPricedStay): Promise<TChargeDraft[]> {
  if (!stay.rateId) return [];
  const price = await findRatePrice(db, stay.propertyId, stay.rateId, stay.roomTypeId, stay.occupancy);
  const overnight = await pricedItem(db, (await ensureOvernightItem(db, stay.propertyId)).id);
  const rows = await listRateItems(db, stay.rateId);
  const rateItemInputs: TRateItemInput[] = [];
  for (const row of rows) {
    rateItemInputs.push({
      item: await pricedItem(db, row.itemId),
      unit: row.unit as TRateItemInput['unit'],
      frequency: row.frequency as TRateItemInput['frequency'],
      amount: row.amount,
      inclusive: row.inclusive,
    });
  }
  return calculateStayCharges({
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    occupancy: stay.occupancy,
    nightlyAmount: price.amount,
    overnightItem: overnight,
    rateItems: rateItemInputs,
  });
}

/**
 * Posts the stay's charges from the rate to the booking's folio, replacing the earlier rate
 * charges. A closed folio is left as it is: changes after closing no longer affect the price.
 */
export async function postStayCharges(db: Executor, booking: TBookingRow): Promise<void> {
  const folio = await findBookingFolio(db, booking);
  if (folio.closedAt) return;
  await deleteDefaultCharges(db, booking.id);
  if (droppedBookingStatuses.includes(booking.status)) return;
  const drafts = await stayChargeDrafts(db, booking);
  if (drafts.length === 0) return;
  await insertCharges(
    db,
    await Promise.all(
      drafts.map(async (charge) => ({
        ...charge,
        ...(await chargeSnapshot(db, booking.propertyId, charge)),
        propertyId: booking.propertyId,
        folioId: folio.id,
        isDefault: true,
      })),
    ),
  );
}
