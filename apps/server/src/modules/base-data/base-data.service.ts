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
import { findOwned } from '../../lib/records.ts';
import { selectPage } from '../../lib/paging.ts';
import { roomNumberOrder } from '../../lib/room-order.ts';
import { requireAccess, type TActor, type TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
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
/** Soft deletes a record, refused while live records still point at it. */
async function deleteOwned(
  db: Db,
  actor: TRoleActor,
  table: TBaseDataTable,
  id: string,
  what: string,
  referencing: TReference[],
): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked first: a booking saved for this record meanwhile (its foreign key check holds a share
    // lock on the row) either commits before the check below sees it, or waits for the delete.
    const row = await selectOwned(tx, table, actor.propertyId, id, { lock: true });
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

export function listRoomTypes(ctx: AppContext, actor: TActor, page: TPageQuery): Promise<TPaged<TRoomType>> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return selectPage(
    db,
    roomTypes,
    ofProperty(roomTypes, actor.propertyId),
    order.roomTypes,
    page,
    toRoomType,
  );
}

export async function getRoomType(ctx: AppContext, actor: TActor, id: string): Promise<TRoomType> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return toRoomType(await findOwned(db, roomTypes, actor.propertyId, id, 'room type'));
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

export async function createRoomType(
  ctx: AppContext,
  actor: TActor,
  input: TCreateRoomTypeRequest,
): Promise<TRoomType> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = ZCreateRoomTypeRequest.parse(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roomTypes)
      .values({ ...data, propertyId: actor.propertyId, sortOrder: nextRoomTypeSortOrder(actor.propertyId) })
      .returning();
    if (row!.isDefault) await clearOtherDefaultRoomTypes(tx, actor.propertyId, row!.id);
    return toRoomType(row!);
  });
}

export async function updateRoomType(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateRoomTypeRequest,
): Promise<TRoomType> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = ZUpdateRoomTypeRequest.parse(input);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(roomTypes)
      .set({ ...data, externalId: data.externalId ?? null })
      .where(ofProperty(roomTypes, actor.propertyId, id))
      .returning();
    const row = firstOrNotFound(rows, 'room type');
    const stranded = await selectPriceOutsideOccupancy(tx, row);
    if (stranded) {
      throw new AppError(
        'rate/price_invalid_occupancy',
        `a rate has a price for ${stranded.occupancy} persons in this room type: change or delete it first`,
      );
    }
    if (row.isDefault) await clearOtherDefaultRoomTypes(tx, actor.propertyId, row.id);
    return toRoomType(row);
  });
}

/** Deletes a room type no room, price or booking uses. */
export function deleteRoomType(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return deleteOwned(db, actor, roomTypes, id, 'room type', references.roomType);
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

export async function listRooms(
  ctx: AppContext,
  actor: TActor,
  query: TRoomListQuery,
): Promise<TPaged<TRoom>> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  const where = and(
    ofProperty(rooms, actor.propertyId),
    query.roomTypeId ? eq(rooms.roomTypeId, query.roomTypeId) : undefined,
    query.housekeepingStatus ? eq(rooms.housekeepingStatus, query.housekeepingStatus) : undefined,
  );
  const page = await selectPage(db, rooms, where, order.rooms, query, (row) => row);
  return { ...page, data: await withRoomTypes(db, page.data, parseExpand(query.expand).has('roomType')) };
}

export async function getRoom(ctx: AppContext, actor: TActor, id: string, expand?: string): Promise<TRoom> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  const row = await findOwned(db, rooms, actor.propertyId, id, 'room');
  const [room] = await withRoomTypes(db, [row], parseExpand(expand).has('roomType'));
  return room!;
}

