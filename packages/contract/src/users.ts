import { z } from 'zod';
import { ZId, ZRole, ZText, ZTimestamp } from './common.ts';
import { ZLanguage } from './session.ts';

export const ZUser = z.object({
  id: ZId,
  email: z.string(),
  name: z.string(),
  language: ZLanguage.nullable(),
});
export type TUser = z.infer<typeof ZUser>;

/** A member of the current property's team. */
export const ZTeamUser = z.object({
  id: ZId,
  userId: ZId,
  user: ZUser,
  email: z.string(),
  name: z.string(),
  roleId: ZRole,
  createdAt: ZTimestamp,
});
export type TTeamUser = z.infer<typeof ZTeamUser>;

export const ZCreateUserRequest = z.object({
  email: z.email().max(254),
  name: ZText.trim().min(1).max(200),
  roleId: ZRole,
  language: ZLanguage.optional(),
});
export type TCreateUserRequest = z.infer<typeof ZCreateUserRequest>;

export const ZCreateUserResponse = ZTeamUser.extend({
  /**
   * A one-time password to hand over: a new account's first password. It is sent for an existing
   * account too (which is mailed an invitation instead, and the password opens nothing there), so the
   * answer does not tell whether the account existed.
   */
  defaultPassword: z.string(),
});
export type TCreateUserResponse = z.infer<typeof ZCreateUserResponse>;

export const ZUpdateProfileRequest = z.object({
  name: ZText.trim().min(1).max(200).optional(),
  language: ZLanguage.nullable().optional(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;
