import {
  RoomRangeError,
  expandRoomNumbers,
  parseExpand,
  type TCreateRoomRequest,
  type TCreatedRooms,
  type TPaged,
  type TRoom,
  type TRoomListQuery,
  type TUpdateRoomRequest,
} from '@pms/contract';
import type { Executor } from '../../db/client.ts';
import { roomTypes, rooms } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { findOwned } from '../../db/owned-records.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { references } from './base-data.queries.ts';
import {
  insertRooms,
  selectRoomPage,
  selectRoomWithType,
  selectTakenRoomNumber,
  updateRoomRow,
} from './rooms.queries.ts';
import { toRoom } from './base-data.mapper.ts';
import { deleteOwned, withRoomTypes } from './base-data.service.ts';

/** The room numbers an input stands for; a malformed range is the caller's error. */
function roomNumbersOf(input: string): string[] {
  try {
    return expandRoomNumbers(input);
  } catch (error) {
    if (error instanceof RoomRangeError) throw new AppError(error.code, error.message);
    throw error;
  }
}

async function assertRoomNumbersFree(db: Executor, propertyId: string, numbers: string[], exceptId?: string) {
  const taken = await selectTakenRoomNumber(db, propertyId, numbers, exceptId);
  if (taken) throw new AppError('room/already_exists', `room ${taken} exists already`);
}

/** A live room of the property with its room type; any other answers 404. */
export async function findRoom(db: Executor, propertyId: string, id: string) {
  const row = await selectRoomWithType(db, propertyId, id);
  if (!row) throw notFound('room');
  return row;
}

export async function listRooms(
  ctx: AppContext,
  actor: TActor,
  query: TRoomListQuery,
): Promise<TPaged<TRoom>> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  const page = await selectRoomPage(db, actor.propertyId, query, (row) => row);
  return { ...page, data: await withRoomTypes(db, page.data, parseExpand(query.expand).has('roomType')) };
}

export async function getRoom(ctx: AppContext, actor: TActor, id: string, expand?: string): Promise<TRoom> {
  requireAccess(actor, 'baseData', 'read');
  const { db } = ctx;
  const row = await findOwned(db, rooms, actor.propertyId, id, 'room');
  const [room] = await withRoomTypes(db, [row], parseExpand(expand).has('roomType'));
  return room!;
}

/** Creates one room or every room of a range (101-110); all or none. */
export async function createRooms(
  ctx: AppContext,
  actor: TActor,
  input: TCreateRoomRequest,
): Promise<TCreatedRooms> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const numbers = roomNumbersOf(input.number);
  return db.transaction(async (tx) => {
    await findOwned(tx, roomTypes, actor.propertyId, input.roomTypeId, 'room type');
    await assertRoomNumbersFree(tx, actor.propertyId, numbers);
    const rows = await insertRooms(
      tx,
      numbers.map((number) => ({ propertyId: actor.propertyId, number, roomTypeId: input.roomTypeId })),
    );
    return { data: rows.map((row) => toRoom(row, undefined)) };
  });
}

export async function updateRoom(
  ctx: AppContext,
  actor: TActor,
  id: string,
  input: TUpdateRoomRequest,
): Promise<TRoom> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  const numbers = roomNumbersOf(input.number);
  if (numbers.length !== 1) throw new AppError('room/invalid_range', 'a room has one number');
  return db.transaction(async (tx) => {
    await findOwned(tx, rooms, actor.propertyId, id, 'room');
    await findOwned(tx, roomTypes, actor.propertyId, input.roomTypeId, 'room type');
    await assertRoomNumbersFree(tx, actor.propertyId, numbers, id);
    const row = await updateRoomRow(tx, id, { number: numbers[0]!, roomTypeId: input.roomTypeId });
    return toRoom(row, undefined);
  });
}

/** Deletes a room no booking refers to. */
export function deleteRoom(ctx: AppContext, actor: TActor, id: string): Promise<void> {
  requireAccess(actor, 'baseData', 'write');
  const { db } = ctx;
  return deleteOwned(db, actor, rooms, id, 'room', references.room);
}
