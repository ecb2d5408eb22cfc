/** The base data tabs in the spec's order; each is a route below /base-data. */
export const baseDataTabs = [
  { key: 'property', path: 'property' },
  { key: 'roomTypes', path: 'room-types' },
  { key: 'rooms', path: 'rooms' },
  { key: 'taxRates', path: 'tax-rates' },
  { key: 'items', path: 'items' },
  { key: 'paymentMethods', path: 'payment-methods' },
  { key: 'rates', path: 'rates' },
  { key: 'entrances', path: 'entrances' },
] as const;

export type TBaseDataTab = (typeof baseDataTabs)[number]['key'];

export const baseDataPath = '/base-data';
export const ratePath = `${baseDataPath}/rates/:id`;
