// The staff app's page as the server writes it: the room plan's first screen on the page itself, from
// the app's own components (`@pms/web/ssr`), which the app replaces once it has drawn its own plan.
// Free of schemas, so the app's first script stays small.
import type { TLanguage } from './locales.ts';
import type { TRoomPlanQuery } from './room-plan.ts';
import type { TPropertyMembership, TSession } from './session.ts';

/** The staff app's path of the room plan, the one screen the server writes. */
export const roomPlanPath = '/room-plan';

/** The element that holds the written screen, over the app until the app has drawn its own. */
export const firstScreenId = 'first-screen';

/**
 * The link that loads the app's script on a written page without running it: the page's first script
 * (`early.ts`) runs it once the written screen is shown, so that the app's start does not hold it back.
 */
export const appScriptId = 'app-script';

/** The performance mark the app sets when its own plan has replaced the written one (for the desk bench). */
export const firstScreenEndMark = 'first-screen-end';

/** The cookie in which the app keeps the size of the plan's scroll area (`1180x640`), to write it at that size. */
export const planViewportCookie = 'plan_viewport';

export type TPlanViewport = { width: number; height: number };

/** The size the plan is written at when the browser has not told its own. */
export const defaultPlanViewport: TPlanViewport = { width: 1000, height: 600 };

/** The cookie's size, else null (absent, malformed, or outside what a screen could be). */
export function parsePlanViewport(value: string | undefined): TPlanViewport | null {
  const match = /^(\d{2,5})x(\d{2,5})$/.exec(value ?? '');
  if (!match) return null;
  const [width, height] = [Number(match[1]), Number(match[2])];
  return width <= 10_000 && height <= 10_000 ? { width, height } : null;
}

/** What the server writes the room plan's first screen from. */
export type TRoomPlanScreen = {
  /** The page's path and query (`/room-plan?from=2026-11-01&days=14`). */
  url: string;
  language: TLanguage;
  session: TSession;
  properties: TPropertyMembership[];
  /** The plan's range, as `roomPlanRange` gave it, and its answer's JSON text (`GET /api/room_plan`'s). */
  range: TRoomPlanQuery;
  plan: string;
  viewport: TPlanViewport;
};

/** The web app's server renderer (`@pms/web/ssr`). */
export type TStaffRenderer = {
  /** The range the app asks the plan for at `search` (the page's query) on the property's `today`. */
  roomPlanRange: (search: string, today: string) => TRoomPlanQuery;
  /** The first screen's markup, the element with id `firstScreenId` and all in it. */
  renderRoomPlan: (screen: TRoomPlanScreen) => Promise<string>;
};
