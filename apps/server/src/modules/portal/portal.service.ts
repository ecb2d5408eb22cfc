import type { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  filePurposes,
  missingRegistrationFields,
  nextBookingStatus,
  nightsBetween,
  portalWindow,
  registrationFormKind,
  type TFile,
  type TFileUrl,
  type TInvoice,
  type TPortalBooking,
  type TPortalCharges,
  type TPortalFolioSummary,
  type TPortalInvoices,
  type TUpdatePortalInvoiceRequest,
  type TPortalBookingMetadata,
  type TPortalGeneralSettings,
  type TPortalGuest,
  type TPortalHomeData,
  type TPortalProperty,
  type TRegistrationGuest,
  type TUpdatePortalGuestRequest,
} from '@pms/contract';
import { requireGuest, type TActor, type TGuestActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, invalidField, notFound } from '../../errors.ts';
import { renderRegistrationPdf } from '../../integrations/registration-forms/render-registration-pdf.ts';
import { changedFields, recordEvent } from '../../lib/events.ts';
import { findProperty, type TPropertyRow } from '../../lib/properties.ts';
import { checkInPaymentRefusal, performAction } from '../bookings/index.ts';
import {
  createOwnedDownloadUrl,
  openOwnedFile,
  sniffFileType,
  storeBookingFile,
  toFile,
  isAcceptedImageSize,
  maxImagePixels,
} from '../files/index.ts';
import { hasAccessToken, listAccessPoints } from '../doors/index.ts';
import { getBookingTotals, listFolios } from '../folios/index.ts';
import {
  cancelInvoice,
  createInvoice,
  issueInvoice,
  listInvoices,
  updateInvoice,
} from '../invoices/index.ts';
import {
  deleteGuestFile,
  hasBookingInvoices,
  hasCanceledBookingInvoice,
  insertGuestFile,
  isBookingGuestFile,
  isBookingInvoiceFile,
  isBookingOwnFile,
  markFileDeleted,
  selectBookingCustomerId,
  selectBookingGuests,
  selectBookingInvoice,
  selectContactFileRows,
  selectGeneralSettings,
  selectPortalBooking,
  selectPropertyFile,
  setBookingRegistrationFile,
  setBookingSignature,
  updateContactRegistration,
  updateGuestFamilyMember,
} from './portal.queries.ts';

type TPortalBookingRow = NonNullable<Awaited<ReturnType<typeof selectPortalBooking>>>;

/** Statuses after which the guest's registration is kept as it is. */
const settledStatuses = new Set(['checked_in', 'checked_out']);

/** HH:mm as the property stores it, hh:mm:ss as the portal reads it. */
const withSeconds = (time: string) => (time.length === 5 ? `${time}:00` : time);

async function findPortalBooking(db: Executor, actor: TGuestActor, lock = false): Promise<TPortalBookingRow> {
  const row = await selectPortalBooking(db, actor.propertyId, actor.bookingId, lock);
  if (!row) throw notFound('booking');
  return row;
}

/** The portal's features and the property info link, with their defaults. */
export async function loadSettings(db: Executor, propertyId: string): Promise<TPortalGeneralSettings> {
  const row = await selectGeneralSettings(db, propertyId);
  return {
    featurePreCheckIn: row?.featurePreCheckIn ?? true,
    featurePayment: row?.featurePayment ?? true,
    featureCheckInJack: row?.featureCheckInJack ?? false,
    propertyInfoUrl: row?.propertyInfoUrl ?? null,
  };
}

/**
 * The booking's guests with the documents handed in for this booking, and what each still lacks in the
 * property's country.
 */
