import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  RoomRangeError,
  ZCreateItemRequest,
  ZCreateRateRequest,
  ZCreateRoomTypeRequest,
  ZRateItemRequest,
  ZUpdateItemRequest,
  ZUpdateRateRequest,
  ZUpdateRoomTypeRequest,
  expandRoomNumbers,
  parseExpand,
  toBasisPoints,
  type TBaseData,
  type TCreateItemRequest,
  type TCreatePaymentMethodRequest,
  type TCreateRateRequest,
  type TCreateRoomRequest,
  type TCreateRoomTypeRequest,
  type TCreateTaxRateRequest,
  type TCreatedRooms,
  type TItem,
  type TItemListQuery,
  type TPageQuery,
  type TPaged,
  type TPaymentMethod,
  type TRate,
  type TRateItem,
  type TRateItemRequest,
  type TRatePrice,
  type TRatePriceRequest,
  type TRoom,
  type TRoomListQuery,
  type TRoomType,
  type TTaxRate,
  type TUpdateItemRequest,
  type TUpdatePaymentMethodRequest,
  type TUpdateRateRequest,
  type TUpdateRoomRequest,
  type TUpdateRoomTypeRequest,
  type TUpdateTaxRateRequest,
} from '@pms/contract';
import type { Db, Executor } from '../../db/client.ts';
import {
  items,
  paymentMethods,
  rateItems,
  ratePrices,
  rates,
  roomTypes,
  rooms,
  taxRates,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { selectPage } from '../../lib/paging.ts';
import { roomNumberOrder } from '../../lib/room-order.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { registerConstraintCode } from '../../plugins/problem.ts';
import {
  isReferenced,
  markDeleted,
  ofProperty,
  references,
  selectAllOwned,
  selectByIds,
  selectFirstTaxRate,
  selectOvernightItem,
  selectOwned,
  selectPriceOutsideOccupancy,
  selectRateDetails,
  type TBaseDataTable,
  type TItemRow,
  type TRatePriceRow,
  type TRateRow,
  type TReference,
  type TRoomRow,
} from './base-data.queries.ts';
import {
  toItem,
  toPaymentMethod,
  toRate,
  toRatePrice,
  toRateItem,
  toRoom,
  toRoomType,
  toTaxRate,
} from './base-data.mapper.ts';

registerConstraintCode('room_types_code_key', 'room_type/already_exists');
registerConstraintCode('rooms_number_key', 'room/already_exists');
registerConstraintCode('rates_code_key', 'rate/already_exists');
registerConstraintCode('rate_prices_key', 'rate/price_already_configured');

/** Rates with their prices and items, loaded for all of them at once. */
async function withRateDetails(db: Executor, rows: TRateRow[]): Promise<TRate[]> {
  const rateIds = rows.map((row) => row.id);
  const details = await selectRateDetails(db, rateIds);
  return rows.map((row) => toRate(row, details.prices.get(row.id) ?? [], details.items.get(row.id) ?? []));
}

async function withRoomTypes(db: Executor, rows: TRoomRow[], isExpanded: boolean): Promise<TRoom[]> {
  const roomTypeIds = isExpanded ? rows.map((row) => row.roomTypeId) : [];
  const roomTypesById = await selectByIds(db, roomTypes, roomTypeIds);
  return rows.map((row) => toRoom(row, roomTypesById.get(row.roomTypeId)));
}

async function withTaxRates(db: Executor, rows: TItemRow[], isExpanded: boolean): Promise<TItem[]> {
  const taxRateIds = isExpanded ? rows.map((row) => row.taxRateId) : [];
  const taxRatesById = await selectByIds(db, taxRates, taxRateIds);
  return rows.map((row) => toItem(row, taxRatesById.get(row.taxRateId)));
}

// The order of lists and of the cache
const order = {
  roomTypes: [asc(roomTypes.sortOrder), asc(roomTypes.name), asc(roomTypes.id)],
  rooms: roomNumberOrder(rooms.number),
  taxRates: [asc(taxRates.name), asc(taxRates.id)],
  items: [desc(items.isOvernight), asc(items.name), asc(items.id)],
  paymentMethods: [asc(paymentMethods.name), asc(paymentMethods.id)],
  rates: [desc(rates.isStandard), asc(rates.name), asc(rates.id)],
};

// Shared rules

/** A live record of the caller's property; any other id answers 404. */
async function findOwned<TTable extends TBaseDataTable>(
  db: Executor,
  table: TTable,
  propertyId: string,
  id: string,
  what: string,
): Promise<TTable['$inferSelect']> {
  const row = await selectOwned(db, table, propertyId, id);
  if (!row) throw notFound(what);
  return row;
}

/** Soft deletes a record, refused while live records still point at it. */
async function deleteOwned(
  db: Db,
  auth: TAuth,
  table: TBaseDataTable,
  id: string,
  what: string,
  referencing: TReference[],
): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked first: a booking saved for this record meanwhile (its foreign key check holds a share
    // lock on the row) either commits before the check below sees it, or waits for the delete.
    const row = await selectOwned(tx, table, auth.propertyId, id, { lock: true });
    if (!row) throw notFound(what);
    if (await isReferenced(tx, id, referencing)) {
      throw new AppError('base_data/in_use', `the ${what} is still in use`);
    }
    await markDeleted(tx, table, id);
  });
}

