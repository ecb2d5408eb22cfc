import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sanitizeFilename from 'sanitize-filename';
import sharp from 'sharp';
import {
  allowedFileTypes,
  filePurposes,
  imageMimeTypes,
  type TFile,
  type TFileUrl,
  type TPageQuery,
  type TPaged,
} from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { hmac, safeEqual } from '../../lib/crypto.ts';
import { findProperty } from '../../lib/properties.ts';
import { toRecord } from '../../lib/records.ts';
import { findOwned } from '../../db/owned-records.ts';
import { requireAccess, requireBookingAccess, requireStaff, type TActor } from '../../actor.ts';
import {
  insertFile,
  isIssuedInvoiceDocument,
  markFileDeleted,
  markFilesDeleted,
  selectFilePage,
  selectLiveFile,
  type TFileRow,
} from './files.queries.ts';

export const downloadUrlLifetimeMs = 5 * 60 * 1000;
/** Pixels an uploaded image may have (a 10 MiB file could otherwise unpack to gigabytes). */
export const maxImagePixels = 50_000_000;
/** The longest side an uploaded image may have, in pixels. */
export const maxImageSide = 10_000;
/** How many times its shorter side an uploaded image's longer side may be. */
export const maxImageAspectRatio = 20;

/**
 * Whether an image of these dimensions is one a camera, a scanner or a signature pad makes: at most
 * `maxImagePixels`, no side over `maxImageSide`, and no sliver beyond `maxImageAspectRatio` to 1.
 */
export function isAcceptedImageSize({ width, height }: { width: number; height: number }): boolean {
  const [short, long] = width < height ? [width, height] : [height, width];
  return (
    short >= 1 &&
    long <= maxImageSide &&
    width * height <= maxImagePixels &&
    long <= maxImageAspectRatio * short
  );
}

/** A stored file as the API sends it. */
export function toFile(row: TFileRow): TFile {
  return {
    ...toRecord(row),
    name: row.name,
    purpose: row.purpose,
    type: row.type,
    mimeType: row.mimeType,
    size: row.size,
  };
}

/** Keeps a file name readable but harmless in paths and headers. */
export function sanitizeFileName(name: string): string {
  // Some browsers send the whole path of the client's file: only its last part names the file.
  const base = name.split(/[\\/]/).pop() ?? '';
  return sanitizeFilename(base).trim().slice(0, 200) || 'file';
}

/**
 * Sniffs the content's real type; only the allowed types are kept, whatever the name claims. An image
 * must have dimensions a picture has (read from its header, before any decoding) and decode whole: a
 * forged header or a truncated file is no image.
 */
export async function sniffFileType(content: Buffer): Promise<{ mimeType: string; extension: string }> {
  const detected = await fileTypeFromBuffer(content);
  const mimeType = detected?.mime;
  if (!mimeType || !(mimeType in allowedFileTypes)) {
    throw new AppError('file/type_not_allowed', 'Allowed are JPEG, PNG, WebP and PDF files.');
  }
  if (imageMimeTypes.includes(mimeType)) await assertImageReadable(content);
  return { mimeType, extension: allowedFileTypes[mimeType as keyof typeof allowedFileTypes] };
}

async function assertImageReadable(content: Buffer): Promise<void> {
  const { width = 0, height = 0 } = await sharp(content)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width === 0 || height === 0)
    throw new AppError('file/type_not_allowed', 'The image cannot be read: it is damaged or not an image.');
  if (!isAcceptedImageSize({ width, height }))
    throw new AppError(
      'file/image_dimensions',
      `An image of ${width} × ${height} pixels is not accepted: at most ${maxImageSide} pixels a side, ` +
        `${maxImagePixels / 1_000_000} megapixels and an aspect ratio of ${maxImageAspectRatio} to 1.`,
      { width, height },
    );
  try {
    // stats() reads every pixel; failOn 'error' also refuses a truncated image.
    await sharp(content, { failOn: 'error', limitInputPixels: maxImagePixels }).stats();
  } catch {
    throw new AppError('file/type_not_allowed', 'The image cannot be read: it is damaged or not an image.');
  }
}