/** Creates one room or every room of a range (101-110); all or none. */
export async function createRooms(
  ctx: AppContext,
  actor: TActor,
  input: TCreateRoomRequest,
): Promise<TCreatedRooms> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const numbers = roomNumbersOf(input.number);
  return db.transaction(async (tx) => {
    await findOwned(tx, roomTypes, actor.propertyId, input.roomTypeId, 'room type');
    await assertRoomNumbersFree(tx, actor.propertyId, numbers);
    const rows = await tx
      .insert(rooms)
      .values(
        numbers.map((number) => ({ propertyId: actor.propertyId, number, roomTypeId: input.roomTypeId })),
      )
      .returning();
    return { data: rows.map((row) => toRoom(row, undefined)) };
  });
}

export async function updateRoom(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateRoomRequest,
): Promise<TRoom> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const numbers = roomNumbersOf(input.number);
  if (numbers.length !== 1) throw new AppError('room/invalid_range', 'a room has one number');
  return db.transaction(async (tx) => {
    await findOwned(tx, rooms, actor.propertyId, id, 'room');
    await findOwned(tx, roomTypes, actor.propertyId, input.roomTypeId, 'room type');
    await assertRoomNumbersFree(tx, actor.propertyId, numbers, id);
    const [row] = await tx
      .update(rooms)
      .set({ number: numbers[0], roomTypeId: input.roomTypeId })
      .where(eq(rooms.id, id))
      .returning();
    return toRoom(row!, undefined);
  });
}

/** Deletes a room no booking refers to. */
export function deleteRoom(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return deleteOwned(db, actor, rooms, id, 'room', references.room);
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

export function listTaxRates(ctx: AppContext, actor: TActor, page: TPageQuery): Promise<TPaged<TTaxRate>> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return selectPage(db, taxRates, ofProperty(taxRates, actor.propertyId), order.taxRates, page, toTaxRate);
}

export async function getTaxRate(ctx: AppContext, actor: TActor, id: string): Promise<TTaxRate> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return toTaxRate(await findOwned(db, taxRates, actor.propertyId, id, 'tax rate'));
}

/** Creates a tax rate; the property's first one also brings the overnight item to life. */
export async function createTaxRate(
  ctx: AppContext,
  actor: TActor,
  input: TCreateTaxRateRequest,
): Promise<TTaxRate> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(taxRates)
      .values({ ...taxRateValues(input), propertyId: actor.propertyId })
      .returning();
    await findOrCreateOvernightItem(tx, actor.propertyId);
    return toTaxRate(row!);
  });
}

export async function updateTaxRate(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateTaxRateRequest,
): Promise<TTaxRate> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const rows = await db
    .update(taxRates)
    .set(taxRateValues(input))
    .where(ofProperty(taxRates, actor.propertyId, id))
    .returning();
  return toTaxRate(firstOrNotFound(rows, 'tax rate'));
}

/** Deletes a tax rate no item uses. */
export function deleteTaxRate(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return deleteOwned(db, actor, taxRates, id, 'tax rate', references.taxRate);
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

export async function listItems(
  ctx: AppContext,
  actor: TActor,
  query: TItemListQuery,
): Promise<TPaged<TItem>> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  await findOrCreateOvernightItem(db, actor.propertyId);
  const page = await selectPage(
    db,
    items,
    ofProperty(items, actor.propertyId),
    order.items,
    query,
    (row) => row,
  );
  return {
    ...page,
    data: await withTaxRates(db, page.data, parseExpand(query.expand).has('taxRate')),
  };
}

export async function getItem(ctx: AppContext, actor: TActor, id: string, expand?: string): Promise<TItem> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  const row = await findOwned(db, items, actor.propertyId, id, 'item');
  const [item] = await withTaxRates(db, [row], parseExpand(expand).has('taxRate'));
  return item!;
}

export async function createItem(ctx: AppContext, actor: TActor, input: TCreateItemRequest): Promise<TItem> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = ZCreateItemRequest.parse(input);
  return db.transaction(async (tx) => {
    await ensureOvernightItem(tx, actor.propertyId);
    await findOwned(tx, taxRates, actor.propertyId, data.taxRateId, 'tax rate');
    const [row] = await tx
      .insert(items)
      .values({ ...itemValues(data), propertyId: actor.propertyId })
      .returning();
    return toItem(row!, undefined);
  });
}

