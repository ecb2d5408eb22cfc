import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import addressparser from 'nodemailer/lib/addressparser';
import {
  droppedBookingStatuses,
  languages,
  mailTemplateKinds,
  fillPlaceholders,
  parsePalette,
  todayIn,
  type TLanguage,
  type TMailKind,
  type TMailMessage,
  type TMailMessageListQuery,
  type TMailTemplate,
  type TMailTemplateKind,
  type TPaged,
  type TRole,
  type TSaveMailTemplateRequest,
  type TSendMailRequest,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { jobs } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { findProperty, type TPropertyRow } from '../../lib/properties.ts';
import { toRecord } from '../../lib/records.ts';
import { composeMessage, type TComposedAttachment } from '../../integrations/mail/compose-message.ts';
import { createMailTransport } from '../../integrations/mail/mail-transport.ts';
import { requireAccess, systemActor, type TActor, type TRoleActor } from '../../actor.ts';
import { bookingLinkUrl } from '../../lib/portal-links.ts';
import { assertKnownPlaceholders } from '../../lib/mail-placeholders.ts';
import { renderMailHtml, type TMailBrand } from './mail-html.ts';
import { defaultTemplates, formatMailAmount, formatMailDate, mailLocale, roleNames } from './mail-texts.ts';
import {
  insertMailMessage,
  lockMailMessage,
  selectBookingLink,
  selectContact,
  selectCurrentBookingLink,
  selectInvoiceDocument,
  selectInvoiceEmail,
  selectLinkEmailSettings,
  selectLogoFile,
  selectMailBooking,
  selectMailInvoice,
  selectMailMessage,
  selectMailMessagePage,
  selectMailTemplate,
  selectMailTemplates,
  selectMainGuest,
  selectStoredFile,
  updateMailMessage,
  upsertMailTemplate,
  type TMailContact,
  type TMailMessageRow,
} from './mail.queries.ts';
import type { TMailAttachmentRef } from '../../db/schema/index.ts';

/** Attempts of one message before it counts as failed: with the runner's backoff, about 40 minutes. */
export const mailSendAttempts = 8;

// ---------------------------------------------------------------------------------------------------
// Templates

export async function listMailTemplates(ctx: AppContext, actor: TActor): Promise<TMailTemplate[]> {
  requireAccess(actor, 'settings', 'read');
  const saved = await selectMailTemplates(ctx.db, actor.propertyId);
  return mailTemplateKinds.flatMap((kind) =>
    languages.map((language) => {
      const row = saved.find((entry) => entry.kind === kind && entry.language === language);
      const text = row ?? defaultTemplates[kind][language];
      return { kind, language, subject: text.subject, text: text.text, isDefault: !row };
    }),
  );
}

export async function saveMailTemplate(
  ctx: AppContext,
  actor: TActor,
  kind: TMailTemplateKind,
  language: TLanguage,
  input: TSaveMailTemplateRequest,
): Promise<TMailTemplate> {
  requireAccess(actor, 'settings', 'write');
  assertKnownPlaceholders(kind, input.subject, input.text);
  const row = await upsertMailTemplate(
    ctx.db,
    { propertyId: actor.propertyId, kind, language, subject: input.subject, text: input.text },
    ctx.clock.now(),
  );
  return { kind, language, subject: row.subject, text: row.text, isDefault: false };
}

async function templateOf(db: Executor, propertyId: string, kind: TMailKind, language: TLanguage) {
  if (kind === 'link') {
    // The general settings' texts were written in the property's language: the default serves the other.
    const settings = await selectLinkEmailSettings(db, propertyId);
    const fallback = defaultTemplates.link[language];
    if (language === 'de' && settings) {
      return { subject: settings.subject || fallback.subject, text: settings.text || fallback.text };
    }
    return fallback;
  }
  if (kind === 'team_invitation') return defaultTemplates.team_invitation[language];
  return (await selectMailTemplate(db, propertyId, kind, language)) ?? defaultTemplates[kind][language];
}

// ---------------------------------------------------------------------------------------------------
// Messages

function toAttachments(row: TMailMessageRow) {
  return row.attachments.map(({ name, mimeType }) => ({ name, mimeType }));
}

function toMailMessage(row: TMailMessageRow): TMailMessage {
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
function addresseeOf(contacts: (TMailContact | undefined)[]): TMailContact | undefined {
  return contacts.find((contact) => contact?.email) ?? contacts.find(Boolean);
}

function isLanguage(value: string | null | undefined): value is TLanguage {
  return (languages as readonly string[]).includes(value ?? '');
}

/** The colour of an e-mail when the property has no palette: the staff app's own shade 600. */
const defaultMailColour = '#2563eb';
/** The logo's height in the e-mail, in CSS pixels; the image has twice as many for sharp screens. */
const logoHeight = 56;
const logoMaxWidth = 536;
const logoCid = 'property-logo@pms';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

type TMailLogo = { image: TComposedAttachment; size: { width: number; height: number } };

/** Logos made ready for e-mails, by stored file: a file's content never changes (a new logo is a new file). */
const mailLogos = new WeakMap<AppContext, LRUCache<string, TMailLogo>>();

async function prepareMailLogo(ctx: AppContext, storageKey: string): Promise<TMailLogo> {
  const { data, info } = await sharp(await readAll(await ctx.files.get(storageKey)))
    .resize({ height: logoHeight * 2, withoutEnlargement: true })
    .png()
    .toBuffer({ resolveWithObject: true });
  const scale = Math.min(logoHeight / info.height, logoMaxWidth / info.width, 1);
  const size = { width: Math.round(info.width * scale) || 1, height: Math.round(info.height * scale) || 1 };
  const image: TComposedAttachment = {
    filename: 'logo.png',
    contentType: 'image/png',
    content: data,
    cid: logoCid,
  };
  return { image, size };
}

/**
 * The property's logo as a PNG no larger than the e-mail shows it (WebP is not shown everywhere), if
 * it has one; kept, so that composing a message (a team invitation while the inviter waits) costs
 * little more than before.
 */
async function mailLogo(ctx: AppContext, db: Executor, property: TPropertyRow): Promise<TMailLogo | null> {
  if (!property.logoId) return null;
  const file = await selectLogoFile(db, property.id, property.logoId);
  if (!file) return null;
  let logos = mailLogos.get(ctx);
  if (!logos) {
    logos = new LRUCache({ max: 16 });
    mailLogos.set(ctx, logos);
  }
  const kept = logos.get(file.storageKey);
  if (kept) return kept;
  const logo = await prepareMailLogo(ctx, file.storageKey);
  logos.set(file.storageKey, logo);
  return logo;
}

function footerLines(property: TPropertyRow, language: TLanguage): string[] {
  const { address, communication } = property;
  const countries = new Intl.DisplayNames([language], { type: 'region' });
  return [
    [address.line1, address.line2].filter(Boolean).join(', '),
    [
      [address.postalCode, address.city].filter(Boolean).join(' '),
      address.country && countries.of(address.country.toUpperCase()),
    ]
      .filter(Boolean)
      .join(', '),
    [communication.phone, communication.email].filter(Boolean).join(' · '),
  ].filter((line) => line !== '');
}

type TBrandedMessage = {
  property: TPropertyRow;
  language: TLanguage;
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  messageId: string;
  date: Date;
  attachments?: TComposedAttachment[];
};

/** The message with its text, the same text as HTML in the property's colour, logo and footer, and its files. */
async function composeBrandedMessage(
  ctx: AppContext,
  db: Executor,
  message: TBrandedMessage,
): Promise<string> {
  const { property, language, attachments = [], ...parts } = message;
  const logo = await mailLogo(ctx, db, property);
  const brand: TMailBrand = {
    colour: parsePalette(property.primaryColor)?.['600'] ?? defaultMailColour,
    logo: logo ? { cid: logoCid, ...logo.size } : null,
    propertyName: property.name,
    footerLines: footerLines(property, language),
  };
  const html = renderMailHtml({ subject: parts.subject, text: parts.text, language, brand });
  return composeMessage({ ...parts, html, attachments: logo ? [logo.image, ...attachments] : attachments });
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
async function queueMessage(ctx: AppContext, db: Executor, draft: TDraft): Promise<TMailMessageRow> {
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

/**
 * Queues the invitation of an existing account to the property's team, in the caller's transaction:
 * to the account's address, in its language, with the link that accepts it. It stays out of the
 * property's outbox.
 */
export async function queueTeamInvitation(
  ctx: AppContext,
  db: Executor,
  invitation: {
    propertyId: string;
    to: string;
    language: TLanguage;
    roleId: TRole;
    link: string;
    expiresAt: Date;
  },
): Promise<void> {
  const property = await findProperty(db, invitation.propertyId);
  const { language } = invitation;
  const locale = mailLocale(language, property.address.country);
  await queueMessage(ctx, db, {
    kind: 'team_invitation',
    propertyId: property.id,
    property,
    to: invitation.to,
    language,
    values: {
      propertyName: property.name,
      role: roleNames[language][invitation.roleId],
      link: invitation.link,
      expiresOn: formatMailDate(todayIn(property.timeZone, invitation.expiresAt), locale),
    },
    bookingId: null,
    invoiceId: null,
  });
}

function bookingValues(
  property: TPropertyRow,
  booking: { code: string; checkIn: string; checkOut: string },
  language: TLanguage,
  guestName: string,
) {
  const locale = mailLocale(language, property.address.country);
  return {
    locale,
    values: {
      guestName,
      bookingCode: booking.code,
      checkIn: formatMailDate(booking.checkIn, locale),
      checkOut: formatMailDate(booking.checkOut, locale),
      propertyName: property.name,
    },
  };
}

async function findMailBooking(db: Executor, propertyId: string, bookingId: string) {
  const booking = await selectMailBooking(db, propertyId, bookingId);
  if (!booking) throw notFound('booking');
  const customer = booking.customerId ? await selectContact(db, booking.customerId) : undefined;
  const mainGuest = await selectMainGuest(db, booking.id);
  return { booking, customer, mainGuest };
}

function languageOf(request: TSendMailRequest, ...contacts: (TMailContact | undefined)[]): TLanguage {
  if (request.language) return request.language;
  const spoken = contacts.map((contact) => contact?.language).find(isLanguage);
  return spoken ?? 'de';
}

export type TQueuedDownload = { message: TMailMessage; raw: string; fileName: string };

/** Queues the booking-link e-mail (general settings' subject and text) and answers the message itself. */
export async function sendBookingLink(
  ctx: AppContext,
  actor: TActor,
  bookingId: string,
  linkId: string,
  request: TSendMailRequest,
): Promise<TQueuedDownload> {
  requireAccess(actor, 'bookings', 'write');
  requireAccess(actor, 'bookingDetails', 'read');
  requireAccess(actor, 'mail', 'write');
  return ctx.db.transaction(async (tx) => {
    const { booking, customer, mainGuest } = await findMailBooking(tx, actor.propertyId, bookingId);
    const link = await selectBookingLink(tx, booking.id, linkId);
    if (!link) throw notFound('link');
    if (link.revokedAt || link.expiresAt <= ctx.clock.now()) {
      throw new AppError('mail/link_inactive', 'the link is revoked or expired');
    }
    const property = await findProperty(tx, actor.propertyId);
    // The link is the guest's way into the portal: the staying guest comes first.
    const addressee = addresseeOf([mainGuest, customer]);
    const language = languageOf(request, addressee, mainGuest, customer);
    const { values } = bookingValues(property, booking, language, addressee?.name ?? booking.code);
    const row = await queueMessage(ctx, tx, {
      kind: 'link',
      propertyId: actor.propertyId,
      property,
      to: request.to ?? addressee?.email,
      language,
      values: { ...values, link: bookingLinkUrl(ctx, link.id) },
      bookingId: booking.id,
      invoiceId: null,
    });
    return { message: toMailMessage(row), raw: row.raw, fileName: `${booking.code}.eml` };
  });
}

/** Queues the booking confirmation to the customer (else the main guest), in the caller's transaction. */
async function queueConfirmation(
  ctx: AppContext,
  db: Executor,
  propertyId: string,
  stay: Awaited<ReturnType<typeof findMailBooking>>,
  request: TSendMailRequest,
): Promise<TMailMessageRow> {
  const { booking, customer, mainGuest } = stay;
  if (droppedBookingStatuses.includes(booking.status)) {
    throw new AppError('booking/invalid_transition', `a ${booking.status} booking is not confirmed`);
  }
  const property = await findProperty(db, propertyId);
  const addressee = addresseeOf([customer, mainGuest]);
  const language = languageOf(request, addressee, customer, mainGuest);
  const { values } = bookingValues(property, booking, language, addressee?.name ?? booking.code);
  const link = await selectCurrentBookingLink(db, booking.id);
  const isLinkActive = link && link.expiresAt > ctx.clock.now();
  return queueMessage(ctx, db, {
    kind: 'confirmation',
    propertyId,
    property,
    to: request.to ?? addressee?.email,
    language,
    values: { ...values, link: isLinkActive ? bookingLinkUrl(ctx, link.id) : '' },
    bookingId: booking.id,
    invoiceId: null,
  });
}

/** Queues the booking confirmation to the customer (else the main guest). */
export async function sendBookingConfirmation(
  ctx: AppContext,
  actor: TActor,
  bookingId: string,
  request: TSendMailRequest,
): Promise<TMailMessage> {
  requireAccess(actor, 'bookings', 'write');
  requireAccess(actor, 'bookingDetails', 'read');
  requireAccess(actor, 'mail', 'write');
  return ctx.db.transaction(async (tx) => {
    const stay = await findMailBooking(tx, actor.propertyId, bookingId);
    return toMailMessage(await queueConfirmation(ctx, tx, actor.propertyId, stay, request));
  });
}

/**
 * Queues a new booking's confirmation to its customer's address (the `mail.booking_confirmation` job,
 * enqueued with the booking when the general settings ask for it). A customer without an address, or
 * a booking cancelled or deleted since, gets none.
 */
export async function queueNewBookingConfirmation(
  ctx: AppContext,
  propertyId: string,
  bookingId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const booking = await selectMailBooking(tx, propertyId, bookingId);
    if (!booking || droppedBookingStatuses.includes(booking.status)) return;
    const stay = await findMailBooking(tx, propertyId, bookingId);
    if (!stay.customer?.email) return;
    await queueConfirmation(ctx, tx, propertyId, stay, { to: stay.customer.email });
  });
}

/** What an invoice's e-mail (the invoice itself or a reminder of it) adds to the invoice's own values. */
type TInvoiceMail = {
  kind: 'invoice' | 'reminder' | 'dunning';
  values?: (locale: string) => Record<string, string>;
  /** A stored file sent before the invoice's PDF (a reminder's letter). */
  leadingFile?: { id: string; name: string };
};

/**
 * Queues an e-mail about an issued invoice in the caller's transaction: to the address asked for, else
 * the customer's invoice address, else the contact's; in the language asked for, else the contact's.
 * The invoice's PDF is attached when the message is sent (it may still be rendering now).
 */
async function queueInvoiceMail(
  ctx: AppContext,
  tx: Executor,
  actor: TActor,
  invoiceId: string,
  request: TSendMailRequest,
  mail: TInvoiceMail,
): Promise<TMailMessageRow> {
  const invoice = await selectMailInvoice(tx, actor.propertyId, invoiceId);
  if (!invoice) throw notFound('invoice');
  if (invoice.status === 'draft' || !invoice.number) {
    throw new AppError('invoice/invalid_transition', 'a draft invoice is not sent');
  }
  const property = await findProperty(tx, actor.propertyId);
  const customer = invoice.customerId ? await selectContact(tx, invoice.customerId) : undefined;
  const stay = invoice.bookingId ? await findMailBooking(tx, actor.propertyId, invoice.bookingId) : null;
  const invoiceEmail = invoice.customerId ? await selectInvoiceEmail(tx, invoice.customerId) : null;
  const addressee = addresseeOf([customer, stay?.customer, stay?.mainGuest]);
  const language = languageOf(request, customer, addressee);
  const locale = mailLocale(language, property.address.country);
  const checkIn = stay?.booking.checkIn ?? invoice.serviceFrom;
  const checkOut = stay?.booking.checkOut ?? invoice.serviceTo;
  const invoicePdf = { name: `${invoice.number}.pdf`, mimeType: 'application/pdf', fileId: null };
  const leading = mail.leadingFile
    ? [{ name: mail.leadingFile.name, mimeType: 'application/pdf', fileId: mail.leadingFile.id }]
    : [];
  return queueMessage(ctx, tx, {
    kind: mail.kind,
    propertyId: actor.propertyId,
    property,
    to: request.to ?? (invoiceEmail || addressee?.email),
    language,
    values: {
      guestName: invoice.recipient ?? addressee?.name ?? '',
      bookingCode: stay?.booking.code ?? '',
      checkIn: checkIn ? formatMailDate(checkIn, locale) : '',
      checkOut: checkOut ? formatMailDate(checkOut, locale) : '',
      propertyName: property.name,
      invoiceNumber: invoice.number,
      invoiceAmount: formatMailAmount(invoice.totalAmount, property.currency, locale),
      ...mail.values?.(locale),
    },
    bookingId: invoice.bookingId,
    invoiceId: invoice.id,
    attachments: [...leading, invoicePdf],
  });
}

/** Queues an issued invoice's e-mail; its PDF is attached when the message is sent. */
export async function sendInvoice(
  ctx: AppContext,
  actor: TActor,
  invoiceId: string,
  request: TSendMailRequest,
): Promise<TMailMessage> {
  requireAccess(actor, 'invoices', 'write');
  requireAccess(actor, 'mail', 'write');
  return ctx.db.transaction(async (tx) =>
    toMailMessage(await queueInvoiceMail(ctx, tx, actor, invoiceId, request, { kind: 'invoice' })),
  );
}

/** A reminder's e-mail: its letter and the invoice attached, the reminder's figures filled in. */
export type TReminderMail = {
  level: 1 | 2;
  invoiceDate: string;
  dueDate: string;
  payBy: string;
  dueAmount: number;
  currency: string;
  letter: { id: string; name: string };
};

/** Queues a reminder's e-mail in the caller's transaction (which also stores the reminder). */
export async function queueReminderMail(
  ctx: AppContext,
  tx: Executor,
  actor: TActor,
  invoiceId: string,
  request: TSendMailRequest,
  reminder: TReminderMail,
): Promise<TMailMessage> {
  requireAccess(actor, 'mail', 'write');
  const row = await queueInvoiceMail(ctx, tx, actor, invoiceId, request, {
    kind: reminder.level === 1 ? 'reminder' : 'dunning',
    values: (locale) => ({
      invoiceDate: formatMailDate(reminder.invoiceDate, locale),
      dueDate: formatMailDate(reminder.dueDate, locale),
      payBy: formatMailDate(reminder.payBy, locale),
      dueAmount: formatMailAmount(reminder.dueAmount, reminder.currency, locale),
    }),
    leadingFile: reminder.letter,
  });
  return toMailMessage(row);
}

async function findMessage(
  db: Executor,
  actor: TRoleActor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<TMailMessageRow> {
  const row = options.lock ? await lockMailMessage(db, id) : await selectMailMessage(db, id);
  // A team invitation carries the invited account's token: not for the inviting property's staff.
  const isOwnMessage = row?.propertyId === actor.propertyId && row.kind !== 'team_invitation';
  if (!row || !isOwnMessage || row.deletedAt) throw notFound('mail message');
  return row;
}

export function listMailMessages(
  ctx: AppContext,
  actor: TActor,
  query: TMailMessageListQuery,
): Promise<TPaged<Omit<TMailMessage, 'text'>>> {
  requireAccess(actor, 'mail', 'read');
  return selectMailMessagePage(ctx.db, actor.propertyId, query, (row) => {
    const { text: _text, ...item } = toMailMessage(row);
    return item;
  });
}

export async function getMailMessage(ctx: AppContext, actor: TActor, id: string): Promise<TMailMessage> {
  requireAccess(actor, 'mail', 'read');
  return toMailMessage(await findMessage(ctx.db, actor, id));
}

/** The message as an .eml file: what was sent, or what will be (an invoice's PDF joins it when sent). */
export async function getMailMessageEml(
  ctx: AppContext,
  actor: TActor,
  id: string,
): Promise<{ raw: string; fileName: string }> {
  requireAccess(actor, 'mail', 'read');
  const row = await findMessage(ctx.db, actor, id);
  return { raw: row.raw, fileName: `${row.kind}-${row.id}.eml` };
}

/** Queues a failed message again, with a send job of its own. */
export async function retryMailMessage(ctx: AppContext, actor: TActor, id: string): Promise<TMailMessage> {
  requireAccess(actor, 'mail', 'write');
  return ctx.db.transaction(async (tx) => {
    const row = await findMessage(tx, actor, id, { lock: true });
    if (row.status !== 'failed') throw new AppError('mail/not_failed', `the message is ${row.status}`);
    const updated = await updateMailMessage(tx, row.id, { status: 'queued', updatedAt: ctx.clock.now() });
    await ctx.jobs.enqueue(tx, {
      type: 'mail.send',
      payload: { mailMessageId: row.id },
      propertyId: row.propertyId,
      maxAttempts: mailSendAttempts,
    });
    return toMailMessage(updated);
  });
}

// ---------------------------------------------------------------------------------------------------
// Sending (the mail.send job)

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
