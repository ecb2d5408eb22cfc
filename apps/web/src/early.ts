// The page's first script, which runs before the app's own code has loaded: on the room plan, it asks
// for the plan's data at once (see `requestEarly`) and loads the plan's screen beside the app's
// chunks, not after them, so that both travel while the app boots.
import { planPeriod, planRange } from './features/room-plan/plan-period.ts';
import { requestEarly } from './lib/api-client.ts';
import { propertyToday } from './lib/property-today.ts';
import { sessionStore } from './lib/session-store.ts';

const { user, property } = sessionStore.getState();
if (user && property && window.location.pathname === '/room-plan') {
  const period = planPeriod(new URLSearchParams(window.location.search), propertyToday(property));
  requestEarly('/room_plan', planRange(period));
  void import('./features/room-plan/routes/room-plan-route.tsx');
}
