import { z } from 'zod';
import { ZExpandQuery, ZId, ZIsoDate, ZRecord, ZText } from './common.ts';
import { ZPageQuery } from './paging.ts';
import { ZHousekeepingState } from './room-plan.ts';

const ZName = ZText.trim().min(1).max(200);
const ZCode = ZText.trim().min(1).max(20);
const ZOptionalText = ZText.trim().max(200).nullish();
/** Gross cents; never a float. */
const ZPrice = z.number().int().min(0).max(100_000_000);

// Room types

export const ZRoomType = ZRecord.extend({
  name: z.string(),
  code: z.string(),
  capacity: z.number().int(),
  minOccupancy: z.number().int(),
  maxOccupancy: z.number().int(),
  isDefault: z.boolean(),
  externalId: z.string().nullable(),
});
export type TRoomType = z.infer<typeof ZRoomType>;

export const ZCreateRoomTypeRequest = z
  .object({
    name: ZName,
    code: ZCode,
    capacity: z.number().int().min(1).max(100),
    minOccupancy: z.number().int().min(1).max(100).default(1),
    maxOccupancy: z.number().int().min(1).max(100),
    /** The room type offered first; setting it on one room type clears it on the others. */
    isDefault: z.boolean().default(false),
    externalId: ZOptionalText,
  })
  .refine((roomType) => roomType.minOccupancy <= roomType.maxOccupancy, {
    message: 'must not be lower than minOccupancy',
    path: ['maxOccupancy'],
  });
export type TCreateRoomTypeRequest = z.input<typeof ZCreateRoomTypeRequest>;
export const ZUpdateRoomTypeRequest = ZCreateRoomTypeRequest;
export type TUpdateRoomTypeRequest = TCreateRoomTypeRequest;

// Rooms

/** The room type as embedded in a room with `?expand=roomType`. */
export const ZRoomTypeSummary = ZRoomType.pick({ id: true, name: true, code: true });
export type TRoomTypeSummary = z.infer<typeof ZRoomTypeSummary>;

export const ZRoom = ZRecord.extend({
  number: z.string(),
  roomTypeId: ZId,
  /** Embedded with `?expand=roomType`, else null. */
  roomType: ZRoomTypeSummary.nullable(),
  housekeepingStatus: ZHousekeepingState,
});
export type TRoom = z.infer<typeof ZRoom>;

export const maxRoomNumberLength = 20;
export const maxRoomsPerRange = 500;

export const ZCreateRoomRequest = z.object({
  /** One room number (`101`) or a range (`101-110`, `A1-A3`) that creates every room in it. */
  number: ZText.trim().min(1).max(100),
  roomTypeId: ZId,
});
export type TCreateRoomRequest = z.infer<typeof ZCreateRoomRequest>;

export const ZUpdateRoomRequest = z.object({
  number: ZText.trim().min(1).max(maxRoomNumberLength),
  roomTypeId: ZId,
});
export type TUpdateRoomRequest = z.infer<typeof ZUpdateRoomRequest>;

/** Answer to a room create: every room the number or range created. */
export const ZCreatedRooms = z.object({ data: z.array(ZRoom) });
export type TCreatedRooms = z.infer<typeof ZCreatedRooms>;

export const ZRoomListQuery = ZPageQuery.extend({
  ...ZExpandQuery.shape,
  roomTypeId: ZId.optional(),
  housekeepingStatus: ZHousekeepingState.optional(),
});
export type TRoomListQuery = z.infer<typeof ZRoomListQuery>;

/** Thrown by expandRoomNumbers; the API answers it as `room/invalid_range`. */
export class RoomRangeError extends Error {
  readonly code = 'room/invalid_range';
}

const roomRangePattern = /^([^\d-]*)(\d+)\s*-\s*([^\d-]*)(\d+)$/;

/**
 * The room numbers a room number input stands for: '101' is one room, '101-110' ten, 'A1-A3'
 * three. A range keeps the leading zeros of its start ('01-03' gives 01, 02, 03).
 */
