import type { TMailMessage, TMailMessageListQuery, TPaged } from '@pms/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { requireAccess, type TActor, type TRoleActor } from '../../actor.ts';
import {
  lockMailMessage,
  selectMailMessage,
  selectMailMessagePage,
  updateMailMessage,
  type TMailMessageRow,
} from './mail.queries.ts';
import { mailSendAttempts, toMailMessage } from './mail-queue.ts';

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
