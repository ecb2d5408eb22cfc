import {
  languages,
  fillPlaceholders,
  type TLanguage,
  type TMailKind,
  type TMailMessage,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { TPropertyRow } from '../../lib/properties.ts';
import { toRecord } from '../../lib/records.ts';
import { insertMailMessage, type TMailContact, type TMailMessageRow } from './mail.queries.ts';
import type { TMailAttachmentRef } from '../../db/schema/index.ts';
import { composeBrandedMessage } from './mail-branding.ts';
import { templateOf } from './mail-templates.service.ts';

// Composing a message from its template and queueing it with its send job.

/** Attempts of one message before it counts as failed: with the runner's backoff, about 40 minutes. */
export const mailSendAttempts = 8;

function toAttachments(row: TMailMessageRow) {
  return row.attachments.map(({ name, mimeType }) => ({ name, mimeType }));
}

export function toMailMessage(row: TMailMessageRow): TMailMessage {
  return {
    ...toRecord(row),
    kind: row.kind,
    language: row.language,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    bookingId: row.bookingId,
    invoiceId: row.invoiceId,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    transport: row.transport,
    attachments: toAttachments(row),
  };
}

function senderOf(ctx: AppContext, property: TPropertyRow): { name: string; address: string } {
  const address = property.communication.email || `no-reply@${new URL(ctx.config.publicUrl).hostname}`;
  return { name: property.name, address };
}

/** The first contact with an e-mail address, in the order the kind of e-mail prefers them. */
export function addresseeOf(contacts: (TMailContact | undefined)[]): TMailContact | undefined {
  return contacts.find((contact) => contact?.email) ?? contacts.find(Boolean);
}

export function isLanguage(value: string | null | undefined): value is TLanguage {
  return (languages as readonly string[]).includes(value ?? '');
}

type TDraft = {
  kind: TMailKind;
  propertyId: string;
  property: TPropertyRow;
  /** Explicit address, else the addressee's. */
  to: string | null | undefined;
  language: TLanguage;
  values: Record<string, string>;
  bookingId: string | null;
  invoiceId: string | null;
  /** Files sent with the message, read when it is sent; without a file id, the invoice's document. */
  attachments?: TMailAttachmentRef[];
};

/** Fills the template in and queues the message with its send job, in the caller's transaction. */
export async function queueMessage(ctx: AppContext, db: Executor, draft: TDraft): Promise<TMailMessageRow> {
  if (!draft.to)
    throw new AppError('mail/no_recipient', 'neither the request nor the booking names an address');
  const template = await templateOf(db, draft.propertyId, draft.kind, draft.language);
  const subject = fillPlaceholders(template.subject, draft.values).replace(/\s+/g, ' ').trim();
  const text = fillPlaceholders(template.text, draft.values);
  const id = crypto.randomUUID();
  const now = ctx.clock.now();
  const from = senderOf(ctx, draft.property);
  const messageId = `<${id}@${from.address.split('@')[1] ?? 'localhost'}>`;
  const raw = await composeBrandedMessage(ctx, db, {
    property: draft.property,
    language: draft.language,
    from,
    to: draft.to,
    subject,
    text,
    messageId,
    date: now,
  });
  const row = await insertMailMessage(db, {
    id,
    propertyId: draft.propertyId,
    kind: draft.kind,
    language: draft.language,
    fromAddress: `"${from.name.replaceAll('"', '')}" <${from.address}>`,
    toAddress: draft.to,
    subject,
    text,
    bookingId: draft.bookingId,
    invoiceId: draft.invoiceId,
    messageId,
    attachments: draft.attachments ?? [],
    raw,
    createdAt: now,
    updatedAt: now,
  });
  await ctx.jobs.enqueue(db, {
    type: 'mail.send',
    payload: { mailMessageId: id },
    propertyId: draft.propertyId,
    maxAttempts: mailSendAttempts,
  });
  return row;
}