export function expandRoomNumbers(input: string): string[] {
  const value = input.trim();
  if (!value.includes('-')) {
    if (!value || value.length > maxRoomNumberLength) throw new RoomRangeError(`not a room number: ${input}`);
    return [value];
  }
  const match = roomRangePattern.exec(value);
  if (!match) throw new RoomRangeError(`not a room number or range: ${input}`);
  const [, prefix = '', startDigits = '', endPrefix = '', endDigits = ''] = match;
  if (endPrefix && endPrefix !== prefix)
    throw new RoomRangeError('both ends of a range need the same prefix');
  const start = Number(startDigits);
  const end = Number(endDigits);
  if (end < start) throw new RoomRangeError('the range ends before it starts');
  if (end - start + 1 > maxRoomsPerRange)
    throw new RoomRangeError(`a range holds at most ${maxRoomsPerRange} rooms`);
  const numbers = Array.from(
    { length: end - start + 1 },
    (_, index) => `${prefix}${String(start + index).padStart(startDigits.length, '0')}`,
  );
  if (numbers.some((number) => number.length > maxRoomNumberLength)) {
    throw new RoomRangeError(`a room number has at most ${maxRoomNumberLength} characters`);
  }
  return numbers;
}

// Tax rates

export const ZTaxRate = ZRecord.extend({
  name: z.string(),
  /** Percent, such as 10 or 7.5. */
  percentage: z.number(),
  accountNumber: z.string().nullable(),
  taxCode: z.string().nullable(),
  /** Rates of one kind replace each other by date: a charge takes the one valid on its service date. */
  kind: z.string().nullable(),
  validFrom: ZIsoDate.nullable(),
  validUntil: ZIsoDate.nullable(),
});
export type TTaxRate = z.infer<typeof ZTaxRate>;

/** A DATEV tax key (BU-Schlüssel): a number of one to four digits, such as 3 (19 % VAT in SKR03). */
export function isDatevTaxCode(code: string): boolean {
  return /^\d{1,4}$/.test(code);
}

/** A tax rate's fields, without the check between them (forms extend these). */
export const ZTaxRateFields = z.object({
  name: ZName,
  percentage: z
    .number()
    .min(0)
    .max(100)
    .refine(
      (percentage) => Math.abs(percentage * 100 - Math.round(percentage * 100)) < 1e-9,
      'at most two decimals',
    ),
  accountNumber: ZOptionalText,
  taxCode: ZOptionalText.refine(
    (code) => !code || isDatevTaxCode(code),
    'a DATEV tax key (BU-Schlüssel) is a number of one to four digits',
  ),
  kind: ZOptionalText,
  validFrom: ZIsoDate.nullish(),
  validUntil: ZIsoDate.nullish(),
});
export const ZCreateTaxRateRequest = ZTaxRateFields.refine(
  (rate) => !rate.validFrom || !rate.validUntil || rate.validUntil >= rate.validFrom,
  { message: 'validUntil must not be before validFrom', path: ['validUntil'] },
);
export type TCreateTaxRateRequest = z.infer<typeof ZCreateTaxRateRequest>;
export const ZUpdateTaxRateRequest = ZCreateTaxRateRequest;
export type TUpdateTaxRateRequest = TCreateTaxRateRequest;

/** A percentage (7.5) as the basis points the database keeps (750). */
export function toBasisPoints(percentage: number): number {
  return Math.round(percentage * 100);
}

/** Basis points (750) as the percentage the API shows (7.5). */
export function toPercentage(basisPoints: number): number {
  return basisPoints / 100;
}

// Items

export const itemTypes = ['accommodation', 'food_and_beverage', 'local_tax', 'other'] as const;
export const ZItemType = z.enum(itemTypes);
export type TItemType = z.infer<typeof ZItemType>;

export const ZItem = ZRecord.extend({
  name: z.string(),
  type: ZItemType,
  active: z.boolean(),
  bookOnFollowingDay: z.boolean(),
  bookingText: z.string().nullable(),
  /** Gross cents; null only for the overnight item, which the rates price. */
  amount: z.number().int().nullable(),
  taxRateId: ZId,
  /** Embedded with `?expand=taxRate`, else null. */
  taxRate: ZTaxRate.nullable(),
  accountNumber: z.string().nullable(),
  externalId: z.string().nullable(),
  /** The property's one virtual overnight item: it cannot be deleted and has no fixed price. */
  isOvernight: z.boolean(),
});
export type TItem = z.infer<typeof ZItem>;

const itemFields = {
  name: ZName,
  type: ZItemType,
  active: z.boolean().default(true),
  bookOnFollowingDay: z.boolean().default(false),
  bookingText: ZOptionalText,
  taxRateId: ZId,
  accountNumber: ZOptionalText,
  externalId: ZOptionalText,
};

export const ZCreateItemRequest = z.object({ ...itemFields, amount: ZPrice });
export type TCreateItemRequest = z.input<typeof ZCreateItemRequest>;

/** The overnight item is updated with a null amount; every other item needs one. */
export const ZUpdateItemRequest = z.object({ ...itemFields, amount: ZPrice.nullable() });
export type TUpdateItemRequest = z.input<typeof ZUpdateItemRequest>;