/** The one row an update by id touched; none means no such record of the property. */
function firstOrNotFound<TRow>(rows: TRow[], what: string): TRow {
  const [row] = rows;
  if (!row) throw notFound(what);
  return row;
}

// Room types

export function listRoomTypes(db: Db, auth: TAuth, page: TPageQuery): Promise<TPaged<TRoomType>> {
  return selectPage(db, roomTypes, ofProperty(roomTypes, auth.propertyId), order.roomTypes, page, toRoomType);
}

export async function getRoomType(db: Db, auth: TAuth, id: string): Promise<TRoomType> {
  return toRoomType(await findOwned(db, roomTypes, auth.propertyId, id, 'room type'));
}

/** Keeps at most one default room type: the one just marked. */
async function clearOtherDefaultRoomTypes(tx: Executor, propertyId: string, id: string): Promise<void> {
  await tx
    .update(roomTypes)
    .set({ isDefault: false })
    .where(and(ofProperty(roomTypes, propertyId), eq(roomTypes.isDefault, true), ne(roomTypes.id, id)));
}

// A new room type comes after the property's others.
const nextRoomTypeSortOrder = (propertyId: string) =>
  sql<number>`(select coalesce(max(${roomTypes.sortOrder}) + 1, 0) from ${roomTypes} where ${roomTypes.propertyId} = ${propertyId})`;

export async function createRoomType(db: Db, auth: TAuth, input: TCreateRoomTypeRequest): Promise<TRoomType> {
  const data = ZCreateRoomTypeRequest.parse(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roomTypes)
      .values({ ...data, propertyId: auth.propertyId, sortOrder: nextRoomTypeSortOrder(auth.propertyId) })
      .returning();
    if (row!.isDefault) await clearOtherDefaultRoomTypes(tx, auth.propertyId, row!.id);
    return toRoomType(row!);
  });
}

export async function updateRoomType(
  db: Db,
  auth: TAuth,
  id: string,
  input: TUpdateRoomTypeRequest,
): Promise<TRoomType> {
  const data = ZUpdateRoomTypeRequest.parse(input);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(roomTypes)
      .set({ ...data, externalId: data.externalId ?? null })
      .where(ofProperty(roomTypes, auth.propertyId, id))
      .returning();
    const row = firstOrNotFound(rows, 'room type');
    const stranded = await selectPriceOutsideOccupancy(tx, row);
    if (stranded) {
      throw new AppError(
        'rate/price_invalid_occupancy',
        `a rate has a price for ${stranded.occupancy} persons in this room type: change or delete it first`,
      );
    }
    if (row.isDefault) await clearOtherDefaultRoomTypes(tx, auth.propertyId, row.id);
    return toRoomType(row);
  });
}

/** Deletes a room type no room, price or booking uses. */
export function deleteRoomType(db: Db, auth: TAuth, id: string): Promise<void> {
  return deleteOwned(db, auth, roomTypes, id, 'room type', references.roomType);
}

