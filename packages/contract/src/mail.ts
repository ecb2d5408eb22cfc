import { z } from 'zod';
import { ZId, ZRecord, ZText, ZTimestamp } from './common.ts';
import { ZPageQuery } from './paging.ts';
import { ZLanguage } from './session.ts';

/**
 * What an e-mail is about: the booking's portal link, the booking confirmation, an invoice, an
 * invitation of an existing account to a property's team (addressed to the account, not in the outbox),
 * an open invoice's payment reminder and its dunning letter, a cash register's signed receipt.
 */
export const mailKinds = [
  'link',
  'confirmation',
  'invoice',
  'team_invitation',
  'reminder',
  'dunning',
  'receipt',
] as const;
export type TMailKind = (typeof mailKinds)[number];

/** The kinds with a template of their own; the link e-mail is in the general settings. */
export const mailTemplateKinds = ['confirmation', 'invoice', 'reminder', 'dunning'] as const;
export type TMailTemplateKind = (typeof mailTemplateKinds)[number];

export const mailStatuses = ['queued', 'sent', 'failed'] as const;
export type TMailStatus = (typeof mailStatuses)[number];

/** Where a sent message went: an SMTP server, or the development outbox when none is configured. */
export const mailTransports = ['smtp', 'outbox'] as const;
export type TMailTransport = (typeof mailTransports)[number];

const reminderPlaceholders = [
  'guestName',
  'propertyName',
  'invoiceNumber',
  'invoiceDate',
  'invoiceAmount',
  'dueAmount',
  'dueDate',
  'payBy',
] as const;

/** The placeholders each kind of e-mail fills in, written `{name}` in a subject or text. */
export const mailPlaceholders = {
  link: ['guestName', 'bookingCode', 'link', 'checkIn', 'checkOut', 'propertyName'],
  confirmation: ['guestName', 'bookingCode', 'link', 'checkIn', 'checkOut', 'propertyName'],
  invoice: [
    'guestName',
    'bookingCode',
    'checkIn',
    'checkOut',
    'propertyName',
    'invoiceNumber',
    'invoiceAmount',
  ],
  team_invitation: ['propertyName', 'role', 'link', 'expiresOn'],
  reminder: reminderPlaceholders,
  dunning: reminderPlaceholders,
  receipt: ['propertyName', 'receiptNumber', 'receiptAmount', 'receiptDate'],
} as const satisfies Record<TMailKind, readonly string[]>;
export type TMailPlaceholder = (typeof mailPlaceholders)[TMailKind][number];

const placeholderPattern = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The placeholder names a template uses, each once, in order of appearance. */
export function findPlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(placeholderPattern)].map((match) => match[1]!))];
}

/** The placeholders of a template that the kind of e-mail cannot fill in. */
export function unknownPlaceholders(kind: TMailKind, template: string): string[] {
  const known: readonly string[] = mailPlaceholders[kind];
  return findPlaceholders(template).filter((name) => !known.includes(name));
}

/**
 * Fills in `{name}` placeholders in one pass (a value that itself reads `{link}` stays as it is); a
 * placeholder without a value is left as written.
 */
export function fillPlaceholders(template: string, values: Partial<Record<string, string>>): string {
  return template.replace(placeholderPattern, (written, name: string) =>
    Object.hasOwn(values, name) && values[name] !== undefined ? values[name] : written,
  );
}

export const ZMailTemplateKind = z.enum(mailTemplateKinds);

export const ZMailTemplate = z.object({
  kind: ZMailTemplateKind,
  language: ZLanguage,
  subject: z.string(),
  text: z.string(),
  /** No template saved: the built-in text is used. */
  isDefault: z.boolean(),
});
export type TMailTemplate = z.infer<typeof ZMailTemplate>;

export const ZMailTemplateParams = z.object({ kind: ZMailTemplateKind, language: ZLanguage });

export const ZSaveMailTemplateRequest = z.object({
  subject: ZText.trim().min(1).max(300),
  text: ZText.trim().min(1).max(20000),
});
export type TSaveMailTemplateRequest = z.infer<typeof ZSaveMailTemplateRequest>;

export const ZMailAttachment = z.object({ name: z.string(), mimeType: z.string() });

export const ZMailMessage = ZRecord.extend({
  kind: z.enum(mailKinds),
  language: ZLanguage,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  bookingId: ZId.nullable(),
  invoiceId: ZId.nullable(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: ZTimestamp.nullable(),
  transport: z.enum(mailTransports).nullable(),
  attachments: z.array(ZMailAttachment),
});
export type TMailMessage = z.infer<typeof ZMailMessage>;

/** A message as the outbox lists it: without its text. */
export const ZMailMessageListItem = ZMailMessage.omit({ text: true });
export type TMailMessageListItem = z.infer<typeof ZMailMessageListItem>;

export const ZMailMessageListQuery = ZPageQuery.extend({
  bookingId: ZId.optional(),
  invoiceId: ZId.optional(),
  status: z.enum(mailStatuses).optional(),
});
export type TMailMessageListQuery = z.infer<typeof ZMailMessageListQuery>;

/** Who gets an e-mail and in which language; left out, the booking's or invoice's contact decides. */
export const ZSendMailRequest = z.object({
  to: z.email().max(320).optional(),
  language: ZLanguage.optional(),
});
export type TSendMailRequest = z.infer<typeof ZSendMailRequest>;

/** A booking link's id is a random token of letters, digits, `-` and `_`. */
export const ZBookingLinkParams = z.object({
  id: ZId,
  linkId: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'format'),
});
