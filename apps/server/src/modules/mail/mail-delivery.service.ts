import addressparser from 'nodemailer/lib/addressparser';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { jobs } from '../../db/schema/index.ts';
import { recordEvent } from '../../lib/events.ts';
import { findProperty } from '../../lib/properties.ts';
import type { TComposedAttachment } from '../../integrations/mail/compose-message.ts';
import { createMailTransport } from '../../integrations/mail/mail-transport.ts';
import { systemActor } from '../../actor.ts';
import {
  lockMailMessage,
  selectInvoiceDocument,
  selectStoredFile,
  updateMailMessage,
  type TMailMessageRow,
} from './mail.queries.ts';
import type { TMailAttachmentRef } from '../../db/schema/index.ts';
import { composeBrandedMessage, readAll } from './mail-branding.ts';

/** A message's attachment read now: a file of its own (a reminder's letter), else its invoice's document. */
async function readAttachment(ctx: AppContext, row: TMailMessageRow, attachment: TMailAttachmentRef) {
  const document = attachment.fileId
    ? await selectStoredFile(ctx.db, row.propertyId, attachment.fileId)
    : row.invoiceId
      ? await selectInvoiceDocument(ctx.db, row.invoiceId)
      : undefined;
  if (!document) throw new Error('the invoice document is not stored yet; the message waits for it');
  return { document, content: await readAll(await ctx.files.get(document.storageKey)) };
}

/** The message composed again with its attachments, read now: an invoice's PDF may have been rendering when it was queued. */
async function withAttachments(ctx: AppContext, row: TMailMessageRow) {
  if (row.attachments.length === 0) return { raw: row.raw, attachments: row.attachments };
  const read = await Promise.all(row.attachments.map((attachment) => readAttachment(ctx, row, attachment)));
  const [from] = addressparser(row.fromAddress) as { name: string; address: string }[];
  const files: TComposedAttachment[] = row.attachments.map((attachment, index) => ({
    filename: attachment.name,
    contentType: read[index]!.document.mimeType,
    content: read[index]!.content,
  }));
  const raw = await composeBrandedMessage(ctx, ctx.db, {
    property: await findProperty(ctx.db, row.propertyId),
    language: row.language,
    from: from!,
    to: row.toAddress,
    subject: row.subject,
    text: row.text,
    messageId: row.messageId,
    date: row.createdAt,
    attachments: files,
  });
  return {
    raw,
    attachments: row.attachments.map((attachment, index) => ({
      ...attachment,
      fileId: read[index]!.document.id,
    })),
  };
}

async function recordMailEvent(
  db: Executor,
  row: TMailMessageRow,
  type: 'mail_sent' | 'mail_failed',
  data: Record<string, unknown> = {},
): Promise<void> {
  const actor = systemActor(row.propertyId, 'mail.send');
  const eventData = {
    mailMessageId: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    ...data,
  };
  if (row.bookingId) {
    await recordEvent(db, {
      objectType: 'booking',
      type,
      propertyId: row.propertyId,
      actor,
      objectId: row.bookingId,
      data: eventData,
    });
  }
  if (row.invoiceId) {
    await recordEvent(db, {
      objectType: 'invoice',
      type,
      propertyId: row.propertyId,
      actor,
      objectId: row.invoiceId,
      data: eventData,
    });
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Sends one queued message (the `mail.send` job): over SMTP when configured, else into the development
 * outbox. A failure is written to the message and thrown, so the runner retries; the last attempt
 * marks the message failed. Each send and each final failure is an event of its booking and invoice.
 */
export async function deliverMailMessage(ctx: AppContext, job: typeof jobs.$inferSelect): Promise<void> {
  const id = String(job.payload.mailMessageId);
  const row = await ctx.db.transaction((tx) => lockMailMessage(tx, id));
  if (!row || row.status !== 'queued') return;
  const transport = createMailTransport(ctx.config.smtpUrl);
  try {
    const composed = await withAttachments(ctx, row);
    const [from] = addressparser(row.fromAddress) as { address: string }[];
    await transport.send({ from: from!.address, to: row.toAddress }, composed.raw);
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      await updateMailMessage(tx, row.id, {
        ...composed,
        status: 'sent',
        attempts: row.attempts + 1,
        lastError: null,
        sentAt: now,
        transport: transport.kind,
        updatedAt: now,
      });
      await recordMailEvent(tx, row, 'mail_sent', { transport: transport.kind });
    });
  } catch (error) {
    const isFinal = job.attempts >= job.maxAttempts;
    await ctx.db.transaction(async (tx) => {
      await updateMailMessage(tx, row.id, {
        status: isFinal ? 'failed' : 'queued',
        attempts: row.attempts + 1,
        lastError: errorMessage(error),
        updatedAt: ctx.clock.now(),
      });
      if (isFinal) await recordMailEvent(tx, row, 'mail_failed', { error: errorMessage(error) });
    });
    throw error;
  }
}