// Rooms

/** The room numbers an input stands for; a malformed range is the caller's error. */
function roomNumbersOf(input: string): string[] {
  try {
    return expandRoomNumbers(input);
  } catch (error) {
    if (error instanceof RoomRangeError) throw new AppError(error.code, error.message);
    throw error;
  }
}

async function assertRoomNumbersFree(db: Executor, propertyId: string, numbers: string[], exceptId?: string) {
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
  if (taken) throw new AppError('room/already_exists', `room ${taken.number} exists already`);
}

export async function listRooms(db: Db, auth: TAuth, query: TRoomListQuery): Promise<TPaged<TRoom>> {
  const where = and(
    ofProperty(rooms, auth.propertyId),
    query.roomTypeId ? eq(rooms.roomTypeId, query.roomTypeId) : undefined,
    query.housekeepingStatus ? eq(rooms.housekeepingStatus, query.housekeepingStatus) : undefined,
  );
  const page = await selectPage(db, rooms, where, order.rooms, query, (row) => row);
  return { ...page, data: await withRoomTypes(db, page.data, parseExpand(query.expand).has('roomType')) };
}

export async function getRoom(db: Db, auth: TAuth, id: string, expand?: string): Promise<TRoom> {
  const row = await findOwned(db, rooms, auth.propertyId, id, 'room');
  const [room] = await withRoomTypes(db, [row], parseExpand(expand).has('roomType'));
  return room!;
}

/** Creates one room or every room of a range (101-110); all or none. */
export async function createRooms(db: Db, auth: TAuth, input: TCreateRoomRequest): Promise<TCreatedRooms> {
  const numbers = roomNumbersOf(input.number);
  return db.transaction(async (tx) => {
    await findOwned(tx, roomTypes, auth.propertyId, input.roomTypeId, 'room type');
    await assertRoomNumbersFree(tx, auth.propertyId, numbers);
    const rows = await tx
      .insert(rooms)
      .values(
        numbers.map((number) => ({ propertyId: auth.propertyId, number, roomTypeId: input.roomTypeId })),
      )
      .returning();
    return { data: rows.map((row) => toRoom(row, undefined)) };
  });
}

export async function updateRoom(db: Db, auth: TAuth, id: string, input: TUpdateRoomRequest): Promise<TRoom> {
  const numbers = roomNumbersOf(input.number);
  if (numbers.length !== 1) throw new AppError('room/invalid_range', 'a room has one number');
  return db.transaction(async (tx) => {
    await findOwned(tx, rooms, auth.propertyId, id, 'room');
    await findOwned(tx, roomTypes, auth.propertyId, input.roomTypeId, 'room type');
    await assertRoomNumbersFree(tx, auth.propertyId, numbers, id);
    const [row] = await tx
      .update(rooms)
      .set({ number: numbers[0], roomTypeId: input.roomTypeId })
      .where(eq(rooms.id, id))
      .returning();
    return toRoom(row!, undefined);
  });
}

/** Deletes a room no booking refers to. */
export function deleteRoom(db: Db, auth: TAuth, id: string): Promise<void> {
  return deleteOwned(db, auth, rooms, id, 'room', references.room);
}

// Tax rates

function taxRateValues(input: TCreateTaxRateRequest) {
  return {
    name: input.name,
    basisPoints: toBasisPoints(input.percentage),
    accountNumber: input.accountNumber ?? null,
    taxCode: input.taxCode ?? null,
  };
}

export function listTaxRates(db: Db, auth: TAuth, page: TPageQuery): Promise<TPaged<TTaxRate>> {
  return selectPage(db, taxRates, ofProperty(taxRates, auth.propertyId), order.taxRates, page, toTaxRate);
}

export async function getTaxRate(db: Db, auth: TAuth, id: string): Promise<TTaxRate> {
  return toTaxRate(await findOwned(db, taxRates, auth.propertyId, id, 'tax rate'));
}

