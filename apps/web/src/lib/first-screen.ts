// The room plan the server wrote into the page (`ssr.tsx`, the server's http/staff-page.ts) stays over
// the app while the app loads; the app removes it once it shows a screen of its own.
import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { firstScreenId, roomPlanPath } from '@pms/contract/staff-page';

/** Removes the written first screen, if the page has one: the app's own screen is drawn. */
export function endFirstScreen(): void {
  globalThis.document?.getElementById(firstScreenId)?.remove();
}

/** Ends the written first screen when the app's screen is another one than the plan (after a redirect). */
export function FirstScreenHandOver() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (pathname !== roomPlanPath) endFirstScreen();
  }, [pathname]);
  return null;
}
