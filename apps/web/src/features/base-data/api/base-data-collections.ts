import type {
  TCreateItemRequest,
  TCreatePaymentMethodRequest,
  TCreateRateRequest,
  TCreateRoomRequest,
  TCreateRoomTypeRequest,
  TCreateTaxRateRequest,
  TCreatedRooms,
  TRateItemRequest,
  TRatePriceRequest,
  TUpdateItemRequest,
  TUpdatePaymentMethodRequest,
  TUpdateRateRequest,
  TUpdateRoomRequest,
  TUpdateRoomTypeRequest,
  TUpdateTaxRateRequest,
} from '@pms/contract/base-data';

/**
 * A base data collection of the API: its path, and (as types only) what a create and an update
 * send and what a create answers.
 */
export type TCollection<TCreate, TUpdate = TCreate, TCreated = unknown> = {
  readonly path: string;
  readonly types?: { create: TCreate; update: TUpdate; created: TCreated };
};

export function collection<TCreate, TUpdate = TCreate, TCreated = unknown>(
  path: string,
): TCollection<TCreate, TUpdate, TCreated> {
  return { path };
}

const ratePath = (rateId: string) => `/rates/${encodeURIComponent(rateId)}`;

export const collections = {
  roomTypes: collection<TCreateRoomTypeRequest, TUpdateRoomTypeRequest>('/room_types'),
  rooms: collection<TCreateRoomRequest, TUpdateRoomRequest, TCreatedRooms>('/rooms'),
  taxRates: collection<TCreateTaxRateRequest, TUpdateTaxRateRequest>('/tax_rates'),
  items: collection<TCreateItemRequest, TUpdateItemRequest>('/items'),
  paymentMethods: collection<TCreatePaymentMethodRequest, TUpdatePaymentMethodRequest>('/payment_methods'),
  rates: collection<TCreateRateRequest, TUpdateRateRequest>('/rates'),
  ratePrices: (rateId: string) => collection<TRatePriceRequest>(`${ratePath(rateId)}/prices`),
  rateItems: (rateId: string) => collection<TRateItemRequest>(`${ratePath(rateId)}/items`),
};