/** Creates a tax rate; the property's first one also brings the overnight item to life. */
export async function createTaxRate(db: Db, auth: TAuth, input: TCreateTaxRateRequest): Promise<TTaxRate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(taxRates)
      .values({ ...taxRateValues(input), propertyId: auth.propertyId })
      .returning();
    await findOrCreateOvernightItem(tx, auth.propertyId);
    return toTaxRate(row!);
  });
}

export async function updateTaxRate(
  db: Db,
  auth: TAuth,
  id: string,
  input: TUpdateTaxRateRequest,
): Promise<TTaxRate> {
  const rows = await db
    .update(taxRates)
    .set(taxRateValues(input))
    .where(ofProperty(taxRates, auth.propertyId, id))
    .returning();
  return toTaxRate(firstOrNotFound(rows, 'tax rate'));
}

/** Deletes a tax rate no item uses. */
export function deleteTaxRate(db: Db, auth: TAuth, id: string): Promise<void> {
  return deleteOwned(db, auth, taxRates, id, 'tax rate', references.taxRate);
}

// Items

const overnightItemName = 'Übernachtung';

/** The overnight item, created from the property's first tax rate if missing; null without any tax rate. */
async function findOrCreateOvernightItem(db: Executor, propertyId: string): Promise<TItemRow | null> {
  const existing = await selectOvernightItem(db, propertyId);
  if (existing) return existing;
  const taxRate = await selectFirstTaxRate(db, propertyId);
  if (!taxRate) return null;
  await db
    .insert(items)
    .values({
      propertyId,
      name: overnightItemName,
      type: 'accommodation',
      amount: null,
      taxRateId: taxRate.id,
      isOvernight: true,
    })
    .onConflictDoNothing();
  return (await selectOvernightItem(db, propertyId)) ?? null;
}

/** The property's one overnight item (priced by the rates), created when first needed. */
export async function ensureOvernightItem(db: Executor, propertyId: string): Promise<TItemRow> {
  const item = await findOrCreateOvernightItem(db, propertyId);
  if (!item) throw new AppError('validation', 'Create a tax rate first: the overnight item needs one.');
  return item;
}

function itemValues(data: z.output<typeof ZUpdateItemRequest>) {
  return {
    name: data.name,
    type: data.type,
    active: data.active,
    bookOnFollowingDay: data.bookOnFollowingDay,
    bookingText: data.bookingText ?? null,
    amount: data.amount,
    taxRateId: data.taxRateId,
    accountNumber: data.accountNumber ?? null,
    externalId: data.externalId ?? null,
  };
}

export async function listItems(db: Db, auth: TAuth, query: TItemListQuery): Promise<TPaged<TItem>> {
  await findOrCreateOvernightItem(db, auth.propertyId);
  const page = await selectPage(
    db,
    items,
    ofProperty(items, auth.propertyId),
    order.items,
    query,
    (row) => row,
  );
  return {
    ...page,
    data: await withTaxRates(db, page.data, parseExpand(query.expand).has('taxRate')),
  };
}

export async function getItem(db: Db, auth: TAuth, id: string, expand?: string): Promise<TItem> {
  const row = await findOwned(db, items, auth.propertyId, id, 'item');
  const [item] = await withTaxRates(db, [row], parseExpand(expand).has('taxRate'));
  return item!;
}

export async function createItem(db: Db, auth: TAuth, input: TCreateItemRequest): Promise<TItem> {
  const data = ZCreateItemRequest.parse(input);
  return db.transaction(async (tx) => {
    await ensureOvernightItem(tx, auth.propertyId);
    await findOwned(tx, taxRates, auth.propertyId, data.taxRateId, 'tax rate');
    const [row] = await tx
      .insert(items)
      .values({ ...itemValues(data), propertyId: auth.propertyId })
      .returning();
    return toItem(row!, undefined);
  });
}

