import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { parsePortalRoute, type TPortalHomeData } from '@pms/contract/portal-page';
import { PortalApp } from './app.tsx';
import { startPortalLoad } from './portal-state.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('portal.html has no #root element');
const written = document.getElementById('portal-home');

/** What a guest does first on the page, whichever comes first: tap, key, focus or an edit. */
const firstTouches = ['pointerdown', 'keydown', 'focusin', 'click', 'input', 'change'] as const;

if (written?.textContent) {
  // The server wrote the home with its data: it is complete as it is, and its links work on their own.
  // The app takes it over when the guest first touches the page, so that a phone on a slow network
  // spends nothing on it before. The listener runs first (capture on window), so the same tap, key or
  // edit reaches the app's own handlers.
  const home = JSON.parse(written.textContent) as TPortalHomeData;
  const takeOver = () => {
    for (const type of firstTouches) window.removeEventListener(type, takeOver, { capture: true });
    hydrateRoot(
      root,
      <StrictMode>
        <PortalApp home={home} />
      </StrictMode>,
    );
  };
  for (const type of firstTouches) window.addEventListener(type, takeOver, { capture: true });
} else {
  // The home's four calls go out first, before the first render (the screen waits for them).
  const { linkId } = parsePortalRoute(window.location.pathname);
  if (linkId) startPortalLoad(linkId);
  // portal.html paints a static loading screen before this script runs; the app replaces it.
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <PortalApp />
    </StrictMode>,
  );
}
