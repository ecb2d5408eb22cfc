import type { TNamespace } from '../i18n/namespaces.ts';

/**
 * The catalogue namespaces each feature's screens and dialogs read, shared widgets included: they
 * load together with the screen's code (screen-namespaces.unit.test.ts checks this against the code).
 */
export const screenNamespaces = {
  'api-keys': [],
  auth: [],
  'base-data': ['base-data'],
  bookings: ['billing', 'bookings', 'contacts', 'notes'],
  cash: ['billing', 'cash'],
  contacts: ['billing', 'bookings', 'contacts', 'notes'],
  dashboard: ['bookings', 'dashboard'],
  groups: ['billing', 'bookings', 'contacts', 'groups', 'notes', 'search'],
  housekeeping: ['housekeeping'],
  invoices: ['billing', 'contacts'],
  mail: [],
  profile: [],
  reports: ['reports'],
  'room-locks': ['housekeeping', 'room-locks'],
  'room-plan': ['bookings', 'housekeeping', 'room-locks', 'room-plan'],
  search: ['search'],
  session: [],
  settings: [],
  system: [],
  team: [],
} as const satisfies Record<string, readonly TNamespace[]>;

export type TFeature = keyof typeof screenNamespaces;