/** Updates an item; the overnight item stays an accommodation item without a fixed price. */
export async function updateItem(db: Db, auth: TAuth, id: string, input: TUpdateItemRequest): Promise<TItem> {
  const data = ZUpdateItemRequest.parse(input);
  return db.transaction(async (tx) => {
    const current = await findOwned(tx, items, auth.propertyId, id, 'item');
    if (current.isOvernight && (data.amount !== null || data.type !== 'accommodation')) {
      throw new AppError(
        'validation',
        'The overnight item is an accommodation item priced by the rates: its amount is null.',
      );
    }
    if (!current.isOvernight && data.amount === null) {
      throw new AppError('validation', 'An item needs an amount.');
    }
    await findOwned(tx, taxRates, auth.propertyId, data.taxRateId, 'tax rate');
    const [row] = await tx.update(items).set(itemValues(data)).where(eq(items.id, id)).returning();
    return toItem(row!, undefined);
  });
}

/** Deletes an item no rate uses; the overnight item is never deleted. */
export async function deleteItem(db: Db, auth: TAuth, id: string): Promise<void> {
  const item = await findOwned(db, items, auth.propertyId, id, 'item');
  if (item.isOvernight) throw new AppError('base_data/in_use', 'the overnight item cannot be deleted');
  await deleteOwned(db, auth, items, id, 'item', references.item);
}

// Payment methods

function paymentMethodValues(input: TCreatePaymentMethodRequest) {
  return {
    name: input.name,
    kind: input.kind,
    bookingText: input.bookingText ?? null,
    accountNumber: input.accountNumber ?? null,
  };
}

export function listPaymentMethods(db: Db, auth: TAuth, page: TPageQuery): Promise<TPaged<TPaymentMethod>> {
  return selectPage(
    db,
    paymentMethods,
    ofProperty(paymentMethods, auth.propertyId),
    order.paymentMethods,
    page,
    toPaymentMethod,
  );
}

export async function getPaymentMethod(db: Db, auth: TAuth, id: string): Promise<TPaymentMethod> {
  return toPaymentMethod(await findOwned(db, paymentMethods, auth.propertyId, id, 'payment method'));
}

export async function createPaymentMethod(
  db: Db,
  auth: TAuth,
  input: TCreatePaymentMethodRequest,
): Promise<TPaymentMethod> {
  const [row] = await db
    .insert(paymentMethods)
    .values({ ...paymentMethodValues(input), propertyId: auth.propertyId })
    .returning();
  return toPaymentMethod(row!);
}

export async function updatePaymentMethod(
  db: Db,
  auth: TAuth,
  id: string,
  input: TUpdatePaymentMethodRequest,
): Promise<TPaymentMethod> {
  const rows = await db
    .update(paymentMethods)
    .set(paymentMethodValues(input))
    .where(ofProperty(paymentMethods, auth.propertyId, id))
    .returning();
  return toPaymentMethod(firstOrNotFound(rows, 'payment method'));
}

/** Deletes a payment method; payments posted with it keep it (soft delete). */
export function deletePaymentMethod(db: Db, auth: TAuth, id: string): Promise<void> {
  return deleteOwned(db, auth, paymentMethods, id, 'payment method', references.paymentMethod);
}

// Rates

/** Keeps at most one standard rate: the one just marked. */
async function clearOtherStandardRates(tx: Executor, propertyId: string, id: string): Promise<void> {
  await tx
    .update(rates)
    .set({ isStandard: false })
    .where(and(ofProperty(rates, propertyId), eq(rates.isStandard, true), ne(rates.id, id)));
}

export async function listRates(db: Db, auth: TAuth, page: TPageQuery): Promise<TPaged<TRate>> {
  const rows = await selectPage(
    db,
    rates,
    ofProperty(rates, auth.propertyId),
    order.rates,
    page,
    (row) => row,
  );
  return { ...rows, data: await withRateDetails(db, rows.data) };
}

async function readRate(db: Executor, propertyId: string, id: string): Promise<TRate> {
  const [rate] = await withRateDetails(db, [await findOwned(db, rates, propertyId, id, 'rate')]);
  return rate!;
}

export function getRate(db: Db, auth: TAuth, id: string): Promise<TRate> {
  return readRate(db, auth.propertyId, id);
}

