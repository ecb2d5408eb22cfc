import type { RouteObject } from 'react-router';
import { lazyWithNamespaces } from '../../../i18n/lazy-with-namespaces.ts';
import { baseDataTabs } from '../base-data-tabs.ts';
import type { TBaseDataScreen } from './base-data-screens.tsx';

// All base data screens load as one chunk with the first visit; being one component, switching
// tabs never waits again.
const BaseDataScreen = lazyWithNamespaces(
  async () => (await import('./base-data-screens.tsx')).BaseDataScreen,
  ['base-data'],
);

const screen = (name: TBaseDataScreen) => <BaseDataScreen screen={name} />;

/** /base-data with a route per tab and one per rate; /base-data itself opens the property tab. */
export const baseDataRoute: RouteObject = {
  path: 'base-data',
  element: screen('layout'),
  children: [
    { index: true, element: screen('index') },
    ...baseDataTabs.map((tab) => ({ path: tab.path, element: screen(tab.key) })),
    { path: 'rates/:id', element: screen('rate') },
  ],
};
