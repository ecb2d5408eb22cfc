import { createContext } from 'react';
import { planViewportCookie, type TPlanViewport } from '@pms/contract/staff-page';

/**
 * The size of the plan's scroll area before it is measured: nothing in the browser, which measures it
 * before the first paint; the size the browser last told (its cookie) in the server's render.
 */
export const PlanViewportContext = createContext<TPlanViewport>({ width: 0, height: 0 });

/** Tells the server the plan's size, so that the page it writes next draws the plan at this size. */
export function keepPlanViewport({ width, height }: TPlanViewport): void {
  if (width <= 0 || height <= 0) return;
  document.cookie = `${planViewportCookie}=${width}x${height}; path=/; max-age=31536000; samesite=lax`;
}
