import type { TArea } from '@pms/contract/permissions';

/**
 * The base data tabs in the spec's order; each is a route below /base-data. A tab with an area of
 * its own shows to the roles that may read that area.
 */
export const baseDataTabs = [
  { key: 'property', path: 'property' },
  { key: 'roomTypes', path: 'room-types' },
  { key: 'rooms', path: 'rooms' },
  { key: 'taxRates', path: 'tax-rates' },
  { key: 'items', path: 'items' },
  { key: 'paymentMethods', path: 'payment-methods' },
  { key: 'cashRegisters', path: 'cash-registers', area: 'cashRegisters' },
  { key: 'rates', path: 'rates' },
  { key: 'localTax', path: 'local-tax' },
  { key: 'entrances', path: 'entrances' },
  { key: 'channels', path: 'channels', area: 'channels' },
] as const satisfies readonly { key: string; path: string; area?: TArea }[];

/** Whether a role may open the tab: its own area's read, or base data's (the layout checks that). */
export function isTabOpenTo(tab: (typeof baseDataTabs)[number], mayRead: (area: TArea) => boolean): boolean {
  return !('area' in tab) || mayRead(tab.area);
}

export type TBaseDataTab = (typeof baseDataTabs)[number]['key'];

export const baseDataPath = '/base-data';
export const ratePath = `${baseDataPath}/rates/:id`;