export async function uploadFile(
  ctx: AppContext,
  actor: TActor,
  input: { name: string; content: Buffer; purpose: string | null },
): Promise<TFile> {
  requireAccess(actor, 'files', 'write');
  const { propertyId } = actor;
  const { mimeType, extension } = await sniffFileType(input.content);
  if (input.purpose === filePurposes.logo && !imageMimeTypes.includes(mimeType)) {
    throw new AppError('file/type_not_allowed', 'A logo must be a JPEG, PNG or WebP image.');
  }
  let name = sanitizeFileName(input.name);
  if (!name.toLowerCase().endsWith(extension) && !(extension === '.jpg' && /\.jpe?g$/i.test(name)))
    name += extension;
  return storeFile(ctx, ctx.db, propertyId, { ...input, name, extension, mimeType });
}

/** Puts the content in the store, then writes its row in `db`. */
async function storeFile(
  ctx: AppContext,
  db: Executor,
  propertyId: string,
  file: { name: string; extension: string; mimeType: string; content: Buffer; purpose: string | null },
): Promise<TFile> {
  const id = crypto.randomUUID();
  const storageKey = `${propertyId}/${id}`;
  await ctx.files.put(storageKey, file.content);
  const row = await insertFile(db, {
    id,
    propertyId,
    name: file.name,
    purpose: file.purpose,
    type: file.extension,
    mimeType: file.mimeType,
    size: file.content.length,
    storageKey,
  });
  return toFile(row);
}

/**
 * Stores a file the server made itself (an invoice's PDF or e-invoice XML) in the actor's property; its
 * row is written in `db`, the caller's transaction, after the content is in the store.
 */
export async function storeGeneratedFile(
  ctx: AppContext,
  actor: TActor,
  input: { name: string; extension: string; mimeType: string; content: Buffer; purpose: string },
  db: Executor = ctx.db,
): Promise<TFile> {
  requireAccess(actor, 'files', 'write');
  return storeFile(ctx, db, actor.propertyId, { ...input, name: sanitizeFileName(input.name) });
}

/**
 * Stores a file of one booking (a guest's ID scan or signature, the signed registration form): staff
 * with the files area, or the guest of that booking through the portal. Its row is written in `db`.
 */
export async function storeBookingFile(
  ctx: AppContext,
  actor: TActor,
  bookingId: string,
  input: { name: string; extension: string; mimeType: string; content: Buffer; purpose: string },
  db: Executor = ctx.db,
): Promise<TFile> {
  requireBookingAccess(actor, 'files', 'write', bookingId);
  return storeFile(ctx, db, actor.propertyId, { ...input, name: sanitizeFileName(input.name) });
}

/**
 * A file's content for a service that has already checked the actor may see what the file belongs to
 * (an invoice's document, for one).
 */
export async function openOwnedFile(
  ctx: AppContext,
  propertyId: string,
  id: string,
): Promise<{ file: TFile; stream: Readable }> {
  const row = await findFile(ctx, propertyId, id);
  return { file: toFile(row), stream: await ctx.files.get(row.storageKey) };
}

async function findFile(ctx: AppContext, propertyId: string, id: string): Promise<TFileRow> {
  return findOwned(ctx.db, files, propertyId, id, 'file');
}

export function listFiles(ctx: AppContext, actor: TActor, page: TPageQuery): Promise<TPaged<TFile>> {
  requireAccess(actor, 'files', 'read');
  return selectFilePage(ctx.db, actor.propertyId, page, toFile);
}

export async function getFile(ctx: AppContext, actor: TActor, id: string): Promise<TFile> {
  requireAccess(actor, 'files', 'read');
  return toFile(await findFile(ctx, actor.propertyId, id));
}