export async function loadGuests(
  db: Executor,
  property: TPropertyRow,
  bookingId: string,
): Promise<TPortalGuest[]> {
  const rows = await selectBookingGuests(db, bookingId);
  const fileRows = await selectContactFileRows(
    db,
    bookingId,
    rows.map((row) => row.contact.id),
  );
  return rows.map(({ contact, isPrimary, isFamilyMember }) => {
    const guestFiles = fileRows.filter((row) => row.contactId === contact.id).map((row) => toFile(row.file));
    const registration: TRegistrationGuest = {
      name: contact.name,
      gender: contact.gender as TRegistrationGuest['gender'],
      dateOfBirth: contact.dateOfBirth,
      nationality: contact.nationality,
      address: contact.address,
      documentType: contact.documentType,
      documentNumber: contact.documentNumber,
      documentIssueDate: contact.documentIssueDate,
      documentIssuingAuthority: contact.documentIssuingAuthority,
      isFamilyMember,
      isPrimary,
      documentCount: guestFiles.length,
    };
    const missingFields = missingRegistrationFields(property.address.country, registration);
    return {
      id: contact.id,
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      gender: registration.gender,
      dateOfBirth: contact.dateOfBirth,
      nationality: contact.nationality,
      address: contact.address,
      documentType: contact.documentType,
      documentNumber: contact.documentNumber,
      documentIssueDate: contact.documentIssueDate,
      documentIssuingAuthority: contact.documentIssuingAuthority,
      isPrimary,
      isFamilyMember,
      files: guestFiles,
      isComplete: missingFields.length === 0,
      missingFields,
    };
  });
}

/** Everything the portal's rules read about the link's booking, in one place. */
async function loadStay(db: Executor, actor: TGuestActor, lock = false) {
  const row = await findPortalBooking(db, actor, lock);
  const property = await findProperty(db, actor.propertyId);
  const guests = await loadGuests(db, property, actor.bookingId);
  const signature = row.booking.signatureFileId
    ? await selectPropertyFile(db, actor.propertyId, row.booking.signatureFileId)
    : undefined;
  return { ...row, property, guests, signature: signature ? toFile(signature) : null };
}
type TStay = Awaited<ReturnType<typeof loadStay>>;

function toPortalBooking(stay: TStay): TPortalBooking {
  const { booking, property } = stay;
  const window = portalWindow(booking, property);
  return {
    id: booking.id,
    code: booking.code,
    status: booking.status,
    isCheckedIn: booking.status === 'checked_in',
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    checkInOpensAt: window.checkInOpensAt.toISOString(),
    expiresAt: window.expiresAt.toISOString(),
    numberOfNights: nightsBetween(booking.checkIn, booking.checkOut),
    occupancy: booking.occupancy,
    room: stay.room,
    securityCode: booking.status === 'checked_in' ? booking.securityCode : null,
    roomType: { id: stay.roomType.id, name: stay.roomType.name },
    guests: stay.guests,
    registrationForm: registrationFormKind(
      property.address.country,
      stay.guests.map((guest) => guest.nationality),
    ),
    hasSignature: stay.signature !== null,
    signature: stay.signature,
  };
}

const areGuestsComplete = (stay: TStay) =>
  stay.guests.length > 0 && stay.guests.every((guest) => guest.isComplete);

/**
 * The first rule that keeps the guest from checking in now, as the error it answers with, or null:
 * already checked in, before the check-in time, a guest incomplete, no signature, money due while
 * the property takes payments online (a debtor excepted).
 */
async function checkInBlocker(
  ctx: AppContext,
  db: Executor,
  stay: TStay,
  settings: TPortalGeneralSettings,
): Promise<AppError | null> {
  const { booking, property } = stay;
  if (settledStatuses.has(booking.status))
    return new AppError('portal/checked_in', 'the booking is checked in already');
  if (!nextBookingStatus(booking.status, 'check_in'))
    return new AppError('booking/invalid_transition', `a ${booking.status} booking cannot check in`);
  const { checkInOpensAt } = portalWindow(booking, property);
  if (ctx.clock.now() < checkInOpensAt)
    return new AppError('portal/check_in_not_open', `check-in opens at ${checkInOpensAt.toISOString()}`, {
      opensAt: checkInOpensAt.toISOString(),
    });
  if (!areGuestsComplete(stay)) {
    const incomplete = stay.guests.filter((guest) => !guest.isComplete).map((guest) => guest.id);
    return new AppError('portal/guests_incomplete', 'every guest must be registered completely', {
      guestIds: incomplete.join(','),
    });
  }
  if (!stay.signature) return new AppError('portal/signature_missing', 'the registration is not signed');
  if (!booking.roomId) return new AppError('booking/room_required', 'no room is assigned yet');
  // Without the portal's payment step, the desk takes the money: the guest is not held here.
  if (settings.featurePayment)
    return checkInPaymentRefusal(db, booking, booking.isDebtor || stay.customerIsDebtor);
  return null;
}

