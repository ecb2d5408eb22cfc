import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rateItems, ratePrices, rates } from '../../db/schema/index.ts';
import { ofProperty, type TRateItemRow, type TRatePriceRow, type TRateRow } from './base-data.queries.ts';

export type TRateChanges = Partial<Omit<TRateRow, 'id' | 'propertyId' | 'createdAt' | 'updatedAt'>>;
type TRatePriceValues = Pick<TRatePriceRow, 'roomTypeId' | 'occupancy' | 'amount'>;
type TRateItemChanges = Partial<
  Omit<TRateItemRow, 'id' | 'propertyId' | 'rateId' | 'createdAt' | 'updatedAt'>
>;

/** Stores a rate; returns it. */
export async function insertRate(db: Executor, values: typeof rates.$inferInsert): Promise<TRateRow> {
  const [row] = await db.insert(rates).values(values).returning();
  return row!;
}

/** Changes a live rate of the property; the rows changed (none when it has none by that id). */
export function updateRateRows(db: Executor, propertyId: string, id: string, changes: TRateChanges) {
  return db
    .update(rates)
    .set(changes)
    .where(ofProperty(rates, propertyId, id))
    .returning();
}

/** Keeps at most one standard rate: the one given. */
export async function clearOtherStandardRates(db: Executor, propertyId: string, id: string): Promise<void> {
  await db
    .update(rates)
    .set({ isStandard: false })
    .where(and(ofProperty(rates, propertyId), eq(rates.isStandard, true), ne(rates.id, id)));
}

/** The property's active standard rate, if it has one. */
export async function selectStandardRateId(db: Executor, propertyId: string): Promise<string | undefined> {
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
  return standard?.id;
}

/** Whether a live price of the rate (other than `exceptId`) is for the room type and occupancy. */
export async function hasRatePrice(
  db: Executor,
  propertyId: string,
  rateId: string,
  price: Pick<TRatePriceRow, 'roomTypeId' | 'occupancy'>,
  exceptId?: string,
): Promise<boolean> {
  const [existing] = await db
    .select({ id: ratePrices.id })
    .from(ratePrices)
    .where(
      and(
        ofProperty(ratePrices, propertyId),
        eq(ratePrices.rateId, rateId),
        eq(ratePrices.roomTypeId, price.roomTypeId),
        eq(ratePrices.occupancy, price.occupancy),
        exceptId ? ne(ratePrices.id, exceptId) : undefined,
      ),
    );
  return Boolean(existing);
}

/** The live price of a live rate of the property for a room type and occupancy, or undefined. */
export async function selectRatePrice(
  db: Executor,
  propertyId: string,
  rateId: string,
  roomTypeId: string,
  occupancy: number,
): Promise<TRatePriceRow | undefined> {
  const [row] = await db
    .select({ price: ratePrices })
    .from(ratePrices)
    .innerJoin(rates, eq(rates.id, ratePrices.rateId))
    .where(
      and(
        ofProperty(ratePrices, propertyId),
        ofProperty(rates, propertyId, rateId),
        eq(ratePrices.roomTypeId, roomTypeId),
        eq(ratePrices.occupancy, occupancy),
      ),
    );
  return row?.price;
}

/** Stores a price of a rate; returns it. */
export async function insertRatePrice(
  db: Executor,
  values: typeof ratePrices.$inferInsert,
): Promise<TRatePriceRow> {
  const [row] = await db.insert(ratePrices).values(values).returning();
  return row!;
}

/** Changes a price of a rate; returns it. */
export async function updateRatePriceRow(
  db: Executor,
  id: string,
  changes: TRatePriceValues,
): Promise<TRatePriceRow> {
  const [row] = await db.update(ratePrices).set(changes).where(eq(ratePrices.id, id)).returning();
  return row!;
}

/** The live items of a rate. */
export function selectRateItems(db: Executor, rateId: string): Promise<TRateItemRow[]> {
  return db
    .select()
    .from(rateItems)
    .where(and(eq(rateItems.rateId, rateId), isNull(rateItems.deletedAt)));
}

/** Stores an item of a rate; returns it. */
export async function insertRateItem(
  db: Executor,
  values: typeof rateItems.$inferInsert,
): Promise<TRateItemRow> {
  const [row] = await db.insert(rateItems).values(values).returning();
  return row!;
}

/** Changes an item of a rate; returns it. */
export async function updateRateItemRow(
  db: Executor,
  id: string,
  changes: TRateItemChanges,
): Promise<TRateItemRow> {
  const [row] = await db.update(rateItems).set(changes).where(eq(rateItems.id, id)).returning();
  return row!;
}
