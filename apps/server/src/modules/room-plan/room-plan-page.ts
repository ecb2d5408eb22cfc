import { todayIn, type TRoomPlanQuery } from '@pms/contract';
import type { TUserIdentity } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { listMemberships, toSession } from '../session/index.ts';
import { getRoomPlan } from './room-plan.service.ts';

/**
 * What the server writes the room plan's page with (http/staff-page.ts): the user's session and
 * properties, as the app would read them, the property's today, and the plan's answer for the range
 * the app asks for on that day (`rangeOf`), as `GET /api/room_plan` sends it. The plan is read when
 * asked for: a page kept from an earlier request under the same data needs none.
 */
export async function getRoomPlanScreen(
  ctx: AppContext,
  identity: TUserIdentity,
  rangeOf: (today: string) => TRoomPlanQuery,
) {
  const today = todayIn(identity.timeZone, ctx.clock.now());
  const range = rangeOf(today);
  const properties = await listMemberships(ctx.db, identity.actor.id);
  const plan = async () => (await getRoomPlan(ctx, identity.actor, { ...range, today })).toString();
  return { session: toSession(identity), properties, range, today, plan };
}
