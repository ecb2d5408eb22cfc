// The portal home on the server: the same components, written to HTML with the home's data, so that a
// guest's phone shows the booking with the page itself (built by `vite build --ssr` for Node
// into dist-ssr/ssr.js, which the server imports as `@pms/portal/ssr`).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { TRenderPortalHome } from '@pms/contract/portal-page';
import { PortalApp } from './app.tsx';

/** The home's markup for `#root` at `path` (the home's own path), as main.tsx takes it over. */
export const renderPortalHome: TRenderPortalHome = (home, path) =>
  renderToString(
    <StrictMode>
      <PortalApp home={home} path={path} />
    </StrictMode>,
  );