export const ZItemListQuery = ZPageQuery.extend(ZExpandQuery.shape);
export type TItemListQuery = z.infer<typeof ZItemListQuery>;

// Payment methods

export const paymentMethodKinds = ['card', 'cash', 'transfer'] as const;
export const ZPaymentMethodKind = z.enum(paymentMethodKinds);
export type TPaymentMethodKind = z.infer<typeof ZPaymentMethodKind>;

export const ZPaymentMethod = ZRecord.extend({
  name: z.string(),
  kind: ZPaymentMethodKind,
  bookingText: z.string().nullable(),
  accountNumber: z.string().nullable(),
});
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

export const ZCreatePaymentMethodRequest = z.object({
  name: ZName,
  kind: ZPaymentMethodKind,
  bookingText: ZOptionalText,
  accountNumber: ZOptionalText,
});
export type TCreatePaymentMethodRequest = z.infer<typeof ZCreatePaymentMethodRequest>;
export const ZUpdatePaymentMethodRequest = ZCreatePaymentMethodRequest;
export type TUpdatePaymentMethodRequest = TCreatePaymentMethodRequest;

// Rates

export const rateItemUnits = ['room', 'person'] as const;
export const ZRateItemUnit = z.enum(rateItemUnits);
export type TRateItemUnit = z.infer<typeof ZRateItemUnit>;

export const rateItemFrequencies = ['daily', 'check_in', 'check_out'] as const;
export const ZRateItemFrequency = z.enum(rateItemFrequencies);
export type TRateItemFrequency = z.infer<typeof ZRateItemFrequency>;

/** The overnight price of a rate for one room type and occupancy. */
export const ZRatePrice = z.object({
  id: ZId,
  roomTypeId: ZId,
  occupancy: z.number().int(),
  /** Gross cents per night. */
  amount: z.number().int(),
});
export type TRatePrice = z.infer<typeof ZRatePrice>;

export const ZRatePriceRequest = z.object({
  roomTypeId: ZId,
  occupancy: z.number().int().min(1).max(100),
  amount: ZPrice,
});
export type TRatePriceRequest = z.infer<typeof ZRatePriceRequest>;

/** An item a rate books with each stay, inclusive in the overnight price or on top of it. */
export const ZRateItem = z.object({
  id: ZId,
  itemId: ZId,
  item: z.object({ name: z.string(), type: ZItemType }),
  unit: ZRateItemUnit,
  frequency: ZRateItemFrequency,
  /** Gross cents per unit and occurrence. */
  amount: z.number().int(),
  inclusive: z.boolean(),
});
export type TRateItem = z.infer<typeof ZRateItem>;

export const ZRateItemRequest = z.object({
  itemId: ZId,
  unit: ZRateItemUnit,
  frequency: ZRateItemFrequency,
  amount: ZPrice,
  inclusive: z.boolean().default(false),
});
export type TRateItemRequest = z.input<typeof ZRateItemRequest>;

export const ZRate = ZRecord.extend({
  name: z.string(),
  code: z.string(),
  active: z.boolean(),
  /** The rate offered first; at most one per property. */
  isStandard: z.boolean(),
  externalId: z.string().nullable(),
  prices: z.array(ZRatePrice),
  items: z.array(ZRateItem),
});
export type TRate = z.infer<typeof ZRate>;

export const ZCreateRateRequest = z.object({
  name: ZName,
  code: ZCode,
  active: z.boolean().default(true),
  isStandard: z.boolean().default(false),
  externalId: ZOptionalText,
});
export type TCreateRateRequest = z.input<typeof ZCreateRateRequest>;
export const ZUpdateRateRequest = ZCreateRateRequest;
export type TUpdateRateRequest = TCreateRateRequest;

export const ZRatePriceParams = z.object({ id: ZId, priceId: ZId });
export const ZRateItemParams = z.object({ id: ZId, rateItemId: ZId });

export const ZRatePriceQuery = z.object({
  roomTypeId: ZId,
  occupancy: z.coerce.number().int().min(1).max(100),
});
export type TRatePriceQuery = z.infer<typeof ZRatePriceQuery>;
export const ZRatePriceAmount = z.object({ amount: z.number().int() });

// Everything the web app caches in one call

export const ZBaseData = z.object({
  roomTypes: z.array(ZRoomType),
  rooms: z.array(ZRoom),
  taxRates: z.array(ZTaxRate),
  items: z.array(ZItem),
  paymentMethods: z.array(ZPaymentMethod),
  rates: z.array(ZRate),
});
export type TBaseData = z.infer<typeof ZBaseData>;
