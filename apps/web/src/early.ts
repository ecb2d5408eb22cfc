// The page's first script, which runs before the app's own code has loaded: on the room plan, it takes
// the plan's answer the server wrote into the page, or else asks for it at once (see `requestEarly`),
// and loads the plan's screen beside the app's chunks, not after them, so that both travel while the
// app boots.
import { firstScreenDataId, roomPlanPath } from '@pms/contract/staff-page';
import { planPeriod, planRange } from './features/room-plan/plan-period.ts';
import { requestEarly } from './lib/api-client.ts';
import { propertyToday } from './lib/property-today.ts';
import { sessionStore } from './lib/session-store.ts';

const { user, property } = sessionStore.getState();
if (user && property && window.location.pathname === roomPlanPath) {
  const range = planRange(planPeriod(new URLSearchParams(window.location.search), propertyToday(property)));
  // The written answer is for the range the server reckoned with its today, which is the app's but at midnight.
  const written = document.getElementById(firstScreenDataId);
  const isWrittenRange = written?.dataset.from === range.from && written.dataset.to === range.to;
  requestEarly('/room_plan', range, isWrittenRange ? (written.textContent ?? undefined) : undefined);
  void import('./features/room-plan/routes/room-plan-route.tsx');
}
