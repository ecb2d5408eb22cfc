import { z } from 'zod';
import { ZRecord, ZRole, ZText } from './common.ts';

export const ZApiKey = ZRecord.extend({
  name: z.string(),
  roleId: ZRole,
  /**
   * What the key is recognised by: `pms_` and four random characters, which a generated secret starts
   * with; a secret the caller chose has no part in it.
   */
  prefix: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZCreateApiKeyRequest = z.object({
  name: ZText.trim().min(1).max(200),
  secret: ZText.min(32).max(200).optional(),
  roleId: ZRole,
});
export type TCreateApiKeyRequest = z.infer<typeof ZCreateApiKeyRequest>;

export const ZUpdateApiKeyRequest = z.object({
  name: ZText.trim().min(1).max(200),
  roleId: ZRole,
});
export type TUpdateApiKeyRequest = z.infer<typeof ZUpdateApiKeyRequest>;

/** Answer to a create: the only time the secret is ever sent. */
export const ZCreatedApiKey = ZApiKey.extend({ secret: z.string() });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;
