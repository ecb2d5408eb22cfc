import type { z } from 'zod';
import type { ZCreateRoomTypeRequest, ZUpdateRoomTypeRequest } from '@pms/contract';
import { type TPageQuery, type TPaged, type TRoomType } from '@pms/contract';
import { roomTypes } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { findOwned } from '../../db/owned-records.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { order, references, selectOwnedPage, selectPriceOutsideOccupancy } from './base-data.queries.ts';
import { clearOtherDefaultRoomTypes, insertRoomType, updateRoomTypeRows } from './room-types.queries.ts';
import { toRoomType } from './base-data.mapper.ts';
import { deleteOwned, firstOrNotFound } from './base-data.service.ts';

export function listRoomTypes(ctx: AppContext, actor: TActor, page: TPageQuery): Promise<TPaged<TRoomType>> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return selectOwnedPage(db, roomTypes, actor.propertyId, order.roomTypes, page, toRoomType);
}

export async function getRoomType(ctx: AppContext, actor: TActor, id: string): Promise<TRoomType> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  return toRoomType(await findOwned(db, roomTypes, actor.propertyId, id, 'room type'));
}

export async function createRoomType(
  ctx: AppContext,
  actor: TActor,
  input: z.output<typeof ZCreateRoomTypeRequest>,
): Promise<TRoomType> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = input;
  return db.transaction(async (tx) => {
    const row = await insertRoomType(tx, { ...data, propertyId: actor.propertyId });
    if (row.isDefault) await clearOtherDefaultRoomTypes(tx, actor.propertyId, row.id);
    return toRoomType(row);
  });
}

export async function updateRoomType(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: z.output<typeof ZUpdateRoomTypeRequest>,
): Promise<TRoomType> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const data = input;
  return db.transaction(async (tx) => {
    const rows = await updateRoomTypeRows(tx, actor.propertyId, id, {
      ...data,
      externalId: data.externalId ?? null,
    });
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
