import { and, asc, desc, eq, gt, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TPageQuery } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import {
  bookings,
  contacts,
  items,
  paymentMethods,
  rateItems,
  ratePrices,
  rates,
  rooms,
  roomTypes,
  taxRates,
} from '../../db/schema/index.ts';
import { assertOwned, findOwned } from '../../db/owned-records.ts';
import { selectPage } from '../../db/paging.ts';
import { roomOrder } from '../../db/room-order.ts';

export type TRoomTypeRow = typeof roomTypes.$inferSelect;
export type TRoomRow = typeof rooms.$inferSelect;
export type TTaxRateRow = typeof taxRates.$inferSelect;
export type TItemRow = typeof items.$inferSelect;
export type TPaymentMethodRow = typeof paymentMethods.$inferSelect;
export type TRateRow = typeof rates.$inferSelect;
export type TRatePriceRow = typeof ratePrices.$inferSelect;
export type TRateItemRow = typeof rateItems.$inferSelect;

/**
 * The base data tables: each row belongs to one property and is soft deleted. Drizzle cannot type a
 * query over a generic table, so the generic queries below build it on the union: every member has
 * the columns they use (id, propertyId, deletedAt).
 */
export type TBaseDataTable =
  | typeof roomTypes
  | typeof rooms
  | typeof taxRates
  | typeof items
  | typeof paymentMethods
  | typeof rates
  | typeof ratePrices
  | typeof rateItems;

/** The live rows of a property (one of them when an id is given). */
export function ofProperty(table: TBaseDataTable, propertyId: string, id?: string): SQL | undefined {
  return and(eq(table.propertyId, propertyId), isNull(table.deletedAt), id ? eq(table.id, id) : undefined);
}

/** The order of lists and of the cache. */
export const order = {
  roomTypes: [asc(roomTypes.sortOrder), asc(roomTypes.name), asc(roomTypes.id)],
  rooms: roomOrder(rooms),
  taxRates: [asc(taxRates.name), asc(taxRates.id)],
  items: [desc(items.isOvernight), asc(items.name), asc(items.id)],
  paymentMethods: [asc(paymentMethods.name), asc(paymentMethods.id)],
  rates: [desc(rates.isStandard), asc(rates.name), asc(rates.id)],
};

