import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  parseExpand,
  ZCreateGroupRequest,
  ZUpdateGroupRequest,
  type TCreateGroupRequest,
  type TGroup,
  type TGroupListQuery,
  type TPaged,
  type TUpdateGroupRequest,
} from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { bookings, contacts, groups } from '../../db/schema/index.ts';
import { changedFields, recordEvent } from '../../lib/events.ts';
import { selectPage } from '../../lib/paging.ts';
import { findOwned, toRecord } from '../../lib/records.ts';
import { containsText } from '../../lib/text-search.ts';
import { requireAccess, type TActor, type TRoleActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { findContact, toContact } from '../contacts/contacts.service.ts';
import { noFigures, selectGroupBookings, selectGroupFigures } from './groups.queries.ts';

type TGroupRow = typeof groups.$inferSelect;

const ofProperty = (actor: TRoleActor, id?: string) =>
  and(eq(groups.propertyId, actor.propertyId), isNull(groups.deletedAt), id ? eq(groups.id, id) : undefined);

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
    expand.has('customer') && customerIds.length > 0
      ? db
          .select()
          .from(contacts)
          .where(and(eq(contacts.propertyId, actor.propertyId), inArray(contacts.id, customerIds)))
      : [],
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
  const where = and(ofProperty(actor), containsText([groups.name], query.query));
  const page = await selectPage(
    db,
    groups,
    where,
    [desc(groups.createdAt), desc(groups.id)],
    query,
    (row) => row,
  );
  return { ...page, data: await toGroups(db, actor, page.data, parseExpand(query.expand)) };
}

export async function createGroup(
  ctx: AppContext,
  actor: TActor,
  input: TCreateGroupRequest,
): Promise<TGroup> {
  requireAccess(actor, 'groups', 'write');
  const { db } = ctx;
  const data = ZCreateGroupRequest.parse(input);
  await assertCustomerOfProperty(db, actor, data.customerId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(groups)
      .values({ propertyId: actor.propertyId, ...data })
      .returning();
    await recordGroupEvent(tx, actor, row!.id, 'created');
    return toGroup(tx, actor, row!);
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
  input: TUpdateGroupRequest,
): Promise<TGroup> {
  requireAccess(actor, 'groups', 'write');
  const { db } = ctx;
  const data = ZUpdateGroupRequest.parse(input);
  await assertCustomerOfProperty(db, actor, data.customerId);
  return db.transaction(async (tx) => {
    const before = await findGroup(tx, actor, id);
    const [row] = await tx.update(groups).set(data).where(ofProperty(actor, id)).returning();
    const fields = changedFields(before, row!, Object.keys(data));
    if (fields.length > 0) await recordGroupEvent(tx, actor, id, 'updated', { fields });
    return toGroup(tx, actor, row!);
  });
}

/** Deletes a group (softly); its bookings keep their data but leave the group. */
export async function deleteGroup(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'groups', 'write');
  const { db } = ctx;
  await db.transaction(async (tx) => {
    await findGroup(tx, actor, id);
    await tx.update(groups).set({ deletedAt: ctx.clock.now() }).where(eq(groups.id, id));
    const released = await tx
      .update(bookings)
      .set({ groupId: null })
      .where(and(eq(bookings.propertyId, actor.propertyId), eq(bookings.groupId, id)))
      .returning({ id: bookings.id });
    await recordGroupEvent(tx, actor, id, 'deleted', { bookingIds: released.map((booking) => booking.id) });
    for (const booking of released) {
      await recordEvent(tx, {
        propertyId: actor.propertyId,
        actor,
        objectType: 'booking',
        objectId: booking.id,
        type: 'updated',
        data: { fields: ['groupId'] },
      });
    }
  });
}