/**
 * A file's content; everyone in the property may see the property's current logo, every other file
 * (one uploaded as a logo but not in use included) needs the files area.
 */
export async function readFileContent(
  ctx: AppContext,
  actor: TActor,
  id: string,
): Promise<{ file: TFile; stream: Readable }> {
  requireStaff(actor);
  const row = await findFile(ctx, actor.propertyId, id);
  const isPropertyLogo = (await findProperty(ctx.db, actor.propertyId)).logoId === row.id;
  if (!isPropertyLogo) requireAccess(actor, 'files', 'read');
  assertNotIdPicture(row);
  return { file: toFile(row), stream: await ctx.files.get(row.storageKey) };
}

/**
 * Staff see an ID picture only through its contact's reveal, with a reason the history keeps (decision
 * 194): the plain content and link routes refuse it.
 */
function assertNotIdPicture(row: TFileRow): void {
  if (row.purpose === filePurposes.idDocument)
    throw new AppError(
      'file/id_picture_hidden',
      'An ID picture is shown through its contact, with a reason.',
    );
}

function signature(ctx: AppContext, id: string, expires: number): string {
  return hmac(ctx.signingKey, `file:${id}:${expires}`);
}

/** A download url that works without a session until it expires (for a new tab or an e-mail client). */
export async function createDownloadUrl(ctx: AppContext, actor: TActor, id: string): Promise<TFileUrl> {
  requireAccess(actor, 'files', 'read');
  assertNotIdPicture(await findFile(ctx, actor.propertyId, id));
  return createOwnedDownloadUrl(ctx, actor.propertyId, id);
}

/** A download url for a service that has already checked the actor may see the file. */
export async function createOwnedDownloadUrl(
  ctx: AppContext,
  propertyId: string,
  id: string,
): Promise<TFileUrl> {
  await findFile(ctx, propertyId, id);
  const expires = ctx.clock.now().getTime() + downloadUrlLifetimeMs;
  const query = new URLSearchParams({ expires: String(expires), signature: signature(ctx, id, expires) });
  return {
    url: `${ctx.config.publicUrl}/api/files/${id}/download?${query.toString()}`,
    expiresAt: new Date(expires).toISOString(),
  };
}

/** Reads a file through a signed url; a wrong or expired signature is refused. */
export async function readSignedFile(
  ctx: AppContext,
  id: string,
  expires: number,
  sent: string,
): Promise<{ file: TFile; stream: Readable }> {
  if (expires < ctx.clock.now().getTime() || !safeEqual(signature(ctx, id, expires), sent))
    throw new AppError('file/link_invalid');
  const row = await selectLiveFile(ctx.db, id);
  if (!row) throw notFound('file');
  return { file: toFile(row), stream: await ctx.files.get(row.storageKey) };
}

export async function deleteFile(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'files', 'write');
  const row = await findFile(ctx, actor.propertyId, id);
  if (await isIssuedInvoiceDocument(ctx.db, row.id)) throw new AppError('file/invoice_document');
  await markFileDeleted(ctx.db, row.id, ctx.clock.now());
  await ctx.files.delete(row.storageKey);
}

/**
 * Deletes files for good (data that must not be kept): their rows are marked deleted in `db`, the
 * caller's transaction; the store's objects are deleted by `removeStoredFiles` once that commits, so a
 * rollback leaves every file as it was.
 */
export function discardFiles(
  ctx: AppContext,
  db: Executor,
  propertyId: string,
  ids: readonly string[],
): Promise<string[]> {
  return markFilesDeleted(db, propertyId, ids, ctx.clock.now());
}

/** Deletes the store's objects of discarded files; how many the store could not delete now. */
export async function removeStoredFiles(ctx: AppContext, storageKeys: readonly string[]): Promise<number> {
  const results = await Promise.allSettled(storageKeys.map((key) => ctx.files.delete(key)));
  return results.filter((result) => result.status === 'rejected').length;
}
