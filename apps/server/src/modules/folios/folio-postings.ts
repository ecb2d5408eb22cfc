import { todayIn, type TFolio } from '@pms/contract';
import type { TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { findOwned } from '../../db/owned-records.ts';
import { folios } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordEvent } from '../../lib/events.ts';
import { findProperty } from '../../lib/properties.ts';
import { toFolio } from './folios.mapper.ts';
import { selectFolioCharge, type TChargeRow, type TFolioRow } from './folios.queries.ts';

// What every posting on a folio shares: its lock, its entries' lookup, its event, the property's day.

/** The folio, locked for the posting, refused once closed: an invoice closing it waits or wins. */
export async function lockFolio(db: Executor, actor: TRoleActor, id: string): Promise<TFolioRow> {
  return findOwned(db, folios, actor.propertyId, id, 'folio', { lock: true });
}

export async function lockOpenFolio(db: Executor, actor: TRoleActor, id: string): Promise<TFolioRow> {
  const folio = await lockFolio(db, actor, id);
  if (folio.closedAt) throw new AppError('folio/closed', 'the folio is closed');
  return folio;
}

export async function findCharge(db: Executor, folio: TFolioRow, chargeId: string): Promise<TChargeRow> {
  const charge = await selectFolioCharge(db, folio.id, chargeId);
  if (!charge) throw new AppError('not_found', 'charge not found');
  return charge;
}

export function folioEvent(folio: TFolioRow, actor: TRoleActor, type: string, data: Record<string, unknown>) {
  return {
    propertyId: actor.propertyId,
    actor,
    objectType: 'folio' as const,
    objectId: folio.id,
    type,
    data: { bookingId: folio.bookingId, groupId: folio.groupId, ...data },
  };
}

/** What a posting records: the folio event's type and data. */
export type TPostingEvent = { type: string; data: Record<string, unknown> };

/**
 * One posting on an open folio, all or nothing: in a transaction, the folio locked (and refused once
 * closed), `post` writes its entries and answers the event to record; answers the folio as it is then.
 */
export function postOnOpenFolio(
  ctx: AppContext,
  actor: TRoleActor,
  folioId: string,
  post: (db: Executor, folio: TFolioRow) => Promise<TPostingEvent>,
): Promise<TFolio> {
  return ctx.db.transaction(async (tx) => {
    const folio = await lockOpenFolio(tx, actor, folioId);
    const event = await post(tx, folio);
    await recordEvent(tx, folioEvent(folio, actor, event.type, event.data));
    return toFolio(tx, folio);
  });
}

export async function today(ctx: AppContext, db: Executor, propertyId: string): Promise<string> {
  const property = await findProperty(db, propertyId);
  return todayIn(property.timeZone, ctx.clock.now());
}
