// The guest portal's progress as staff see it on the booking: how far the guest got with registering,
// signing, paying, checking in and opening doors.
import { z } from 'zod';
import { ZId, ZTimestamp } from './common.ts';
import { portalLinkStates, registrationFields, registrationFormKinds } from './portal.ts';

export const checkInChannels = ['portal', 'staff'] as const;

/** One attempt to open a door of the booking, from the booking's events. */
export const ZPortalProgressUnlock = z.object({
  at: ZTimestamp,
  accessPoint: z.string(),
  isSuccess: z.boolean(),
  /** Who opened it: the guest through the portal, or staff from the desk. */
  byGuest: z.boolean(),
  actorName: z.string(),
});

export const ZPortalProgress = z.object({
  /** The link's state, or null while the booking has no link. */
  linkState: z.enum(portalLinkStates).nullable(),
  registration: z.object({
    isComplete: z.boolean(),
    form: z.enum(registrationFormKinds),
    guests: z.array(
      z.object({
        id: ZId,
        name: z.string(),
        isPrimary: z.boolean(),
        isFamilyMember: z.boolean(),
        isComplete: z.boolean(),
        missingFields: z.array(z.enum(registrationFields)),
      }),
    ),
  }),
  signature: z.object({ isSigned: z.boolean(), signedAt: ZTimestamp.nullable() }),
  /** The guest confirmed a complete, signed registration (`POST /api/portal/pre_check_in`). */
  preCheckIn: z.object({ isDone: z.boolean(), at: ZTimestamp.nullable() }),
  payment: z.object({
    /** Whether the property takes payments in the portal (the general settings' payment feature). */
    isOnline: z.boolean(),
    grossAmount: z.number().int(),
    paidAmount: z.number().int(),
    dueAmount: z.number().int(),
    isPaid: z.boolean(),
    /** The card payments the guest made through the portal's checkout. */
    portalPayments: z.array(z.object({ amount: z.number().int(), paidAt: ZTimestamp.nullable() })),
  }),
  checkIn: z.object({
    isCheckedIn: z.boolean(),
    at: ZTimestamp.nullable(),
    by: z.enum(checkInChannels).nullable(),
  }),
  doors: z.object({
    hasAccessToken: z.boolean(),
    /** The latest attempts first, at most ten. */
    unlocks: z.array(ZPortalProgressUnlock),
  }),
});
export type TPortalProgress = z.infer<typeof ZPortalProgress>;

/** The unlock attempts the progress lists. */
export const portalProgressUnlockLimit = 10;