function assertNotSettled(stay: Pick<TStay, 'booking'>): void {
  if (settledStatuses.has(stay.booking.status))
    throw new AppError('portal/checked_in', 'the registration cannot change after check-in');
}

function toPortalProperty(property: TPropertyRow, settings: TPortalGeneralSettings): TPortalProperty {
  return {
    id: property.id,
    name: property.name,
    address: property.address,
    communication: property.communication,
    branding: {
      primaryColor: property.primaryColor,
      logoUrl: property.logoId ? `/api/portal/files/pms/${property.logoId}/content` : null,
    },
    checkInTime: withSeconds(property.checkInTime),
    checkOutTime: withSeconds(property.checkOutTime),
    timeZone: property.timeZone,
    currency: property.currency,
    country: property.address.country ?? null,
    features: {
      preCheckIn: settings.featurePreCheckIn,
      payment: settings.featurePayment,
      checkInKey: settings.featureCheckInJack,
    },
  };
}

export async function getPortalProperty(ctx: AppContext, actor: TActor): Promise<TPortalProperty> {
  requireGuest(actor);
  const property = await findProperty(ctx.db, actor.propertyId);
  return toPortalProperty(property, await loadSettings(ctx.db, actor.propertyId));
}

export async function getPortalBooking(ctx: AppContext, actor: TActor): Promise<TPortalBooking> {
  requireGuest(actor);
  return toPortalBooking(await loadStay(ctx.db, actor));
}

async function bookingMetadata(
  ctx: AppContext,
  stay: TStay,
  settings: TPortalGeneralSettings,
): Promise<TPortalBookingMetadata> {
  const { booking } = stay;
  const totals = await getBookingTotals(ctx.db, booking.propertyId, booking.id);
  const window = portalWindow(booking, stay.property);
  return {
    hasAccessToken: await hasAccessToken(ctx.db, booking.propertyId, booking.id),
    hasInvoices: await hasBookingInvoices(ctx.db, booking.id),
    isReadyForCheckIn: (await checkInBlocker(ctx, ctx.db, stay, settings)) === null,
    status: booking.status,
    grossAmount: totals.grossAmount,
    paidAmount: totals.paidAmount,
    dueAmount: totals.dueAmount,
    areGuestsComplete: areGuestsComplete(stay),
    hasSignature: stay.signature !== null,
    checkInOpensAt: window.checkInOpensAt.toISOString(),
    expiresAt: window.expiresAt.toISOString(),
  };
}

export async function getPortalBookingMetadata(
  ctx: AppContext,
  actor: TActor,
): Promise<TPortalBookingMetadata> {
  requireGuest(actor);
  const stay = await loadStay(ctx.db, actor);
  return bookingMetadata(ctx, stay, await loadSettings(ctx.db, actor.propertyId));
}

export async function getPortalGeneralSettings(
  ctx: AppContext,
  actor: TActor,
): Promise<TPortalGeneralSettings> {
  requireGuest(actor);
  return loadSettings(ctx.db, actor.propertyId);
}

/**
 * The home as the page carries it: the four reads of the portal's first load, and the doors when the
 * booking has a key (the home lists them with their open buttons).
 */
export async function getPortalHome(
  ctx: AppContext,
  actor: TActor,
): Promise<Omit<TPortalHomeData, 'linkId' | 'language'>> {
  requireGuest(actor);
  // One read of the stay and the settings for all four parts, as one snapshot of the booking.
  const stay = await loadStay(ctx.db, actor);
  const settings = await loadSettings(ctx.db, actor.propertyId);
  const metadata = await bookingMetadata(ctx, stay, settings);
  const accessPoints = metadata.hasAccessToken ? await listAccessPoints(ctx, actor, actor.bookingId) : null;
  return {
    property: toPortalProperty(stay.property, settings),
    booking: toPortalBooking(stay),
    metadata,
    settings,
    accessPoints,
  };
}

