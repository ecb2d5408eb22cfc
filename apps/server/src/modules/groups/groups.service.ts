import type { z } from 'zod';
import type { ZCreateGroupRequest, ZUpdateGroupRequest } from '@pms/contract';
import { parseExpand, type TGroup, type TGroupListQuery, type TPaged } from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { groups } from '../../db/schema/index.ts';
import { changedFields, recordEvent } from '../../lib/events.ts';
import { toRecord } from '../../lib/records.ts';
import { findOwned } from '../../db/owned-records.ts';
import { requireAccess, type TActor, type TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { findContact, findContactsByIds, toContact } from '../contacts/index.ts';
import {
  insertGroup,
  markGroupDeleted,
  noFigures,
  releaseGroupBookings,
  selectGroupBookings,
  selectGroupFigures,
  selectGroupPage,
  updateGroupRow,
  type TGroupRow,
} from './groups.queries.ts';

async function findGroup(db: Executor, actor: TRoleActor, id: string): Promise<TGroupRow> {
  return findOwned(db, groups, actor.propertyId, id, 'group');
}

/** Groups as the API sends them: with their figures, and the customer and bookings when asked for. */
async function toGroups(
  db: Executor,
  actor: TRoleActor,
  rows: TGroupRow[],
  expand: Set<string>,
): Promise<TGroup[]> {
  const ids = rows.map((row) => row.id);
  const customerIds = rows.flatMap((row) => (row.customerId ? [row.customerId] : []));
  const [figures, groupBookings, customers] = await Promise.all([
    selectGroupFigures(db, ids),
    expand.has('bookings') ? selectGroupBookings(db, ids) : null,
    expand.has('customer') && customerIds.length > 0 ? findContactsByIds(db, actor, customerIds) : [],
  ]);
  const customerById = new Map(customers.map((row) => [row.id, toContact(row)]));
  return rows.map((row) => ({
    ...toRecord(row),
    name: row.name,
    customerId: row.customerId,
    ...(figures.get(row.id) ?? noFigures),
    ...(expand.has('customer') ? { customer: customerById.get(row.customerId ?? '') ?? null } : {}),
    ...(groupBookings ? { bookings: groupBookings.get(row.id) ?? [] } : {}),
  }));
}

async function toGroup(
  db: Executor,
  actor: TRoleActor,
  row: TGroupRow,
  expand = new Set<string>(),
): Promise<TGroup> {
  const [group] = await toGroups(db, actor, [row], expand);
  return group!;
}

async function assertCustomerOfProperty(
  db: Executor,
  actor: TRoleActor,
  customerId: string | null | undefined,
): Promise<void> {
  if (customerId) await findContact(db, actor, customerId);
}

function recordGroupEvent(
  db: Executor,
  actor: TRoleActor,
  groupId: string,
  type: string,
  data?: Record<string, unknown>,
) {
  return recordEvent(db, {
    propertyId: actor.propertyId,
    actor,
    objectType: 'group',
    objectId: groupId,
    type,
    data,
  });
}

export async function listGroups(
  ctx: AppContext,
  actor: TActor,
  query: TGroupListQuery,
): Promise<TPaged<TGroup>> {
  requireAccess(actor, 'groups', 'read');
  const { db } = ctx;
  const page = await selectGroupPage(db, actor.propertyId, query, (row) => row);
  return { ...page, data: await toGroups(db, actor, page.data, parseExpand(query.expand)) };
}

export async function createGroup(
  ctx: AppContext,
  actor: TActor,
  input: z.output<typeof ZCreateGroupRequest>,
): Promise<TGroup> {
  requireAccess(actor, 'groups', 'write');
  const { db } = ctx;
  const data = input;
  await assertCustomerOfProperty(db, actor, data.customerId);
  return db.transaction(async (tx) => {
    const row = await insertGroup(tx, { propertyId: actor.propertyId, ...data });
    await recordGroupEvent(tx, actor, row.id, 'created');
    return toGroup(tx, actor, row);
  });
}

export async function getGroup(ctx: AppContext, actor: TActor, id: string, expand?: string): Promise<TGroup> {
  requireAccess(actor, 'groups', 'read');
  const { db } = ctx;
  return toGroup(db, actor, await findGroup(db, actor, id), parseExpand(expand));
}

export async function updateGroup(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: z.output<typeof ZUpdateGroupRequest>,
): Promise<TGroup> {
  requireAccess(actor, 'groups', 'write');
  const { db } = ctx;
  const data = input;
  await assertCustomerOfProperty(db, actor, data.customerId);
  return db.transaction(async (tx) => {
    const before = await findGroup(tx, actor, id);
    const row = await updateGroupRow(tx, actor.propertyId, id, data);
    const fields = changedFields(before, row!, Object.keys(data));
    if (fields.length > 0) await recordGroupEvent(tx, actor, id, 'updated', { changed: fields });
    return toGroup(tx, actor, row!);
  });
}

/** Deletes a group (softly); its bookings keep their data but leave the group. */
export async function deleteGroup(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'groups', 'write');
  const { db } = ctx;
  await db.transaction(async (tx) => {
    await findGroup(tx, actor, id);
    await markGroupDeleted(tx, id, ctx.clock.now());
    const releasedIds = await releaseGroupBookings(tx, actor.propertyId, id);
    await recordGroupEvent(tx, actor, id, 'deleted', { bookingIds: releasedIds });
    for (const bookingId of releasedIds) {
      await recordEvent(tx, {
        propertyId: actor.propertyId,
        actor,
        objectType: 'booking',
        objectId: bookingId,
        type: 'updated',
        data: { changed: ['groupId'] },
      });
    }
  });
}
