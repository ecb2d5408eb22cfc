import sharp from 'sharp';
import { filePurposes, type TFile } from '@pms/contract';
import { requireGuest, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isAcceptedImageSize, maxImagePixels, sniffFileType, storeBookingFile } from '../files/index.ts';
import { markFileDeleted, setBookingSignature } from './portal.queries.ts';
import { assertNotSettled, findPortalBooking } from './portal-stay.ts';

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
