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
import type { Db, Executor } from '../../db/client.ts';
import { bookings, contacts, groups } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { changedFields, recordEvent } from '../../lib/events.ts';
import { selectPage } from '../../lib/paging.ts';
import { toRecord } from '../../lib/records.ts';
import { containsText } from '../../lib/text-search.ts';
import type { TAuth } from '../../plugins/auth.ts';
import { findContact, toContact } from '../contacts/contacts.service.ts';
import { noFigures, selectGroupBookings, selectGroupFigures } from './groups.queries.ts';

type TGroupRow = typeof groups.$inferSelect;

const ofProperty = (auth: TAuth, id?: string) =>
  and(eq(groups.propertyId, auth.propertyId), isNull(groups.deletedAt), id ? eq(groups.id, id) : undefined);

async function findGroup(db: Executor, auth: TAuth, id: string): Promise<TGroupRow> {
  const [row] = await db.select().from(groups).where(ofProperty(auth, id));
  if (!row) throw notFound('group');
  return row;
}

/** Groups as the API sends them: with their figures, and the customer and bookings when asked for. */
async function toGroups(
  db: Executor,
  auth: TAuth,
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
          .where(and(eq(contacts.propertyId, auth.propertyId), inArray(contacts.id, customerIds)))
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
  auth: TAuth,
  row: TGroupRow,
  expand = new Set<string>(),
): Promise<TGroup> {
  const [group] = await toGroups(db, auth, [row], expand);
  return group!;
}

async function assertCustomerOfProperty(
  db: Executor,
  auth: TAuth,
  customerId: string | null | undefined,
): Promise<void> {
  if (customerId) await findContact(db, auth, customerId);
}

function recordGroupEvent(
  db: Executor,
  auth: TAuth,
  groupId: string,
  type: string,
  data?: Record<string, unknown>,
) {
  return recordEvent(db, {
    propertyId: auth.propertyId,
    auth,
    objectType: 'group',
    objectId: groupId,
    type,
    data,
  });
}

export async function listGroups(db: Db, auth: TAuth, query: TGroupListQuery): Promise<TPaged<TGroup>> {
  const where = and(ofProperty(auth), containsText([groups.name], query.query));
  const page = await selectPage(
    db,
    groups,
    where,
    [desc(groups.createdAt), desc(groups.id)],
    query,
    (row) => row,
  );
  return { ...page, data: await toGroups(db, auth, page.data, parseExpand(query.expand)) };
}

export async function createGroup(db: Db, auth: TAuth, input: TCreateGroupRequest): Promise<TGroup> {
  const data = ZCreateGroupRequest.parse(input);
  await assertCustomerOfProperty(db, auth, data.customerId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(groups)
      .values({ propertyId: auth.propertyId, ...data })
      .returning();
    await recordGroupEvent(tx, auth, row!.id, 'created');
    return toGroup(tx, auth, row!);
  });
}

export async function getGroup(db: Db, auth: TAuth, id: string, expand?: string): Promise<TGroup> {
  return toGroup(db, auth, await findGroup(db, auth, id), parseExpand(expand));
}

export async function updateGroup(
  db: Db,
  auth: TAuth,
  id: string,
  input: TUpdateGroupRequest,
): Promise<TGroup> {
  const data = ZUpdateGroupRequest.parse(input);
  await assertCustomerOfProperty(db, auth, data.customerId);
  return db.transaction(async (tx) => {
    const before = await findGroup(tx, auth, id);
    const [row] = await tx.update(groups).set(data).where(ofProperty(auth, id)).returning();
    const fields = changedFields(before, row!, Object.keys(data));
    if (fields.length > 0) await recordGroupEvent(tx, auth, id, 'updated', { fields });
    return toGroup(tx, auth, row!);
  });
}

/** Deletes a group (softly); its bookings keep their data but leave the group. */
export async function deleteGroup(db: Db, auth: TAuth, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await findGroup(tx, auth, id);
    await tx.update(groups).set({ deletedAt: new Date() }).where(eq(groups.id, id));
    const released = await tx
      .update(bookings)
      .set({ groupId: null })
      .where(and(eq(bookings.propertyId, auth.propertyId), eq(bookings.groupId, id)))
      .returning({ id: bookings.id });
    await recordGroupEvent(tx, auth, id, 'deleted', { bookingIds: released.map((booking) => booking.id) });
    for (const booking of released) {
      await recordEvent(tx, {
        propertyId: auth.propertyId,
        auth,
        objectType: 'booking',
        objectId: booking.id,
        type: 'updated',
        data: { fields: ['groupId'] },
      });
    }
  });
}
