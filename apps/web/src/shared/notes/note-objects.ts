import type { TNoteObjectType } from '@pms/contract/contacts';
import type { TArea } from '@pms/contract/permissions';

/**
 * Where each kind of object lives: its collection path under /api, which is also the area whose
 * access its notes need (a booking's notes need bookings access).
 */
export const noteCollections = {
  booking: 'bookings',
  contact: 'contacts',
  group: 'groups',
  invoice: 'invoices',
} as const satisfies Record<TNoteObjectType, TArea>;

export const notesQueryKey = (objectType: TNoteObjectType, objectId: string) =>
  ['notes', objectType, objectId] as const;