export async function createRate(db: Db, auth: TAuth, input: TCreateRateRequest): Promise<TRate> {
  const data = ZCreateRateRequest.parse(input);
  return db.transaction(async (tx) => {
    await ensureOvernightItem(tx, auth.propertyId);
    const [row] = await tx
      .insert(rates)
      .values({ ...data, propertyId: auth.propertyId })
      .returning();
    if (row!.isStandard) await clearOtherStandardRates(tx, auth.propertyId, row!.id);
    return readRate(tx, auth.propertyId, row!.id);
  });
}

export async function updateRate(db: Db, auth: TAuth, id: string, input: TUpdateRateRequest): Promise<TRate> {
  const data = ZUpdateRateRequest.parse(input);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(rates)
      .set({ ...data, externalId: data.externalId ?? null })
      .where(ofProperty(rates, auth.propertyId, id))
      .returning();
    const row = firstOrNotFound(rows, 'rate');
    if (row.isStandard) await clearOtherStandardRates(tx, auth.propertyId, row.id);
    return readRate(tx, auth.propertyId, id);
  });
}

/** Deletes a rate no booking or contact uses. */
export function deleteRate(db: Db, auth: TAuth, id: string): Promise<void> {
  return deleteOwned(db, auth, rates, id, 'rate', references.rate);
}

// Rate prices

/** Checks a price's room type and occupancy, and that no other price of the rate has them. */
async function assertValidRatePrice(
  db: Executor,
  propertyId: string,
  rateId: string,
  input: TRatePriceRequest,
  exceptId?: string,
): Promise<void> {
  const roomType = await findOwned(db, roomTypes, propertyId, input.roomTypeId, 'room type');
  if (input.occupancy < roomType.minOccupancy || input.occupancy > roomType.maxOccupancy) {
    throw new AppError(
      'rate/price_invalid_occupancy',
      `room type ${roomType.code} takes ${roomType.minOccupancy} to ${roomType.maxOccupancy} persons`,
    );
  }
  const [existing] = await db
    .select({ id: ratePrices.id })
    .from(ratePrices)
    .where(
      and(
        ofProperty(ratePrices, propertyId),
        eq(ratePrices.rateId, rateId),
        eq(ratePrices.roomTypeId, input.roomTypeId),
        eq(ratePrices.occupancy, input.occupancy),
        exceptId ? ne(ratePrices.id, exceptId) : undefined,
      ),
    );
  if (existing) throw new AppError('rate/price_already_configured');
}

/** A live price or item of one of the property's live rates. */
async function findRatePart<TTable extends typeof ratePrices | typeof rateItems>(
  db: Executor,
  table: TTable,
  propertyId: string,
  rateId: string,
  id: string,
  what: string,
): Promise<TTable['$inferSelect']> {
  await findOwned(db, rates, propertyId, rateId, 'rate');
  const row = await findOwned(db, table, propertyId, id, what);
  if (row.rateId !== rateId) throw notFound(what);
  return row;
}

export async function createRatePrice(
  db: Db,
  auth: TAuth,
  rateId: string,
  input: TRatePriceRequest,
): Promise<TRatePrice> {
  return db.transaction(async (tx) => {
    await findOwned(tx, rates, auth.propertyId, rateId, 'rate');
    await assertValidRatePrice(tx, auth.propertyId, rateId, input);
    const [row] = await tx
      .insert(ratePrices)
      .values({ ...input, rateId, propertyId: auth.propertyId })
      .returning();
    return toRatePrice(row!);
  });
}

export async function updateRatePrice(
  db: Db,
  auth: TAuth,
  rateId: string,
  priceId: string,
  input: TRatePriceRequest,
): Promise<TRatePrice> {
  return db.transaction(async (tx) => {
    await findRatePart(tx, ratePrices, auth.propertyId, rateId, priceId, 'rate price');
    await assertValidRatePrice(tx, auth.propertyId, rateId, input, priceId);
    const [row] = await tx.update(ratePrices).set(input).where(eq(ratePrices.id, priceId)).returning();
    return toRatePrice(row!);
  });
}

export async function deleteRatePrice(db: Db, auth: TAuth, rateId: string, priceId: string): Promise<void> {
  await findRatePart(db, ratePrices, auth.propertyId, rateId, priceId, 'rate price');
  await markDeleted(db, ratePrices, priceId);
}

