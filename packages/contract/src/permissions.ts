// Plain data without zod, like locales.ts, page-sizes.ts and palette.ts: the web app's first screen
// checks access with it before any schema loads. ZRole is in common.ts.

export const roles = ['admin', 'manager', 'staff', 'cleaning', 'catering'] as const;
export type TRole = (typeof roles)[number];

export type TAccess = 'read' | 'write';

/**
 * The role matrix: which role may read or write which area. Every route names its area and
 * access; the web app hides what the role may not use. API keys carry a role like users do.
 */
export const permissions = {
  properties: { read: ['admin', 'manager', 'staff', 'cleaning', 'catering'], write: ['admin', 'manager'] },
  team: { read: ['admin', 'manager'], write: ['admin'] },
  apiKeys: { read: ['admin'], write: ['admin'] },
  settings: { read: ['admin', 'manager'], write: ['admin', 'manager'] },
  advancedSettings: { read: ['admin'], write: ['admin'] },
  /**
   * Guests' data: the retention rules and the log of the job that applies them (decision 193), a
   * person's export and erasure (decision 195).
   */
  privacy: { read: ['admin'], write: ['admin'] },
  files: { read: ['admin', 'manager', 'staff'], write: ['admin', 'manager', 'staff'] },
  baseData: { read: ['admin', 'manager', 'staff', 'catering', 'cleaning'], write: ['admin', 'manager'] },
  contacts: { read: ['admin', 'manager', 'staff'], write: ['admin', 'manager', 'staff'] },
  groups: { read: ['admin', 'manager', 'staff'], write: ['admin', 'manager', 'staff'] },
  bookings: { read: ['admin', 'manager', 'staff', 'catering'], write: ['admin', 'manager', 'staff'] },
  /**
   * A booking's portal link, security code, guests' contact details, customer, comment and amounts:
   * a bookings reader without it (catering) gets the booking summary.
   */
  bookingDetails: { read: ['admin', 'manager', 'staff'], write: [] },
  roomPlan: { read: ['admin', 'manager', 'staff'], write: ['admin', 'manager', 'staff'] },
  roomLocks: { read: ['admin', 'manager', 'staff'], write: ['admin', 'manager', 'staff'] },
  /** The booking platforms and their feeds: staff see them (and sync now, a bookings write). */
  channels: { read: ['admin', 'manager', 'staff'], write: ['admin', 'manager'] },
  housekeeping: {
    read: ['admin', 'manager', 'staff', 'cleaning'],
    write: ['admin', 'manager', 'staff', 'cleaning'],
  },
  /** Folios: reading them (catering too, for the charges it posts) and the front desk's work on them. */
  folios: {
    read: ['admin', 'manager', 'staff', 'catering'],
    write: ['admin', 'manager', 'staff'],
  },
  /** Posting a charge: the front desk, and catering its food and drinks (the service checks the item). */
  charges: {
    read: ['admin', 'manager', 'staff', 'catering'],
    write: ['admin', 'manager', 'staff', 'catering'],
  },
  /** The outbox: every e-mail sent to guests, with its text; sending is part of bookings and invoices. */
  mail: { read: ['admin', 'manager', 'staff'], write: ['admin', 'manager', 'staff'] },
  invoices: { read: ['admin', 'manager', 'staff'], write: ['admin', 'manager', 'staff'] },
  /** Cash registers as base data: their law, fiscal adapter, credentials and the methods they sign. */
  cashRegisters: { read: ['admin', 'manager', 'staff'], write: ['admin', 'manager'] },
  /** The drawer: opening and closing shifts, deposits and withdrawals, the day close. */
  cashBook: { read: ['admin', 'manager', 'staff'], write: ['admin', 'manager', 'staff'] },
  /** A manager's review of a shift's counted difference. */
  cashReview: { read: ['admin', 'manager'], write: ['admin', 'manager'] },
  /** The exports for a tax audit: the RKSV's DEP and the TSE's export. */
  fiscalExports: { read: ['admin'], write: ['admin'] },
  reports: { read: ['admin', 'manager', 'staff'], write: ['admin', 'manager'] },
  dashboard: { read: ['admin', 'manager', 'staff'], write: [] },
  search: { read: ['admin', 'manager', 'staff'], write: [] },
} as const satisfies Record<string, Record<TAccess, readonly TRole[]>>;

export type TArea = keyof typeof permissions;

/** Whether a role may use an area with the given access. */
export function can(role: TRole, area: TArea, access: TAccess = 'read'): boolean {
  return (permissions[area][access] as readonly TRole[]).includes(role);
}

/** Whether `role` may do nothing that `ceiling` may not: a key or user it creates stays within its creator. */
export function isRoleWithin(role: TRole, ceiling: TRole): boolean {
  return (Object.keys(permissions) as TArea[]).every((area) =>
    (['read', 'write'] as const).every((access) => !can(role, area, access) || can(ceiling, area, access)),
  );
}
