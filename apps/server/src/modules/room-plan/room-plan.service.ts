import { LRUCache } from 'lru-cache';
import { nightsBetween, type TRoomPlan } from '@pms/contract';
import { AppError } from '../../errors.ts';
import { JsonParts } from '../../performance/json-parts.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { KeptStays, unassignedPlace } from './kept-stays.ts';
import { selectPlanFrame, selectPlanStays } from './room-plan.queries.ts';

type TRoomPlanLock = TRoomPlan['rooms'][number]['locks'][number];

export const maxRoomPlanDays = 120;

/** More changed stays than this are read with the whole window again. */
const maxChangedStays = 500;

/**
 * The windows' stays each application instance keeps (see KeptStays), by property and window:
 * the few windows staff look at, bounded so that a stream of odd windows cannot grow it.
 */
const keptWindows = new WeakMap<AppContext, LRUCache<string, KeptStays>>();

function keptWindowsOf(ctx: AppContext): LRUCache<string, KeptStays> {
  let windows = keptWindows.get(ctx);
  if (!windows) {
    windows = new LRUCache({ max: 32 });
    keptWindows.set(ctx, windows);
  }
  return windows;
}

/** `object` as JSON without its closing brace, for fields to be appended. */
function openObject(object: object): string {
  return JSON.stringify(object).slice(0, -1);
}

/**
 * Everything the tape chart draws for [from, to], as the JSON text of a `TRoomPlan`: room types, rooms
 * with the bookings and locks touching the window, and the bookings without a room. At 300 rooms by
 * 60 days that is thousands of bars, so the window's stays are kept between reads: a read after the
 * first is one statement (one snapshot, one round trip, no transaction), which finds the property's
 * data version, the stays changed since the kept one (migration 0014) and rooms, locks and room types,
 * which are few. A stay's JSON and each room's text are written once and again only when they change,
 * and the plan is answered in parts, a room each, so that only a changed room is compressed again.
 * `today` is the property's today, which the plan names: the caller keeps the answer under it.
 */
export async function getRoomPlan(
  ctx: AppContext,
  actor: TActor,
  { from, to, today }: { from: string; to: string; today: string },
): Promise<JsonParts> {
  requireAccess(actor, 'roomPlan', 'read');
  const days = nightsBetween(from, to);
  if (days < 0 || days > maxRoomPlanDays)
    throw new AppError('validation', `the period must be 0 to ${maxRoomPlanDays} days`);
  const p = actor.propertyId;
  const windows = keptWindowsOf(ctx);
  const key = `${p} ${from} ${to}`;
  let stays = windows.get(key);
  // Kept stays: one statement reads the frame and the stays changed since (a handful after a change).
  let frame = stays
    ? await selectPlanFrame(ctx.db, p, from, to, { version: stays.version, maxChanged: maxChangedStays })
    : null;
  if (stays && frame?.changed) stays.update(frame.version, frame.changed, frame.stays);
  else {
    // Nothing kept, or too much changed: the whole window, in one read-only snapshot with its frame.
    ({ frame, stays } = await ctx.db.transaction(
      async (tx) => {
        const read = await selectPlanFrame(tx, p, from, to);
        return { frame: read, stays: new KeptStays(read.version, await selectPlanStays(tx, p, from, to)) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ));
    const kept = windows.get(key);
    // Another read may have kept a newer version meanwhile.
    if (!kept || kept.version < stays.version) windows.set(key, stays);
  }
  const { rooms, locks, roomTypes } = frame;
  const locksByRoom = new Map<string, TRoomPlanLock[]>();
  for (const { roomId, ...lock } of locks)
    locksByRoom.set(roomId, [...(locksByRoom.get(roomId) ?? []), lock]);
  const roomParts = rooms.map((room, i) =>
    stays.textOf(
      room.id,
      `${i > 0 ? ',' : ''}${openObject(room)},"bookings":`,
      `,"locks":${JSON.stringify(locksByRoom.get(room.id) ?? [])}}`,
    ),
  );
  const unassignedParts = roomTypes
    .filter((type) => stays.has(unassignedPlace(type.id)))
    .map((type, i) =>
      stays.textOf(
        unassignedPlace(type.id),
        `${i > 0 ? ',' : ''}${openObject({ roomTypeId: type.id })},"bookings":`,
        '}',
      ),
    );
  return new JsonParts([
    `${openObject({ from, to, today, roomTypes })},"rooms":[`,
    ...roomParts,
    '],"unassigned":[',
    ...unassignedParts,
    ']}',
  ]);
}
