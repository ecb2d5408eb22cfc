/** The shell's namespace: de.json and en.json, loaded before the first screen. */
export const shellNamespace = 'translation';

/** One namespace per feature catalogue pair <namespace>.de.json and <namespace>.en.json. */
export const featureNamespaces = [
  'base-data',
  'billing',
  'bookings',
  'cash',
  'contacts',
  'dashboard',
  'groups',
  'housekeeping',
  'notes',
  'reports',
  'room-locks',
  'room-plan',
  'search',
] as const;

export type TNamespace = (typeof featureNamespaces)[number];
