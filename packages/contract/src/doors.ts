import { z } from 'zod';
import { ZId, ZTimestamp } from './common.ts';

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
