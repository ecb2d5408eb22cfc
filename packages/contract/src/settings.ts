import { z } from 'zod';
import { isStorableText, storableTextMessage, ZRecord, ZText } from './common.ts';

export const ZGeneralSettings = z.object({
  featurePreCheckIn: z.boolean(),
  featurePayment: z.boolean(),
  featureCheckInJack: z.boolean(),
  propertyInfoUrl: z.url().max(2000).refine(isStorableText, storableTextMessage).nullable(),
  linkEmailSubject: ZText.max(300).nullable(),
  linkEmailBody: ZText.max(20000).nullable(),
});
export type TGeneralSettings = z.infer<typeof ZGeneralSettings>;
export const ZUpdateGeneralSettingsRequest = ZGeneralSettings.partial();
export type TUpdateGeneralSettingsRequest = z.infer<typeof ZUpdateGeneralSettingsRequest>;

export const secretMask = '********';

export const ZSettingEntry = ZRecord.extend({
  key: z.string(),
  /** The value, or the mask when the entry is secret: secrets never leave the server. */
  value: z.string(),
  secret: z.boolean(),
});
export type TSettingEntry = z.infer<typeof ZSettingEntry>;

export const ZCreateSettingRequest = z.object({
  key: z
    .string()
    .regex(/^[a-zA-Z0-9_.-]+$/, 'letters, digits, dot, dash and underscore')
    .max(200),
  value: ZText.max(20000),
  secret: z.boolean().default(false),
});
export type TCreateSettingRequest = z.input<typeof ZCreateSettingRequest>;
