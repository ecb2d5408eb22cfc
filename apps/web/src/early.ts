// The page's first script, which runs before the app's own code has loaded: on the room plan, it asks
// for the plan's data at once (see `requestEarly`) and loads the plan's screen beside the app's
// chunks, not after them, so that both travel while the app boots. On a page the server wrote with the
// plan's first screen, the app's script is only loaded (`appScriptId`): this one runs it, asks for the
// plan and loads its screen once the written screen is shown, so that none of it holds the paint back,
// and keeps a click on the written screen for the app's.
import { appScriptId, roomPlanPath } from '@pms/contract/staff-page';
import { planPeriod, planRange } from './features/room-plan/plan-period.ts';
import { requestEarly } from './lib/api-client.ts';
import { afterFirstScreen, keepClicksOnFirstScreen } from './lib/first-screen.ts';
import { propertyToday } from './lib/property-today.ts';
import { sessionStore } from './lib/session-store.ts';

keepClicksOnFirstScreen();
const { user, property } = sessionStore.getState();
if (user && property && window.location.pathname === roomPlanPath) {
  const period = planPeriod(new URLSearchParams(window.location.search), propertyToday(property));
  afterFirstScreen(() => {
    requestEarly('/room_plan', planRange(period));
    void import('./features/room-plan/routes/room-plan-route.tsx');
  });
}

const app = document.getElementById(appScriptId);
if (app instanceof HTMLLinkElement) afterFirstScreen(() => void import(/* @vite-ignore */ app.href));
