import { z } from 'zod';
import { isStorableText, storableTextMessage, ZRecord, ZText } from './common.ts';
import { isGuestLinkUrl } from './portal-page.ts';

export const ZGeneralSettings = z.object({
  featurePreCheckIn: z.boolean(),
  featurePayment: z.boolean(),
  featureCheckInJack: z.boolean(),
  /**
   * A web page for the guests, linked from the portal: https (http too on a server not in production,
   * which the server checks). The refinement names the web's `validation.url` message.
   */
  propertyInfoUrl: z
    .url()
    .max(2000)
    .refine(isStorableText, storableTextMessage)
    .refine((url) => isGuestLinkUrl(url, { allowHttp: true }), 'url')
    .nullable(),
  linkEmailSubject: ZText.max(300).nullable(),
  linkEmailBody: ZText.max(20000).nullable(),
  /** Whether a new booking whose customer has an e-mail address sends the booking confirmation by itself. */
  sendConfirmationOnCreate: z.boolean(),
});
export type TGeneralSettings = z.infer<typeof ZGeneralSettings>;
export const ZUpdateGeneralSettingsRequest = ZGeneralSettings.partial();
export type TUpdateGeneralSettingsRequest = z.infer<typeof ZUpdateGeneralSettingsRequest>;

export const secretMask = '********';

/** The setting entry holding the address of the property's lock system (its webhook). */
export const lockWebhookUrlSettingKey = 'doors.webhookUrl';
/**
 * The setting entries whose value is an address the server calls: the server takes only an http or
 * https address, and only a public one (no private network, not the machine itself).
 */
export const outboundUrlSettingKeys: readonly string[] = [lockWebhookUrlSettingKey];

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

/** An account number as DATEV takes it: digits only, at most 9. */
export const ZAccountNumber = z.string().regex(/^\d{1,9}$/, 'digits only, at most 9');

/** What the accounting export (DATEV) needs to know about the property's books. */
export const ZAccountingSettings = z.object({
  /** Beraternummer: the tax adviser's number at DATEV. */
  adviserNumber: z.number().int().min(1001).max(9_999_999).nullable(),
  /** Mandantennummer: the property's client number at its adviser. */
  clientNumber: z.number().int().min(1).max(99_999).nullable(),
  /** The month (1 to 12) the fiscal year starts with. */
  fiscalYearStartMonth: z.number().int().min(1).max(12),
  /** Sachkontenlänge: the digits of a general ledger account (4 to 8). */
  accountLength: z.number().int().min(4).max(8),
  /** The receivables account invoices are debited to and payments credited from (a collective debtor). */
  receivablesAccount: ZAccountNumber,
});
export type TAccountingSettings = z.infer<typeof ZAccountingSettings>;
export const ZUpdateAccountingSettingsRequest = ZAccountingSettings.partial();
export type TUpdateAccountingSettingsRequest = z.infer<typeof ZUpdateAccountingSettingsRequest>;

/** The accounting settings of a property that has saved none. */
export const defaultAccountingSettings: TAccountingSettings = {
  adviserNumber: null,
  clientNumber: null,
  fiscalYearStartMonth: 1,
  accountLength: 4,
  receivablesAccount: '10000',
};
