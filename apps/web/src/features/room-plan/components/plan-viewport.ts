import { createContext } from 'react';
import { parsePlanViewport, planViewportCookie, type TPlanViewport } from '@pms/contract/staff-page';
import { readCookie } from '../../../lib/cookies.ts';

/**
 * The size of the plan's scroll area before it is measured: in the server's render the size the
 * browser last told (its cookie); in the browser none, which then draws at the size it knows
 * (`knownPlanViewport`) and measures before the first paint.
 */
export const PlanViewportContext = createContext<TPlanViewport | null>(null);

/** The size the plan last had in this page, else the one its cookie keeps; null until known. */
let known: TPlanViewport | null | undefined;

/**
 * The size the plan's scroll area had when it was last drawn (in this page or, by its cookie, before),
 * else none: the plan draws its rows at it, so that a plan drawn at the size it keeps is drawn once.
 */
export function knownPlanViewport(): TPlanViewport {
  known ??= parsePlanViewport(readCookie(planViewportCookie) ?? undefined);
  return known ?? { width: 0, height: 0 };
}

/** Keeps the plan's size, and tells the server when it changed, so that the page it writes next draws the plan at it. */
export function keepPlanViewport(viewport: TPlanViewport): void {
  const { width, height } = viewport;
  if (width <= 0 || height <= 0) return;
  const { width: knownWidth, height: knownHeight } = knownPlanViewport();
  if (width === knownWidth && height === knownHeight) return;
  known = viewport;
  document.cookie = `${planViewportCookie}=${width}x${height}; path=/; max-age=31536000; samesite=lax`;
}
