import { and, eq, isNull } from 'drizzle-orm';
import { droppedBookingStatuses } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { charges, folios, items, rateItems, rates, taxRates } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { ensureOvernightItem } from '../base-data/items.service.ts';
import { findRatePrice } from '../base-data/rates.service.ts';
import { calculateStayCharges, type TChargeDraft, type TPricedItem, type TRateItemInput } from './pricing.ts';
import type { TBookingRow } from './bookings.queries.ts';

/** The rate a booking is priced by: the one asked for, else the property's standard rate. */
export async function resolveRateId(
  db: Executor,
  propertyId: string,
  rateId: string | null | undefined,
): Promise<string | null> {
  if (rateId) {
    const [rate] = await db
      .select({ id: rates.id })
      .from(rates)
      .where(and(eq(rates.id, rateId), eq(rates.propertyId, propertyId), isNull(rates.deletedAt)));
    if (!rate) throw new AppError('not_found', 'rate not found');
    return rate.id;
  }
  const [standard] = await db
    .select({ id: rates.id })
    .from(rates)
    .where(
      and(
        eq(rates.propertyId, propertyId),
        eq(rates.isStandard, true),
        eq(rates.active, true),
        isNull(rates.deletedAt),
      ),
    )
    .limit(1);
  return standard?.id ?? null;
}

async function pricedItem(db: Executor, itemId: string): Promise<TPricedItem> {
  const [row] = await db
    .select({ item: items, basisPoints: taxRates.basisPoints })
    .from(items)
    .innerJoin(taxRates, eq(taxRates.id, items.taxRateId))
    .where(eq(items.id, itemId));
  if (!row) throw new AppError('not_found', 'item not found');
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
  const [folio] = await db
    .select()
    .from(folios)
    .where(and(eq(folios.bookingId, booking.id), isNull(folios.deletedAt), eq(folios.isGroupFolio, false)))
    .limit(1);
  if (folio) return folio;
  const [created] = await db
    .insert(folios)
    .values({ propertyId: booking.propertyId, bookingId: booking.id, customerId: booking.customerId })
    .returning();
  return created!;
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
  const rows = await db
    .select()
    .from(rateItems)
    .where(and(eq(rateItems.rateId, stay.rateId), isNull(rateItems.deletedAt)));
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
  await db.delete(charges).where(and(eq(charges.folioId, folio.id), eq(charges.isDefault, true)));
  if (droppedBookingStatuses.includes(booking.status)) return;
  const drafts = await stayChargeDrafts(db, booking);
  if (drafts.length === 0) return;
  await db.insert(charges).values(
    drafts.map((charge) => ({
      ...charge,
      propertyId: booking.propertyId,
      folioId: folio.id,
      isDefault: true,
    })),
  );
}
