import { z } from 'zod';
import { ZBranding } from './branding.ts';
import { ZId, ZPropertyCountry, ZRole, ZText } from './common.ts';
import { languages } from './locales.ts';

export const ZLanguage = z.enum(languages);

/** A team invitation's token, as the link mailed to the invited account carries it. */
export const ZInvitationToken = z.string().regex(/^[A-Za-z0-9_-]{22,200}$/, 'format');

export const ZLoginRequest = z.object({
  email: z.email().max(254),
  password: ZText.min(1).max(200),
  /** A team invitation of the account, accepted with the login: the session starts in its property. */
  invitationToken: ZInvitationToken.optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** Accepting a team invitation: the signed-in account must be the one invited. */
export const ZAcceptInvitationRequest = z.object({ token: ZInvitationToken });
export type TAcceptInvitationRequest = z.infer<typeof ZAcceptInvitationRequest>;

export const minPasswordLength = 8;
export const ZPassword = ZText.min(minPasswordLength).max(200);

export const ZUpdatePasswordRequest = z.object({
  currentPassword: ZText.min(1).max(200),
  newPassword: ZPassword,
});
export type TUpdatePasswordRequest = z.infer<typeof ZUpdatePasswordRequest>;

export const ZSession = z.object({
  isApiKey: z.boolean(),
  subjectId: ZId,
  propertyId: ZId,
  email: z.string().nullable(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  language: ZLanguage.nullable(),
  role: ZRole,
  mustChangePassword: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

export const ZSwitchPropertyQuery = z.object({ propertyId: ZId });

/** The property list entry a user sees (with their role there). */
export const ZPropertyMembership = z.object({
  id: ZId,
  name: z.string(),
  slug: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  /** Where the property is: money is written as its country writes it. */
  country: ZPropertyCountry.nullish(),
  roleId: ZRole,
  branding: ZBranding,
});
export type TPropertyMembership = z.infer<typeof ZPropertyMembership>;
