import { z } from 'zod';
import { ZId, ZRecord, ZText, ZTimestamp } from './common.ts';
import { ZPageQuery } from './paging.ts';

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
 * An access point of the property as base data shows it: an entrance (no room), which staff name and
 * delete, or a room's door, which follows its room (named by the room number) and is only shown.
 */
export const ZAccessPointRecord = ZRecord.extend({
  name: z.string(),
  roomId: ZId.nullable(),
  isRoom: z.boolean(),
  /** The lock's id at the lock system (the webhook adapter sends it), when it differs from ours. */
  lockId: z.string().nullable(),
});
export type TAccessPointRecord = z.infer<typeof ZAccessPointRecord>;

const entranceFields = {
  name: ZText.trim().min(1).max(100),
  lockId: ZText.trim().max(200).nullable(),
};

/** A new entrance: every live key of the property opens it from then on. */
export const ZCreateAccessPointRequest = z.object({
  ...entranceFields,
  lockId: entranceFields.lockId.default(null),
});
export type TCreateAccessPointRequest = z.input<typeof ZCreateAccessPointRequest>;

/** Renames an entrance (or changes its lock id); fields left out stay. */
export const ZUpdateAccessPointRequest = z.object(entranceFields).partial().strict();
export type TUpdateAccessPointRequest = z.infer<typeof ZUpdateAccessPointRequest>;

export const ZAccessPointListQuery = ZPageQuery;
export type TAccessPointListQuery = z.infer<typeof ZAccessPointListQuery>;
