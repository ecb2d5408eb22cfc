import { nightsBetween, todayIn } from '@pms/contract';
import { AppError } from '../../errors.ts';
import { requireAccess, type TActor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { selectRoomPlanJson } from './room-plan.queries.ts';

export const maxRoomPlanDays = 120;

/**
 * Everything the tape chart draws for [from, to]: room types, rooms with the bookings and locks
 * touching the window, and the bookings without a room. At 300 rooms by 60 days that is thousands of
 * bars, so one statement writes the JSON (shaped as ZRoomPlan) and it is sent as it comes.
 */
export async function getRoomPlanJson(
  ctx: AppContext,
  actor: TActor,
  from: string,
  to: string,
): Promise<string> {
  requireAccess(actor, 'roomPlan', 'read');
  const { db } = ctx;
  const days = nightsBetween(from, to);
  if (days < 0 || days > maxRoomPlanDays)
    throw new AppError('validation', `the period must be 0 to ${maxRoomPlanDays} days`);
  const row = await selectRoomPlanJson(db, actor.propertyId, from, to);
  const head = JSON.stringify({ from, to, today: todayIn(row.timeZone, ctx.clock.now()) }).slice(0, -1);
  return `${head},"roomTypes":${row.roomTypes},"rooms":${row.rooms},"unassigned":${row.unassigned}}`;
}
