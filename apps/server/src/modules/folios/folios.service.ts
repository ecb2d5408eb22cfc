import {
  addFolioTotals,
  type TCreateFolioRequest,
  type TFolio,
  type TFolioList,
  type TFolioListQuery,
  type TFolioTotals,
  type TUpdateFolioRequest,
} from '@pms/contract';
import { requireAccess, requireBookingAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { findOwned } from '../../db/owned-records.ts';
import { folios } from '../../db/schema/index.ts';
import { recordEvent } from '../../lib/events.ts';
import { assertContactOwned } from '../contacts/index.ts';
import { assertGroupOwned, findOwnedGroup } from '../groups/index.ts';
import {
  findFolioBooking,
  insertFolioRow,
  selectFolios,
  selectFolioSums,
  updateFolioRow,
} from './folios.queries.ts';
import { toFolio, toFolios, totalsOf } from './folios.mapper.ts';
import { folioEvent, lockOpenFolio } from './folio-postings.ts';

/** Totals of one folio: what invoices read to know whether it is paid. */
export async function getFolioTotals(db: Executor, folioId: string): Promise<TFolioTotals> {
  return totalsOf((await selectFolioSums(db, [folioId])).get(folioId));
}

/** Totals over all folios of a booking (its own and the split ones): what the balance rules check. */
export async function getBookingTotals(
  db: Executor,
  propertyId: string,
  bookingId: string,
): Promise<TFolioTotals> {
  const rows = await selectFolios(db, propertyId, { bookingId });
  const sums = await selectFolioSums(
    db,
    rows.map((row) => row.id),
  );
  return addFolioTotals(rows.map((row) => totalsOf(sums.get(row.id))));
}

/** A booking's own folios (its split ones included), oldest first, each with its totals. */
export async function getBookingFolios(
  db: Executor,
  propertyId: string,
  bookingId: string,
): Promise<{ id: string; isClosed: boolean; totals: TFolioTotals }[]> {
  const rows = await selectFolios(db, propertyId, { bookingId });
  const sums = await selectFolioSums(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    isClosed: row.closedAt !== null,
    totals: totalsOf(sums.get(row.id)),
  }));
}

export async function listFolios(
  ctx: AppContext,
  actor: TActor,
  query: TFolioListQuery,
): Promise<TFolioList> {
  // A booking's folios: also its guest through the portal.
  if (query.bookingId) requireBookingAccess(actor, 'folios', 'read', query.bookingId);
  else requireAccess(actor, 'folios', 'read');
  const { db } = ctx;
  if (query.bookingId) await findFolioBooking(db, actor.propertyId, query.bookingId);
  if (query.groupId) await assertGroupOwned(db, actor.propertyId, query.groupId);
  const data = await toFolios(db, await selectFolios(db, actor.propertyId, query));
  return { data, totals: addFolioTotals(data.map((folio) => folio.totals)) };
}

export async function getFolio(ctx: AppContext, actor: TActor, id: string): Promise<TFolio> {
  requireAccess(actor, 'folios', 'read');
  return toFolio(ctx.db, await findOwned(ctx.db, folios, actor.propertyId, id, 'folio'));
}

/** An extra folio of a booking (to split its bill), or a folio of a group (the group folio). */
export async function createFolio(
  ctx: AppContext,
  actor: TActor,
  input: TCreateFolioRequest,
): Promise<TFolio> {
  requireAccess(actor, 'folios', 'write');
  return ctx.db.transaction(async (tx) => {
    const owner = input.bookingId
      ? await findFolioBooking(tx, actor.propertyId, input.bookingId)
      : await findOwnedGroup(tx, actor.propertyId, input.groupId!);
    if (input.customerId) await assertContactOwned(tx, actor.propertyId, input.customerId, 'customer');
    const row = await insertFolioRow(tx, {
      propertyId: actor.propertyId,
      bookingId: input.bookingId ?? null,
      groupId: input.groupId ?? null,
      customerId: input.customerId === undefined ? owner.customerId : input.customerId,
      name: input.name ?? null,
      isGroupFolio: input.groupId !== undefined,
      isVirtualPayment: input.isVirtualPayment ?? false,
    });
    await recordEvent(tx, folioEvent(row, actor, 'folio_created', { name: row.name }));
    return toFolio(tx, row);
  });
}

export async function updateFolio(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateFolioRequest,
): Promise<TFolio> {
  requireAccess(actor, 'folios', 'write');
  return ctx.db.transaction(async (tx) => {
    const folio = await lockOpenFolio(tx, actor, id);
    if (input.customerId) await assertContactOwned(tx, actor.propertyId, input.customerId, 'customer');
    const row = await updateFolioRow(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.customerId !== undefined ? { customerId: input.customerId } : {}),
      ...(input.isVirtualPayment !== undefined ? { isVirtualPayment: input.isVirtualPayment } : {}),
    });
    await recordEvent(tx, folioEvent(folio, actor, 'folio_updated', { ...input }));
    return toFolio(tx, row);
  });
}
