import { and, eq, ne, sql } from 'drizzle-orm';
import {
  ZCreateRoomTypeRequest,
  ZUpdateRoomTypeRequest,
  type TCreateRoomTypeRequest,
  type TPageQuery,
  type TPaged,
  type TRoomType,
  type TUpdateRoomTypeRequest,
} from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { roomTypes } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { findOwned } from '../../lib/records.ts';
import { selectPage } from '../../lib/paging.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { ofProperty, references, selectPriceOutsideOccupancy } from './base-data.queries.ts';
import { toRoomType } from './base-data.mapper.ts';
import { deleteOwned, firstOrNotFound, order } from './base-data.service.ts';

export function listRoomTypes(ctx: AppContext, actor: TActor, page: TPageQuery): Promise<TPaged<TRoomType>> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return selectPage(
    db,
    roomTypes,
    ofProperty(roomTypes, actor.propertyId),
    order.roomTypes,
    page,
    toRoomType,
  );
}

export async function getRoomType(ctx: AppContext, actor: TActor, id: string): Promise<TRoomType> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return toRoomType(await findOwned(db, roomTypes, actor.propertyId, id, 'room type'));
}

/** Keeps at most one default room type: the one just marked. */
async function clearOtherDefaultRoomTypes(tx: Executor, propertyId: string, id: string): Promise<void> {
  await tx
    .update(roomTypes)
    .set({ isDefault: false })
    .where(and(ofProperty(roomTypes, propertyId), eq(roomTypes.isDefault, true), ne(roomTypes.id, id)));
}

// A new room type comes after the property's others.
const nextRoomTypeSortOrder = (propertyId: string) =>
  sql<number>`(select coalesce(max(${roomTypes.sortOrder}) + 1, 0) from ${roomTypes} where ${roomTypes.propertyId} = ${propertyId})`;

export async function createRoomType(
  ctx: AppContext,
  actor: TActor,
  input: TCreateRoomTypeRequest,
): Promise<TRoomType> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = ZCreateRoomTypeRequest.parse(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(roomTypes)
      .values({ ...data, propertyId: actor.propertyId, sortOrder: nextRoomTypeSortOrder(actor.propertyId) })
      .returning();
    if (row!.isDefault) await clearOtherDefaultRoomTypes(tx, actor.propertyId, row!.id);
    return toRoomType(row!);
  });
}

export async function updateRoomType(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateRoomTypeRequest,
): Promise<TRoomType> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = ZUpdateRoomTypeRequest.parse(input);
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(roomTypes)
      .set({ ...data, externalId: data.externalId ?? null })
      .where(ofProperty(roomTypes, actor.propertyId, id))
      .returning();
    const row = firstOrNotFound(rows, 'room type');
    const stranded = await selectPriceOutsideOccupancy(tx, row);
    if (stranded) {
      throw new AppError(
        'rate/price_invalid_occupancy',
        `a rate has a price for ${stranded.occupancy} persons in this room type: change or delete it first`,
      );
    }
    if (row.isDefault) await clearOtherDefaultRoomTypes(tx, actor.propertyId, row.id);
    return toRoomType(row);
  });
}

/** Deletes a room type no room, price or booking uses. */
export function deleteRoomType(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return deleteOwned(db, actor, roomTypes, id, 'room type', references.roomType);
}
