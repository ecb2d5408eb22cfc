import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TPageQuery, TRoomListQuery } from '@pms/contract';
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
import { roomNumberOrder } from '../../db/room-order.ts';

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
  rooms: roomNumberOrder(rooms.number),
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

// Room types

export type TRoomTypeChanges = Partial<Omit<TRoomTypeRow, 'id' | 'propertyId' | 'createdAt' | 'updatedAt'>>;

/** Stores a room type after the property's others. */
export async function insertRoomType(
  db: Executor,
  values: Omit<typeof roomTypes.$inferInsert, 'sortOrder'>,
): Promise<TRoomTypeRow> {
  const nextSortOrder = sql<number>`(select coalesce(max(${roomTypes.sortOrder}) + 1, 0) from ${roomTypes} where ${roomTypes.propertyId} = ${values.propertyId})`;
  const [row] = await db
    .insert(roomTypes)
    .values({ ...values, sortOrder: nextSortOrder })
    .returning();
  return row!;
}

/** Changes a live room type of the property; the rows changed (none when it has none by that id). */
export function updateRoomTypeRows(db: Executor, propertyId: string, id: string, changes: TRoomTypeChanges) {
  return db
    .update(roomTypes)
    .set(changes)
    .where(ofProperty(roomTypes, propertyId, id))
    .returning();
}

/** Keeps at most one default room type: the one given. */
export async function clearOtherDefaultRoomTypes(
  db: Executor,
  propertyId: string,
  id: string,
): Promise<void> {
  await db
    .update(roomTypes)
    .set({ isDefault: false })
    .where(and(ofProperty(roomTypes, propertyId), eq(roomTypes.isDefault, true), ne(roomTypes.id, id)));
}

// Rooms

/** A page of the property's live rooms, of one room type or housekeeping status when asked. */
export function selectRoomPage<T>(
  db: Executor,
  propertyId: string,
  query: TRoomListQuery,
  map: (row: TRoomRow) => T,
) {
  const where = and(
    query.roomTypeId ? eq(rooms.roomTypeId, query.roomTypeId) : undefined,
    query.housekeepingStatus ? eq(rooms.housekeepingStatus, query.housekeepingStatus) : undefined,
  );
  return selectOwnedPage(db, rooms, propertyId, order.rooms, query, map, where);
}

/** A live room of the property with its room type, or undefined. */
export async function selectRoomWithType(db: Executor, propertyId: string, id: string) {
  const [row] = await db
    .select({ room: rooms, roomType: roomTypes })
    .from(rooms)
    .innerJoin(roomTypes, eq(roomTypes.id, rooms.roomTypeId))
    .where(and(eq(rooms.id, id), eq(rooms.propertyId, propertyId), isNull(rooms.deletedAt)));
  return row;
}

/** The first of the numbers that a live room of the property (other than `exceptId`) has already. */
export async function selectTakenRoomNumber(
  db: Executor,
  propertyId: string,
  numbers: string[],
  exceptId?: string,
): Promise<string | undefined> {
  const [taken] = await db
    .select({ number: rooms.number })
    .from(rooms)
    .where(
      and(
        ofProperty(rooms, propertyId),
        inArray(rooms.number, numbers),
        exceptId ? ne(rooms.id, exceptId) : undefined,
      ),
    )
    .orderBy(...roomNumberOrder(rooms.number))
    .limit(1);
  return taken?.number;
}

/** Stores rooms, one per number; returns them. */
export function insertRooms(db: Executor, values: (typeof rooms.$inferInsert)[]): Promise<TRoomRow[]> {
  return db.insert(rooms).values(values).returning();
}

/** Changes a room's number and room type; returns the room. */
export async function updateRoomRow(
  db: Executor,
  id: string,
  changes: Pick<TRoomRow, 'number' | 'roomTypeId'>,
): Promise<TRoomRow> {
  const [row] = await db.update(rooms).set(changes).where(eq(rooms.id, id)).returning();
  return row!;
}

// Tax rates

type TTaxRateValues = Pick<TTaxRateRow, 'name' | 'basisPoints' | 'accountNumber' | 'taxCode'>;

/** Stores a tax rate; returns it. */
export async function insertTaxRate(
  db: Executor,
  values: typeof taxRates.$inferInsert,
): Promise<TTaxRateRow> {
  const [row] = await db.insert(taxRates).values(values).returning();
  return row!;
}

/** Changes a live tax rate of the property; the rows changed (none when it has none by that id). */
export function updateTaxRateRows(db: Executor, propertyId: string, id: string, changes: TTaxRateValues) {
  return db
    .update(taxRates)
    .set(changes)
    .where(ofProperty(taxRates, propertyId, id))
    .returning();
}

// Payment methods

type TPaymentMethodValues = Pick<TPaymentMethodRow, 'name' | 'kind' | 'bookingText' | 'accountNumber'>;

/** Stores a payment method; returns it. */
export async function insertPaymentMethod(
  db: Executor,
  values: typeof paymentMethods.$inferInsert,
): Promise<TPaymentMethodRow> {
  const [row] = await db.insert(paymentMethods).values(values).returning();
  return row!;
}

/** Changes a live payment method of the property; the rows changed (none when it has none by that id). */
export function updatePaymentMethodRows(
  db: Executor,
  propertyId: string,
  id: string,
  changes: TPaymentMethodValues,
) {
  return db
    .update(paymentMethods)
    .set(changes)
    .where(ofProperty(paymentMethods, propertyId, id))
    .returning();
}

// Items

export type TItemChanges = Partial<Omit<TItemRow, 'id' | 'propertyId' | 'createdAt' | 'updatedAt'>>;

/** Stores the property's overnight item, unless another request stored it meanwhile. */
export async function insertOvernightItem(db: Executor, values: typeof items.$inferInsert): Promise<void> {
  await db.insert(items).values(values).onConflictDoNothing();
}

/** Stores an item; returns it. */
export async function insertItem(db: Executor, values: typeof items.$inferInsert): Promise<TItemRow> {
  const [row] = await db.insert(items).values(values).returning();
  return row!;
}

/** Changes an item; returns it. */
export async function updateItemRow(db: Executor, id: string, changes: TItemChanges): Promise<TItemRow> {
  const [row] = await db.update(items).set(changes).where(eq(items.id, id)).returning();
  return row!;
}

/** An item with the basis points of its tax rate, or undefined. */
export async function selectItemWithTaxRate(db: Executor, itemId: string) {
  const [row] = await db
    .select({ item: items, basisPoints: taxRates.basisPoints })
    .from(items)
    .innerJoin(taxRates, eq(taxRates.id, items.taxRateId))
    .where(eq(items.id, itemId));
  return row;
}

// Rates

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

/** The property's live tax rate of a kind that is valid on a date (the latest starting one, if several). */
export async function selectTaxRateOn(
  db: Executor,
  propertyId: string,
  kind: string,
  date: string,
): Promise<TTaxRateRow | undefined> {
  const [row] = await db
    .select()
    .from(taxRates)
    .where(
      and(
        eq(taxRates.propertyId, propertyId),
        eq(taxRates.kind, kind),
        isNull(taxRates.deletedAt),
        or(isNull(taxRates.validFrom), lte(taxRates.validFrom, date)),
        or(isNull(taxRates.validUntil), gte(taxRates.validUntil, date)),
      ),
    )
    .orderBy(sql`${taxRates.validFrom} desc nulls last`, desc(taxRates.createdAt))
    .limit(1);
  return row;
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