/** Updates an item; the overnight item stays an accommodation item without a fixed price. */
export async function updateItem(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateItemRequest,
): Promise<TItem> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = ZUpdateItemRequest.parse(input);
  return db.transaction(async (tx) => {
    const current = await findOwned(tx, items, actor.propertyId, id, 'item');
    if (current.isOvernight && (data.amount !== null || data.type !== 'accommodation')) {
      throw new AppError(
        'validation',
        'The overnight item is an accommodation item priced by the rates: its amount is null.',
      );
    }
    if (!current.isOvernight && data.amount === null) {
      throw new AppError('validation', 'An item needs an amount.');
    }
    await findOwned(tx, taxRates, actor.propertyId, data.taxRateId, 'tax rate');
    const [row] = await tx.update(items).set(itemValues(data)).where(eq(items.id, id)).returning();
    return toItem(row!, undefined);
  });
}

/** Deletes an item no rate uses; the overnight item is never deleted. */
export async function deleteItem(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const item = await findOwned(db, items, actor.propertyId, id, 'item');
  if (item.isOvernight) throw new AppError('base_data/in_use', 'the overnight item cannot be deleted');
  await deleteOwned(db, actor, items, id, 'item', references.item);
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

export function listPaymentMethods(
  ctx: AppContext,
  actor: TActor,
  page: TPageQuery,
): Promise<TPaged<TPaymentMethod>> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return selectPage(
    db,
    paymentMethods,
    ofProperty(paymentMethods, actor.propertyId),
    order.paymentMethods,
    page,
    toPaymentMethod,
  );
}

export async function getPaymentMethod(ctx: AppContext, actor: TActor, id: string): Promise<TPaymentMethod> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return toPaymentMethod(await findOwned(db, paymentMethods, actor.propertyId, id, 'payment method'));
}

export async function createPaymentMethod(
  ctx: AppContext,
  actor: TActor,
  input: TCreatePaymentMethodRequest,
): Promise<TPaymentMethod> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const [row] = await db
    .insert(paymentMethods)
    .values({ ...paymentMethodValues(input), propertyId: actor.propertyId })
    .returning();
  return toPaymentMethod(row!);
}

export async function updatePaymentMethod(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdatePaymentMethodRequest,
): Promise<TPaymentMethod> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const rows = await db
    .update(paymentMethods)
    .set(paymentMethodValues(input))
    .where(ofProperty(paymentMethods, actor.propertyId, id))
    .returning();
  return toPaymentMethod(firstOrNotFound(rows, 'payment method'));
}

/** Deletes a payment method; payments posted with it keep it (soft delete). */
export function deletePaymentMethod(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return deleteOwned(db, actor, paymentMethods, id, 'payment method', references.paymentMethod);
}

// Rates

/** Keeps at most one standard rate: the one just marked. */
async function clearOtherStandardRates(tx: Executor, propertyId: string, id: string): Promise<void> {
  await tx
    .update(rates)
    .set({ isStandard: false })
    .where(and(ofProperty(rates, propertyId), eq(rates.isStandard, true), ne(rates.id, id)));
}

export async function listRates(ctx: AppContext, actor: TActor, page: TPageQuery): Promise<TPaged<TRate>> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  const rows = await selectPage(
    db,
    rates,
    ofProperty(rates, actor.propertyId),
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

export function getRate(ctx: AppContext, actor: TActor, id: string): Promise<TRate> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return readRate(db, actor.propertyId, id);
}