/** One live row of a property, or undefined; locked for update when asked, so a check can rely on it. */
export async function selectOwned<TTable extends TBaseDataTable>(
  db: Executor,
  table: TTable,
  propertyId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TTable['$inferSelect'] | undefined> {
  const source: TBaseDataTable = table;
  const query = db
    .select()
    .from(source)
    .where(ofProperty(table, propertyId, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Every live row of a property, in the given order. */
export async function selectAllOwned<TTable extends TBaseDataTable>(
  db: Executor,
  table: TTable,
  propertyId: string,
  orderBy: (PgColumn | SQL)[],
): Promise<TTable['$inferSelect'][]> {
  const source: TBaseDataTable = table;
  const rows = await db
    .select()
    .from(source)
    .where(ofProperty(table, propertyId))
    .orderBy(...orderBy);
  return rows;
}

/** A page of a property's live rows, in the given order; narrowed further by `where` when given. */
export function selectOwnedPage<TTable extends TBaseDataTable, T>(
  db: Executor,
  table: TTable,
  propertyId: string,
  orderBy: (PgColumn | SQL)[],
  page: TPageQuery,
  map: (row: TTable['$inferSelect']) => T,
  where?: SQL,
) {
  return selectPage(db, table, and(ofProperty(table, propertyId), where), orderBy, page, map);
}

/** Soft deletes one row by id. */
export async function markDeleted(db: Executor, table: TBaseDataTable, id: string): Promise<void> {
  await db
    .update(table as typeof roomTypes)
    .set({ deletedAt: new Date() })
    .where(eq(table.id, id));
}

/** Rows by id, for embedding related records (`?expand=`). */
export async function selectByIds<TTable extends typeof roomTypes | typeof taxRates | typeof items>(
  db: Executor,
  table: TTable,
  ids: string[],
): Promise<Map<string, TTable['$inferSelect']>> {
  if (ids.length === 0) return new Map();
  const source: TBaseDataTable = table;
  const rows = (await db
    .select()
    .from(source)
    .where(inArray(table.id, [...new Set(ids)]))) as TTable['$inferSelect'][];
  return new Map(rows.map((row) => [row.id, row]));
}

type TRateItemWithItem = { rateItem: TRateItemRow; item: TItemRow };

/** The live prices and items of the given rates, grouped by rate. */
export async function selectRateDetails(
  db: Executor,
  rateIds: string[],
): Promise<{ prices: Map<string, TRatePriceRow[]>; items: Map<string, TRateItemWithItem[]> }> {
  if (rateIds.length === 0) return { prices: new Map(), items: new Map() };
  const [priceRows, itemRows] = await Promise.all([
    db
      .select()
      .from(ratePrices)
      .where(and(inArray(ratePrices.rateId, rateIds), isNull(ratePrices.deletedAt)))
      .orderBy(asc(ratePrices.roomTypeId), asc(ratePrices.occupancy)),
    db
      .select({ rateItem: rateItems, item: items })
      .from(rateItems)
      .innerJoin(items, eq(items.id, rateItems.itemId))
      .where(and(inArray(rateItems.rateId, rateIds), isNull(rateItems.deletedAt)))
      .orderBy(asc(rateItems.createdAt)),
  ]);
  return {
    prices: groupBy(priceRows, (row) => row.rateId),
    items: groupBy(itemRows, (row) => row.rateItem.rateId),
  };
}

function groupBy<T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}

/** A live rate of the property as a reference (id, name and code), or undefined. */
export async function selectRateReference(db: Executor, propertyId: string, id: string) {
  const [row] = await db
    .select({ id: rates.id, name: rates.name, code: rates.code })
    .from(rates)
    .where(ofProperty(rates, propertyId, id));
  return row;
}

/** The property's overnight item, if it exists. */
export async function selectOvernightItem(db: Executor, propertyId: string): Promise<TItemRow | undefined> {
  const [row] = await db
    .select()
    .from(items)
    .where(and(ofProperty(items, propertyId), eq(items.isOvernight, true)));
  return row;
}

/** The property's oldest live tax rate. */
export async function selectFirstTaxRate(db: Executor, propertyId: string): Promise<TTaxRateRow | undefined> {
  const [row] = await db
    .select()
    .from(taxRates)
    .where(ofProperty(taxRates, propertyId))
    .orderBy(asc(taxRates.createdAt), asc(taxRates.id))
    .limit(1);
  return row;
}

/** A price of a live rate for the room type that its occupancy range no longer allows. */
export async function selectPriceOutsideOccupancy(
  db: Executor,
  roomType: TRoomTypeRow,
): Promise<TRatePriceRow | undefined> {
  const [row] = await db
    .select({ price: ratePrices })
    .from(ratePrices)
    .innerJoin(rates, and(eq(rates.id, ratePrices.rateId), isNull(rates.deletedAt)))
    .where(
      and(
        ofProperty(ratePrices, roomType.propertyId),
        eq(ratePrices.roomTypeId, roomType.id),
        or(lt(ratePrices.occupancy, roomType.minOccupancy), gt(ratePrices.occupancy, roomType.maxOccupancy)),
      ),
    )
    .limit(1);
  return row?.price;
}

type TReferencingTable = typeof bookings | typeof contacts | TBaseDataTable;

/** A live row of another table that points at a record (in `column`). */
export type TReference = { table: TReferencingTable; column: PgColumn };

export const references = {
  roomType: [
    { table: rooms, column: rooms.roomTypeId },
    { table: ratePrices, column: ratePrices.roomTypeId },
    { table: bookings, column: bookings.roomTypeId },
  ],
  room: [{ table: bookings, column: bookings.roomId }],
  taxRate: [{ table: items, column: items.taxRateId }],
  item: [{ table: rateItems, column: rateItems.itemId }],
  paymentMethod: [],
  rate: [
    { table: bookings, column: bookings.rateId },
    { table: contacts, column: contacts.defaultRateId },
  ],
} satisfies Record<string, TReference[]>;

/** Whether any live row of the referencing tables points at the record. */
export async function isReferenced(db: Executor, id: string, referencing: TReference[]): Promise<boolean> {
  for (const { table, column } of referencing) {
    const [row] = await db
      .select({ id: table.id })
      .from(table as typeof bookings)
      .where(and(eq(column, id), isNull(table.deletedAt)))
      .limit(1);
    if (row) return true;
  }
  return false;
}

// Look-ups other modules use: one live record of the property by id, or 404 naming it.

/** An item, for a charge or a rate. */
export function findOwnedItem(db: Executor, propertyId: string, id: string) {
  return findOwned(db, items, propertyId, id, 'item');
}

/** A tax rate, for a charge. */
export function findOwnedTaxRate(db: Executor, propertyId: string, id: string) {
  return findOwned(db, taxRates, propertyId, id, 'tax rate');
}

/** A room type, for a booking. */
export function findOwnedRoomType(db: Executor, propertyId: string, id: string) {
  return findOwned(db, roomTypes, propertyId, id, 'room type');
}

/** Refuses a room type that is not the property's. */
export function assertRoomTypeOwned(db: Executor, propertyId: string, id: string): Promise<void> {
  return assertOwned(db, roomTypes, propertyId, id, 'room type');
}

/** Refuses a room that is not the property's. */
export function assertRoomOwned(db: Executor, propertyId: string, id: string): Promise<void> {
  return assertOwned(db, rooms, propertyId, id, 'room');
}

/** Refuses a payment method that is not the property's. */
export function assertPaymentMethodOwned(db: Executor, propertyId: string, id: string): Promise<void> {
  return assertOwned(db, paymentMethods, propertyId, id, 'payment method');
}
