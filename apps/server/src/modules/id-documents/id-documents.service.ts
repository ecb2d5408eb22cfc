import { imageMimeTypes, type TIdDocumentAnalysis } from '@pms/contract';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { sniffFileType } from '../files/index.ts';

/**
 * Reads the machine readable zone of an ID document picture, for staff who may edit contacts and for
 * the guest of a booking link. It only assists: nothing is stored, and the caller shows the fields for
 * confirmation. A picture without a zone is refused with `id/no_document_found`.
 */
export async function analyzeIdDocument(
  ctx: AppContext,
  actor: TActor,
  content: Buffer,
): Promise<TIdDocumentAnalysis> {
  if (actor.kind !== 'guest') requireAccess(actor, 'contacts', 'write');
  const { mimeType } = await sniffFileType(content);
  if (!imageMimeTypes.includes(mimeType))
    throw new AppError('file/type_not_allowed', 'Send a JPEG, PNG or WebP picture of the document.');
  // A guest's link reads one picture at a time; staff are trusted with the shared queue.
  const sender = actor.kind === 'guest' ? actor.bookingId : undefined;
  const analysis = await ctx.idDocuments.analyze(content, ctx.clock.now(), sender);
  if (!analysis)
    throw new AppError('id/no_document_found', 'no machine readable zone was found on the picture');
  return analysis;
}
