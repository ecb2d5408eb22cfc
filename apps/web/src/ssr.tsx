// The room plan on the server: the app's own layout and plan, written to HTML with the plan's answer, so
// that a receptionist sees the plan with the page itself, before the app has loaded (built by
// `vite build --ssr` for Node into dist-ssr/ssr.js, which the server imports as `@pms/web/ssr`). The
// page shows it over the app until the app has drawn its own plan (lib/first-screen.ts).
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { I18nextProvider } from 'react-i18next';
import { Route, Routes, StaticRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { languages } from '@pms/contract/locales';
import type { TRoomPlan } from '@pms/contract/room-plan';
import { firstScreenId, type TRoomPlanScreen, type TStaffRenderer } from '@pms/contract/staff-page';
import { MainLayout } from './app/layouts/main-layout.tsx';
import { screenNamespaces } from './app/screen-namespaces.ts';
import { sessionPropertiesQueryOptions } from './features/session/api/get-session-properties.ts';
import { sessionQueryOptions } from './features/session/api/get-session.ts';
import { roomPlanQueryOptions } from './features/room-plan/api/get-room-plan.ts';
import { PlanViewportContext } from './features/room-plan/components/plan-viewport.ts';
import { planPeriod, planRange } from './features/room-plan/plan-period.ts';
import { toPlanView } from './features/room-plan/plan-layout.ts';
import { RoomPlanRoute } from './features/room-plan/routes/room-plan-route.tsx';
import { i18n, loadNamespaces } from './i18n/index.ts';
import { sessionStore } from './lib/session-store.ts';

/** Both languages' catalogues of the plan, loaded once: a render then waits for none. */
const catalogues = (async () => {
  for (const language of languages) {
    await i18n.changeLanguage(language);
    await loadNamespaces(screenNamespaces['room-plan']);
  }
})();

/** The renders one after another: each sets the language and the session the app's modules share. */
let turn: Promise<unknown> = catalogues;

async function render(screen: TRoomPlanScreen): Promise<string> {
  await i18n.changeLanguage(screen.language);
  sessionStore.hold(screen.session, screen.properties);
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryOptions().queryKey, screen.session);
  queryClient.setQueryData(sessionPropertiesQueryOptions().queryKey, screen.properties);
  queryClient.setQueryData(
    roomPlanQueryOptions(screen.range).queryKey,
    toPlanView(JSON.parse(screen.plan) as TRoomPlan),
  );
  // Asynchronous: the layout's lazy parts (the property menu, the search) are loaded, not left out.
  const page = (
    // Inert: a picture of the plan until the app takes over. A click goes through to the app below,
    // whose links are where the picture shows them; assistive technology meets the app alone. Above the
    // app's sidebar (z-40), below its dialogs (z-50).
    <div
      id={firstScreenId}
      inert
      aria-hidden="true"
      className="fixed inset-0 z-45 overflow-hidden bg-gray-50"
    >
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <PlanViewportContext.Provider value={screen.viewport}>
            <StaticRouter location={screen.url}>
              <Routes>
                <Route element={<MainLayout />}>
                  <Route path="room-plan" element={<RoomPlanRoute />} />
                </Route>
              </Routes>
            </StaticRouter>
          </PlanViewportContext.Provider>
        </I18nextProvider>
      </QueryClientProvider>
    </div>
  );
  // The app's elements are Preact's (react-on-preact.ts), typed as React's.
  return renderToStringAsync(page as unknown as VNode);
}

export const renderer: TStaffRenderer = {
  roomPlanRange: (search, today) => planRange(planPeriod(new URLSearchParams(search), today)),
  renderRoomPlan: (screen) => {
    const rendered = turn.then(() => render(screen));
    turn = rendered.catch(() => undefined);
    return rendered;
  },
};
