import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { parsePortalRoute, type TPortalHomeData } from '@pms/contract/portal-page';
import { PortalApp } from './app.tsx';
import { startPortalLoad } from './portal-state.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('portal.html has no #root element');
const written = document.getElementById('portal-home');

declare global {
  interface Window {
    /** The app's take-over of a home the server wrote, once the app has run on that page. */
    takeOverPortalHome?: () => void;
  }
}

/**
 * Takes over the home the server wrote (portal-home.html) with the data written beside it: called by
 * that page's script (after-paint.ts) at the guest's first touch, inside that event, so that the same
 * tap, key or edit reaches the app's own handlers. That script is written into the page and imports
 * the app by its address: it finds this function on the window.
 */
function takeOverHome(): void {
  const home = JSON.parse(written?.textContent ?? 'null') as TPortalHomeData | null;
  if (!home) throw new Error('the page has no home written into it');
  hydrateRoot(
    root!,
    <StrictMode>
      <PortalApp home={home} />
    </StrictMode>,
  );
}

if (written) window.takeOverPortalHome = takeOverHome;
else {
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
