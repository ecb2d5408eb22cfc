// The public surface of the base-data module: what other modules and the platform use from it.
export {
  assertPaymentMethodOwned,
  assertRoomOwned,
  assertRoomTypeOwned,
  findOwnedItem,
  findOwnedRoomType,
  findOwnedTaxRate,
} from './base-data.queries.ts';
export { findItemWithTaxRate } from './items.service.ts';
export { ensureOvernightItem } from './overnight-item.service.ts';
export { findRatePrice, findRateReference, listRateItems, resolveRateId } from './rates.service.ts';
export { findRoom } from './rooms.service.ts';
export { taxRateOnServiceDate } from './tax-rates.service.ts';
