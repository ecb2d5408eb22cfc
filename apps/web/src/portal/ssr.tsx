// The portal home on the server: the same components, written to HTML with the home's data, so that a
// guest's phone shows the booking with the page itself (built by `vite.portal.config.ts` for Node).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { TPortalHomeData } from '@pms/contract/portal-page';
import { PortalApp } from './app.tsx';

/** The home's markup for `#root` at `path` (the home's own path), as main.tsx takes it over. */
export function renderPortalHome(home: TPortalHomeData, path: string): string {
  return renderToString(
    <StrictMode>
      <PortalApp home={home} path={path} />
    </StrictMode>,
  );
}
