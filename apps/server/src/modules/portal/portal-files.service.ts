import type { Readable } from 'node:stream';
import type { TFile, TFileUrl } from '@pms/contract';
import { requireGuest, type TActor, type TGuestActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { findProperty } from '../../lib/properties.ts';
import { createOwnedDownloadUrl, openOwnedFile } from '../files/index.ts';
import { isBookingGuestFile, isBookingInvoiceFile, isBookingOwnFile } from './portal.queries.ts';

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