/** Changes one guest's registration; only this booking's guests, and only before check-in. */
export async function updatePortalGuest(
  ctx: AppContext,
  actor: TActor,
  guestId: string,
  input: TUpdatePortalGuestRequest,
): Promise<TPortalGuest> {
  requireGuest(actor);
  return ctx.db.transaction(async (tx) => {
    const row = await findPortalBooking(tx, actor, true);
    assertNotSettled(row);
    const property = await findProperty(tx, actor.propertyId);
    const before = (await loadGuests(tx, property, actor.bookingId)).find((guest) => guest.id === guestId);
    if (!before) throw notFound('guest');
    const { isFamilyMember, ...contactValues } = input;
    if (Object.keys(contactValues).length > 0)
      await updateContactRegistration(tx, guestId, contactValues, ctx.clock.now());
    if (isFamilyMember !== undefined)
      await updateGuestFamilyMember(tx, actor.bookingId, guestId, isFamilyMember);
    const after = (await loadGuests(tx, property, actor.bookingId)).find((guest) => guest.id === guestId)!;
    const changed = changedFields(before, after, Object.keys(input));
    if (changed.length > 0)
      await recordEvent(tx, {
        propertyId: actor.propertyId,
        actor,
        objectType: 'contact',
        objectId: guestId,
        type: 'updated',
        data: { changed, bookingId: actor.bookingId },
      });
    return after;
  });
}

/** Whether the content is an SVG document (by its text, as no magic number names SVG). */
function isSvg(content: Buffer): boolean {
  const head = content
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head);
}

/**
 * What an SVG of a signature pad (strokes) never has: a filter (a blur over a large picture keeps a
 * core busy for minutes), also a CSS one written with a character reference (`fil&#116;er`) or a CSS
 * escape (`fil\74 er`); a reference to another element or file; an entity.
 */
const unsignatureLikeSvg =
  /filter|&#|\\|@import|<!entity|href|<use[\s/>]|<image[\s/>]|<pattern[\s/>]|<mask[\s/>]|foreignobject/i;

/** Refuses an SVG a signature pad would not make, before it is drawn: see `unsignatureLikeSvg`, and sizes. */
async function assertSignatureLikeSvg(content: Buffer): Promise<void> {
  const refused = new AppError('portal/signature_type', 'the signature must be a PNG, JPEG or SVG image');
  if (unsignatureLikeSvg.test(content.toString('utf8'))) throw refused;
  const { width = 0, height = 0 } = await sharp(content)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (!isAcceptedImageSize({ width, height })) throw refused;
}

/**
 * The signature as a PNG: a PNG, JPEG or SVG by its content, whatever its name says. An SVG is drawn
 * to pixels here, so no script or reference in it ever reaches a browser or the PDF; one with what a
 * signature pad never writes (a filter, a reference, extreme dimensions) is refused before it is drawn.
 */
async function signatureImage(content: Buffer): Promise<Buffer> {
  let isImage = isSvg(content);
  if (isImage) await assertSignatureLikeSvg(content);
  if (!isImage) {
    try {
      const { mimeType } = await sniffFileType(content);
      isImage = mimeType === 'image/png' || mimeType === 'image/jpeg';
    } catch {
      isImage = false;
    }
  }
  if (!isImage) throw new AppError('portal/signature_type', 'the signature must be a PNG, JPEG or SVG image');
  try {
    return await sharp(content, { failOn: 'error', limitInputPixels: maxImagePixels }).png().toBuffer();
  } catch {
    throw new AppError('portal/signature_type', 'the signature image cannot be read');
  }
}