/** The rate's price for a room type and occupancy; bookings are priced by it. */
export async function findRatePrice(
  db: Executor,
  propertyId: string,
  rateId: string,
  roomTypeId: string,
  occupancy: number,
): Promise<TRatePriceRow> {
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
  if (!row) {
    throw new AppError('rate/no_matching_price', `no price for ${occupancy} persons in this room type`);
  }
  return row.price;
}

/** The nightly amount a rate asks for a room type and occupancy. */
export async function getRatePriceAmount(
  db: Db,
  auth: TAuth,
  rateId: string,
  roomTypeId: string,
  occupancy: number,
): Promise<{ amount: number }> {
  await findOwned(db, rates, auth.propertyId, rateId, 'rate');
  await findOwned(db, roomTypes, auth.propertyId, roomTypeId, 'room type');
  const price = await findRatePrice(db, auth.propertyId, rateId, roomTypeId, occupancy);
  return { amount: price.amount };
}

// Rate items

async function rateItemValues(db: Executor, propertyId: string, input: TRateItemRequest) {
  const data = ZRateItemRequest.parse(input);
  const item = await findOwned(db, items, propertyId, data.itemId, 'item');
  if (item.isOvernight) throw new AppError('validation', 'The overnight item is priced by the rate prices.');
  return { values: data, item };
}

export async function createRateItem(
  db: Db,
  auth: TAuth,
  rateId: string,
  input: TRateItemRequest,
): Promise<TRateItem> {
  return db.transaction(async (tx) => {
    await findOwned(tx, rates, auth.propertyId, rateId, 'rate');
    const { values, item } = await rateItemValues(tx, auth.propertyId, input);
    const [row] = await tx
      .insert(rateItems)
      .values({ ...values, rateId, propertyId: auth.propertyId })
      .returning();
    return toRateItem(row!, item);
  });
}

export async function updateRateItem(
  db: Db,
  auth: TAuth,
  rateId: string,
  rateItemId: string,
  input: TRateItemRequest,
): Promise<TRateItem> {
  return db.transaction(async (tx) => {
    await findRatePart(tx, rateItems, auth.propertyId, rateId, rateItemId, 'rate item');
    const { values, item } = await rateItemValues(tx, auth.propertyId, input);
    const [row] = await tx.update(rateItems).set(values).where(eq(rateItems.id, rateItemId)).returning();
    return toRateItem(row!, item);
  });
}

export async function deleteRateItem(db: Db, auth: TAuth, rateId: string, rateItemId: string): Promise<void> {
  await findRatePart(db, rateItems, auth.propertyId, rateId, rateItemId, 'rate item');
  await markDeleted(db, rateItems, rateItemId);
}

// Everything at once

/** All live base data of the caller's property, unpaged, for the web app's cache. */
export async function getBaseData(db: Db, auth: TAuth): Promise<TBaseData> {
  const { propertyId } = auth;
  await findOrCreateOvernightItem(db, propertyId);
  const [roomTypeRows, roomRows, taxRateRows, itemRows, paymentMethodRows, rateRows] = await Promise.all([
    selectAllOwned(db, roomTypes, propertyId, order.roomTypes),
    selectAllOwned(db, rooms, propertyId, order.rooms),
    selectAllOwned(db, taxRates, propertyId, order.taxRates),
    selectAllOwned(db, items, propertyId, order.items),
    selectAllOwned(db, paymentMethods, propertyId, order.paymentMethods),
    selectAllOwned(db, rates, propertyId, order.rates),
  ]);
  const roomTypesById = new Map(roomTypeRows.map((row) => [row.id, row]));
  const taxRatesById = new Map(taxRateRows.map((row) => [row.id, row]));
  return {
    roomTypes: roomTypeRows.map(toRoomType),
    rooms: roomRows.map((row) => toRoom(row, roomTypesById.get(row.roomTypeId))),
    taxRates: taxRateRows.map(toTaxRate),
    items: itemRows.map((row) => toItem(row, taxRatesById.get(row.taxRateId))),
    paymentMethods: paymentMethodRows.map(toPaymentMethod),
    rates: await withRateDetails(db, rateRows),
  };
}
