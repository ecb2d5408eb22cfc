import type { TFileUrl, TRevealFileRequest } from '@pms/contract';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { createOwnedDownloadUrl } from '../files/index.ts';
import { isContactFile, updateContactFileConfirmed } from './contacts.queries.ts';
import { findContact, recordContactEvent } from './contacts.service.ts';

/**
 * Staff confirm the data read from a contact's ID picture (compared with the record): the picture's
 * deletion runs from then (decision 194). Confirming again keeps the first time.
 */
export async function confirmContactDocument(
  ctx: AppContext,
  actor: TActor,
  id: string,
  fileId: string,
): Promise<void> {
  requireAccess(actor, 'contacts', 'write');
  await ctx.db.transaction(async (tx) => {
    await findContact(tx, actor, id);
    if (!(await isContactFile(tx, id, fileId))) throw notFound('file');
    const by = actor.kind === 'user' ? actor.id : null;
    await updateContactFileConfirmed(tx, id, fileId, ctx.clock.now(), by);
    await recordContactEvent(tx, actor, id, 'document_confirmed', { fileId });
  });
}

/**
 * Shows a contact's ID picture to staff: only with a reason, which the contact's history keeps with who
 * and when, then a short-lived link to the picture (decision 194).
 */
export async function revealContactDocument(
  ctx: AppContext,
  actor: TActor,
  id: string,
  fileId: string,
  input: TRevealFileRequest,
): Promise<TFileUrl> {
  requireAccess(actor, 'contacts', 'read');
  await ctx.db.transaction(async (tx) => {
    await findContact(tx, actor, id);
    if (!(await isContactFile(tx, id, fileId))) throw notFound('file');
    await recordContactEvent(tx, actor, id, 'document_revealed', { fileId, reason: input.reason });
  });
  return createOwnedDownloadUrl(ctx, actor.propertyId, fileId);
}
