// The room plan the server wrote into the page (`ssr.tsx`, the server's http/staff-page.ts) stays over
// the app while the app loads; the app removes it once it shows a screen of its own.
import { firstScreenEndMark, firstScreenId } from '@pms/contract/staff-page';

/**
 * Runs `work` once the written first screen is shown (its first contentful paint), so that nothing the
 * app does holds the written page back; at once on a page without one, or where paints are not reported.
 */
export function afterFirstScreen(work: () => void): void {
  const isWritten = document.getElementById(firstScreenId) !== null;
  if (!isWritten || !PerformanceObserver.supportedEntryTypes.includes('paint')) return work();
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    work();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** Removes the written first screen, if the page has one, and marks when: the app's own screen is drawn. */
export function endFirstScreen(): void {
  const written = globalThis.document?.getElementById(firstScreenId);
  if (!written) return;
  written.remove();
  performance.mark(firstScreenEndMark);
}
