import { z } from 'zod';
import { ZId, ZTimestamp } from './common.ts';
import { zonedInstant } from './dates.ts';

export const accessCredentialStatuses = ['pending', 'issued', 'revoking', 'revoked'] as const;
export type TAccessCredentialStatus = (typeof accessCredentialStatuses)[number];

/** A door the guest may open: the room's and the entrances. */
export const ZAccessPoint = z.object({ id: ZId, name: z.string(), isRoom: z.boolean() });
export type TAccessPoint = z.infer<typeof ZAccessPoint>;

/** A booking's key as staff see it: its window, and each door's credential at the lock system. */
export const ZAccessToken = z.object({
  id: ZId,
  validFrom: ZTimestamp,
  validUntil: ZTimestamp,
  revokedAt: ZTimestamp.nullable(),
  credentials: z.array(z.object({ accessPoint: ZAccessPoint, status: z.enum(accessCredentialStatuses) })),
});
export type TAccessToken = z.infer<typeof ZAccessToken>;

export const ZUnlockParams = z.object({ accessPointId: ZId });

/**
 * When a stay's doors open and close: from the check-in date at the property's check-in time until
 * the check-out date at its check-out time, in the property's time zone (so a stay across a change to
 * or from summer time keeps its local times).
 */
export function doorWindow(
  stay: { checkIn: string; checkOut: string },
  property: { checkInTime: string; checkOutTime: string; timeZone: string },
): { validFrom: Date; validUntil: Date } {
  return {
    validFrom: zonedInstant(stay.checkIn, property.checkInTime, property.timeZone),
    validUntil: zonedInstant(stay.checkOut, property.checkOutTime, property.timeZone),
  };
}
