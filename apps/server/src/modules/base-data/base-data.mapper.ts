import type {
  TItem,
  TItemType,
  TPaymentMethod,
  TPaymentMethodKind,
  TRate,
  TRateItem,
  TRateItemFrequency,
  TRateItemUnit,
  TRatePrice,
  TRoom,
  TRoomType,
  TTaxRate,
} from '@pms/contract';
import { toPercentage } from '@pms/contract';
import { toRecord } from '../../lib/records.ts';
import type {
  TItemRow,
  TPaymentMethodRow,
  TRateItemRow,
  TRateRow,
  TRatePriceRow,
  TRoomRow,
  TRoomTypeRow,
  TTaxRateRow,
} from './base-data.queries.ts';

export function toRoomType(row: TRoomTypeRow): TRoomType {
  return {
    ...toRecord(row),
    name: row.name,
    code: row.code,
    capacity: row.capacity,
    minOccupancy: row.minOccupancy,
    maxOccupancy: row.maxOccupancy,
    isDefault: row.isDefault,
    externalId: row.externalId,
  };
}

export function toRoom(row: TRoomRow, roomType: TRoomTypeRow | undefined): TRoom {
  return {
    ...toRecord(row),
    number: row.number,
    roomTypeId: row.roomTypeId,
    roomType: roomType ? { id: roomType.id, name: roomType.name, code: roomType.code } : null,
    housekeepingStatus: row.housekeepingStatus,
  };
}

export function toTaxRate(row: TTaxRateRow): TTaxRate {
  return {
    ...toRecord(row),
    name: row.name,
    percentage: toPercentage(row.basisPoints),
    accountNumber: row.accountNumber,
    taxCode: row.taxCode,
    kind: row.kind,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
  };
}

export function toItem(row: TItemRow, taxRate: TTaxRateRow | undefined): TItem {
  return {
    ...toRecord(row),
    name: row.name,
    type: row.type as TItemType,
    active: row.active,
    bookOnFollowingDay: row.bookOnFollowingDay,
    bookingText: row.bookingText,
    amount: row.amount,
    taxRateId: row.taxRateId,
    taxRate: taxRate ? toTaxRate(taxRate) : null,
    accountNumber: row.accountNumber,
    externalId: row.externalId,
    isOvernight: row.isOvernight,
  };
}

export function toPaymentMethod(row: TPaymentMethodRow): TPaymentMethod {
  return {
    ...toRecord(row),
    name: row.name,
    kind: row.kind as TPaymentMethodKind,
    bookingText: row.bookingText,
    accountNumber: row.accountNumber,
  };
}

export function toRatePrice(row: TRatePriceRow): TRatePrice {
  return { id: row.id, roomTypeId: row.roomTypeId, occupancy: row.occupancy, amount: row.amount };
}

export function toRateItem(row: TRateItemRow, item: TItemRow): TRateItem {
  return {
    id: row.id,
    itemId: row.itemId,
    item: { name: item.name, type: item.type as TItemType },
    unit: row.unit as TRateItemUnit,
    frequency: row.frequency as TRateItemFrequency,
    amount: row.amount,
    inclusive: row.inclusive,
  };
}

/** A rate with its live prices and items. */
export function toRate(
  row: TRateRow,
  prices: TRatePriceRow[],
  items: { rateItem: TRateItemRow; item: TItemRow }[],
): TRate {
  return {
    ...toRecord(row),
    name: row.name,
    code: row.code,
    active: row.active,
    isStandard: row.isStandard,
    externalId: row.externalId,
    prices: prices.map(toRatePrice),
    items: items.map(({ rateItem, item }) => toRateItem(rateItem, item)),
  };
}