/** Stores the guest's signature (replacing an earlier one) before check-in. */
export async function updateSignature(ctx: AppContext, actor: TActor, content: Buffer): Promise<TFile> {
  requireGuest(actor);
  const image = await signatureImage(content);
  return ctx.db.transaction(async (tx) => {
    const row = await findPortalBooking(tx, actor, true);
    assertNotSettled(row);
    const file = await storeBookingFile(
      ctx,
      actor,
      actor.bookingId,
      {
        name: 'signature.png',
        extension: '.png',
        mimeType: 'image/png',
        content: image,
        purpose: filePurposes.signature,
      },
      tx,
    );
    const now = ctx.clock.now();
    if (row.booking.signatureFileId) await markFileDeleted(tx, row.booking.signatureFileId, now);
    await setBookingSignature(tx, actor.bookingId, file.id, now);
    return file;
  });
}

/** Removes the signature before check-in. */
export async function deleteSignature(ctx: AppContext, actor: TActor): Promise<void> {
  requireGuest(actor);
  await ctx.db.transaction(async (tx) => {
    const row = await findPortalBooking(tx, actor, true);
    assertNotSettled(row);
    if (!row.booking.signatureFileId) return;
    const now = ctx.clock.now();
    await markFileDeleted(tx, row.booking.signatureFileId, now);
    await setBookingSignature(tx, actor.bookingId, null, now);
  });
}

async function assertBookingGuest(db: Executor, actor: TGuestActor, contactId: string): Promise<void> {
  const guests = await selectBookingGuests(db, actor.bookingId);
  if (!guests.some((guest) => guest.contact.id === contactId)) throw notFound('guest');
}

/** Uploads an ID document of one of the booking's guests, before check-in. */
export async function uploadGuestDocument(
  ctx: AppContext,
  actor: TActor,
  contactId: string,
  input: { name: string; content: Buffer },
): Promise<TFile> {
  requireGuest(actor);
  const { mimeType, extension } = await sniffFileType(input.content);
  return ctx.db.transaction(async (tx) => {
    const row = await findPortalBooking(tx, actor, true);
    assertNotSettled(row);
    await assertBookingGuest(tx, actor, contactId);
    let name = input.name;
    if (!name.toLowerCase().endsWith(extension)) name += extension;
    const file = await storeBookingFile(
      ctx,
      actor,
      actor.bookingId,
      { name, extension, mimeType, content: input.content, purpose: filePurposes.idDocument },
      tx,
    );
    await insertGuestFile(tx, actor.bookingId, contactId, file.id);
    return file;
  });
}

/** Deletes an ID document of one of the booking's guests, before check-in. */
export async function deleteGuestDocument(
  ctx: AppContext,
  actor: TActor,
  contactId: string,
  fileId: string,
): Promise<void> {
  requireGuest(actor);
  await ctx.db.transaction(async (tx) => {
    const row = await findPortalBooking(tx, actor, true);
    assertNotSettled(row);
    await assertBookingGuest(tx, actor, contactId);
    if (!(await deleteGuestFile(tx, actor.bookingId, contactId, fileId))) throw notFound('file');
    await markFileDeleted(tx, fileId, ctx.clock.now());
  });
}

/**
 * Pre-check-in: the guest confirms a complete, signed registration. Refused (with the rule's code)
 * while it is not; answers whether check-in itself could run now.
 */
export async function preCheckIn(
  ctx: AppContext,
  actor: TActor,
): Promise<{ isReadyForCheckIn: boolean; booking: TPortalBooking }> {
  requireGuest(actor);
  const stay = await loadStay(ctx.db, actor);
  assertNotSettled(stay);
  if (!areGuestsComplete(stay))
    throw new AppError('portal/guests_incomplete', 'every guest must be registered completely', {
      guestIds: stay.guests
        .filter((guest) => !guest.isComplete)
        .map((guest) => guest.id)
        .join(','),
    });
  if (!stay.signature) throw new AppError('portal/signature_missing', 'the registration is not signed');
  const settings = await loadSettings(ctx.db, actor.propertyId);
  // Staff see the confirmation in the booking's history and its portal progress.
  await recordEvent(ctx.db, {
    propertyId: actor.propertyId,
    actor,
    objectType: 'booking',
    objectId: actor.bookingId,
    type: 'pre_checked_in',
  });
  return {
    isReadyForCheckIn: (await checkInBlocker(ctx, ctx.db, stay, settings)) === null,
    booking: toPortalBooking(stay),
  };
}