export async function createRate(ctx: AppContext, actor: TActor, input: TCreateRateRequest): Promise<TRate> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = ZCreateRateRequest.parse(input);
  return db.transaction(async (tx) => {
    await ensureOvernightItem(tx, actor.propertyId);
    const [row] = await tx
      .insert(rates)
      .values({ ...data, propertyId: actor.propertyId })
      .returning();
    if (row!.isStandard) await clearOtherStandardRates(tx, actor.propertyId, row!.id);
    return readRate(tx, actor.propertyId, row!.id);
  });
}

export async function updateRate(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateRateRequest,
): Promise<TRate> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = ZUpdateRateRequest.parse(input);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(rates)
      .set({ ...data, externalId: data.externalId ?? null })
      .where(ofProperty(rates, actor.propertyId, id))
      .returning();
    const row = firstOrNotFound(rows, 'rate');
    if (row.isStandard) await clearOtherStandardRates(tx, actor.propertyId, row.id);
    return readRate(tx, actor.propertyId, id);
  });
}

/** Deletes a rate no booking or contact uses. */
export function deleteRate(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return deleteOwned(db, actor, rates, id, 'rate', references.rate);
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
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  input: TRatePriceRequest,
): Promise<TRatePrice> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return db.transaction(async (tx) => {
    await findOwned(tx, rates, actor.propertyId, rateId, 'rate');
    await assertValidRatePrice(tx, actor.propertyId, rateId, input);
    const [row] = await tx
      .insert(ratePrices)
      .values({ ...input, rateId, propertyId: actor.propertyId })
      .returning();
    return toRatePrice(row!);
  });
}

export async function updateRatePrice(
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  priceId: string,
  input: TRatePriceRequest,
): Promise<TRatePrice> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return db.transaction(async (tx) => {
    await findRatePart(tx, ratePrices, actor.propertyId, rateId, priceId, 'rate price');
    await assertValidRatePrice(tx, actor.propertyId, rateId, input, priceId);
    const [row] = await tx.update(ratePrices).set(input).where(eq(ratePrices.id, priceId)).returning();
    return toRatePrice(row!);
  });
}

export async function deleteRatePrice(
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  priceId: string,
): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  await findRatePart(db, ratePrices, actor.propertyId, rateId, priceId, 'rate price');
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
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  roomTypeId: string,
  occupancy: number,
): Promise<{ amount: number }> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  await findOwned(db, rates, actor.propertyId, rateId, 'rate');
  await findOwned(db, roomTypes, actor.propertyId, roomTypeId, 'room type');
  const price = await findRatePrice(db, actor.propertyId, rateId, roomTypeId, occupancy);
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
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  input: TRateItemRequest,
): Promise<TRateItem> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return db.transaction(async (tx) => {
    await findOwned(tx, rates, actor.propertyId, rateId, 'rate');
    const { values, item } = await rateItemValues(tx, actor.propertyId, input);
    const [row] = await tx
      .insert(rateItems)
      .values({ ...values, rateId, propertyId: actor.propertyId })
      .returning();
    return toRateItem(row!, item);
  });
}

export async function updateRateItem(
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  rateItemId: string,
  input: TRateItemRequest,
): Promise<TRateItem> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return db.transaction(async (tx) => {
    await findRatePart(tx, rateItems, actor.propertyId, rateId, rateItemId, 'rate item');
    const { values, item } = await rateItemValues(tx, actor.propertyId, input);
    const [row] = await tx.update(rateItems).set(values).where(eq(rateItems.id, rateItemId)).returning();
    return toRateItem(row!, item);
  });
}

export async function deleteRateItem(
  ctx: AppContext,
  actor: TActor,
  rateId: string,
  rateItemId: string,
): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  await findRatePart(db, rateItems, actor.propertyId, rateId, rateItemId, 'rate item');
  await markDeleted(db, rateItems, rateItemId);
}

// Everything at once

/** All live base data of the caller's property, unpaged, for the web app's cache. */
export async function getBaseData(ctx: AppContext, actor: TActor): Promise<TBaseData> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  const { propertyId } = actor;
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
