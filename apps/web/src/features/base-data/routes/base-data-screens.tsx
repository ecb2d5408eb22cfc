import type { ComponentType } from 'react';
import type { TBaseDataTab } from '../base-data-tabs.ts';
import { BaseDataIndexRoute, BaseDataLayout } from './base-data-layout.tsx';
import { CashRegistersRoute } from './cash-registers-route.tsx';
import { ChannelsRoute } from './channels-route.tsx';
import { EntrancesRoute } from './entrances-route.tsx';
import { ItemsRoute } from './items-route.tsx';
import { LocalTaxRoute } from './local-tax-route.tsx';
import { PaymentMethodsRoute } from './payment-methods-route.tsx';
import { PropertyRoute } from './property-route.tsx';
import { RateRoute } from './rate-route.tsx';
import { RatesRoute } from './rates-route.tsx';
import { RoomTypesRoute } from './room-types-route.tsx';
import { RoomsRoute } from './rooms-route.tsx';
import { TaxRatesRoute } from './tax-rates-route.tsx';

const screens = {
  layout: BaseDataLayout,
  index: BaseDataIndexRoute,
  property: PropertyRoute,
  roomTypes: RoomTypesRoute,
  rooms: RoomsRoute,
  taxRates: TaxRatesRoute,
  items: ItemsRoute,
  paymentMethods: PaymentMethodsRoute,
  cashRegisters: CashRegistersRoute,
  rates: RatesRoute,
  localTax: LocalTaxRoute,
  rate: RateRoute,
  entrances: EntrancesRoute,
  channels: ChannelsRoute,
} satisfies Record<TBaseDataTab | 'layout' | 'index' | 'rate', ComponentType>;

export type TBaseDataScreen = keyof typeof screens;

/** Every base data screen by name: the one component the router loads for all of them. */
export function BaseDataScreen({ screen }: { screen: TBaseDataScreen }) {
  const Screen = screens[screen];
  return <Screen />;
}