/**
 * Checks the guest in through the bookings module (an event names the guest) once every rule holds,
 * and returns the signed registration form, stored on the booking in the same transaction.
 */
export async function checkIn(ctx: AppContext, actor: TActor): Promise<{ file: TFile; content: Buffer }> {
  requireGuest(actor);
  return ctx.db.transaction(async (tx) => {
    const stay = await loadStay(tx, actor, true);
    const settings = await loadSettings(tx, actor.propertyId);
    const blocker = await checkInBlocker(ctx, tx, stay, settings);
    if (blocker) throw blocker;
    // Read in the transaction (PGlite has one connection, which the transaction holds).
    const signatureRow = await selectPropertyFile(tx, actor.propertyId, stay.signature!.id);
    const signature = await readAll(await ctx.files.get(signatureRow!.storageKey));
    const now = ctx.clock.now();
    const content = await renderRegistrationPdf({
      kind: registrationFormKind(
        stay.property.address.country,
        stay.guests.map((guest) => guest.nationality),
      ),
      property: { name: stay.property.name, address: stay.property.address },
      booking: {
        code: stay.booking.code,
        checkIn: stay.booking.checkIn,
        checkOut: stay.booking.checkOut,
        roomNumber: stay.room?.number ?? null,
      },
      guests: stay.guests,
      signature,
      signedAt: now,
      timeZone: stay.property.timeZone,
    });
    await performAction({ ...ctx, db: tx }, actor, actor.bookingId, 'check_in', {
      allowDueAmount: !settings.featurePayment,
    });
    const file = await storeBookingFile(
      ctx,
      actor,
      actor.bookingId,
      {
        name: `registration-${stay.booking.code}.pdf`,
        extension: '.pdf',
        mimeType: 'application/pdf',
        content,
        purpose: 'registration',
      },
      tx,
    );
    await setBookingRegistrationFile(tx, actor.bookingId, file.id);
    return { file, content };
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A file the guest handed in or the check-in made for this booking (signature, ID scans, the form). */
export async function readOwnFile(
  ctx: AppContext,
  actor: TActor,
  fileId: string,
): Promise<{ file: TFile; stream: Readable }> {
  requireGuest(actor);
  const isOwn =
    (await isBookingOwnFile(ctx.db, actor.bookingId, fileId)) ||
    (await isBookingGuestFile(ctx.db, actor.bookingId, fileId));
  if (!isOwn) throw notFound('file');
  return openOwnedFile(ctx, actor.propertyId, fileId);
}

/** Whether a file of the property is one the guest may see: the logo, this booking's invoice PDFs. */
async function assertPropertyFileVisible(ctx: AppContext, actor: TGuestActor, fileId: string): Promise<void> {
  const property = await findProperty(ctx.db, actor.propertyId);
  if (property.logoId === fileId) return;
  if (await isBookingInvoiceFile(ctx.db, actor.bookingId, fileId)) return;
  throw notFound('file');
}

export async function readPropertyFile(
  ctx: AppContext,
  actor: TActor,
  fileId: string,
): Promise<{ file: TFile; stream: Readable }> {
  requireGuest(actor);
  await assertPropertyFileVisible(ctx, actor, fileId);
  return openOwnedFile(ctx, actor.propertyId, fileId);
}

export async function createPropertyFileUrl(
  ctx: AppContext,
  actor: TActor,
  fileId: string,
): Promise<TFileUrl> {
  requireGuest(actor);
  await assertPropertyFileVisible(ctx, actor, fileId);
  return createOwnedDownloadUrl(ctx, actor.propertyId, fileId);
}

/** The booking's totals over all its folios and per folio. */
export async function getFolioSummary(ctx: AppContext, actor: TActor): Promise<TPortalFolioSummary> {
  requireGuest(actor);
  const { data, totals } = await listFolios(ctx, actor, { bookingId: actor.bookingId });
  return {
    ...totals,
    folios: data.map((folio) => ({ id: folio.id, name: folio.name, ...folio.totals })),
  };
}

/** Every entry of the booking's folios, in the order they were posted. */
export async function listCharges(ctx: AppContext, actor: TActor): Promise<TPortalCharges> {
  requireGuest(actor);
  const { data } = await listFolios(ctx, actor, { bookingId: actor.bookingId });
  return {
    data: data.flatMap((folio) =>
      folio.charges.map((charge) => ({
        id: charge.id,
        folioId: charge.folioId,
        kind: charge.kind,
        itemId: charge.itemId,
        quantity: charge.quantity,
        text: charge.text,
        netAmount: charge.netAmount,
        taxAmount: charge.taxAmount,
        taxPercentage: charge.taxPercentage,
        grossAmount: charge.grossAmount,
        default: charge.default,
        bookedOn: charge.bookedOn,
      })),
    ),
  };
}

/** The booking's invoices, newest first as the invoices module lists them. */
export async function listPortalInvoices(ctx: AppContext, actor: TActor): Promise<TPortalInvoices> {
  requireGuest(actor);
  const page = await listInvoices(ctx, actor, { bookingId: actor.bookingId, pageNumber: 1, pageSize: 100 });
  return { data: page.data };
}

/**
 * Changes an invoice of the booking through the invoices module: the billing address, the additional
 * text, or the recipient, who must be the booking's customer or one of its guests; the folio cannot
 * change. A draft is changed; an issued (open or paid) invoice is re-issued in one transaction: it is
 * canceled by a cancellation invoice and a new invoice with the changes is issued over the same folio.
 * Once an invoice of the booking was canceled, issued invoices are no longer re-issued from the portal
 * (409 `invoice/immutable`), as the spec's screen disables editing then.
 */
export async function updatePortalInvoice(
  ctx: AppContext,
  actor: TActor,
  invoiceId: string,
  input: TUpdatePortalInvoiceRequest,
): Promise<TInvoice> {
  requireGuest(actor);
  const invoice = await selectBookingInvoice(ctx.db, actor.bookingId, invoiceId);
  if (!invoice) throw notFound('invoice');
  if (input.folioId !== undefined && input.folioId !== invoice.folioId)
    throw invalidField('body/folioId', 'an invoice stays on its folio');
  if (input.customerId) {
    const guests = await selectBookingGuests(ctx.db, actor.bookingId);
    const people = new Set([
      ...guests.map((guest) => guest.contact.id),
      await selectBookingCustomerId(ctx.db, actor.bookingId),
    ]);
    if (!people.has(input.customerId)) throw notFound('contact');
  }
  const { folioId: _folioId, ...changes } = input;
  if (invoice.status === 'draft') return updateInvoice(ctx, actor, invoiceId, changes);
  if (!['open', 'paid'].includes(invoice.status) || invoice.cancels)
    throw new AppError('invoice/immutable', 'a canceled invoice or a cancellation is not changed');
  if (await hasCanceledBookingInvoice(ctx.db, actor.bookingId))
    throw new AppError('invoice/immutable', 'an invoice of this stay was canceled already');
  return ctx.db.transaction(async (tx) => {
    // The invoices module's calls join this transaction: all of the re-issue happens, or none.
    const inTransaction: AppContext = { ...ctx, db: tx };
    await cancelInvoice(inTransaction, actor, invoiceId);
    const draft = await createInvoice(inTransaction, actor, {
      folioId: invoice.folioId,
      draft: true,
      closeWithDueAmount: false,
    });
    const kept = <K extends keyof typeof changes & keyof typeof invoice>(key: K) =>
      changes[key] !== undefined ? changes[key] : invoice[key];
    await updateInvoice(inTransaction, actor, draft.id, {
      customerId: kept('customerId'),
      recipientCompany: kept('recipientCompany'),
      recipientVatId: kept('recipientVatId'),
      billingAddress: changes.billingAddress ?? invoice.billingAddress,
      saveAddressToContact: changes.saveAddressToContact,
      additionalText: kept('additionalText'),
    });
    return issueInvoice(inTransaction, actor, draft.id, { closeWithDueAmount: true });
  });
}
