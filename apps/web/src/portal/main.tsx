import './portal.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp } from './app.tsx';
import { startPortalLoad } from './portal-state.tsx';
import { parseRoute } from './router.ts';

// The home's four calls go out first, before the first render (the screen waits for them).
const { linkId } = parseRoute(window.location.pathname);
if (linkId) startPortalLoad(linkId);

const root = document.getElementById('root');
if (!root) throw new Error('portal.html has no #root element');
// portal.html paints a static loading screen before this script runs; the app replaces it.
root.replaceChildren();
createRoot(root).render(
  <StrictMode>
    <PortalApp />
  </StrictMode>,
);
