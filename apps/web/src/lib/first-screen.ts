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

/** Where the last click on the written screen was, kept on the element itself (`data-click="x y"`). */
const keptClick = 'click';

/**
 * Keeps the place of the last click on the written first screen, which is a picture (inert) until the
 * app has drawn: `endFirstScreen` gives it to the app's own screen. The pointer shows the page is
 * still loading meanwhile.
 */
export function keepClicksOnFirstScreen(): void {
  const written = document.getElementById(firstScreenId);
  if (!written) return;
  document.documentElement.style.cursor = 'progress';
  const keep = (event: MouseEvent) => {
    if (!written.isConnected) return document.removeEventListener('click', keep, true);
    if (event.button === 0) written.dataset[keptClick] = `${event.clientX} ${event.clientY}`;
  };
  document.addEventListener('click', keep, true);
}

/**
 * Removes the written first screen, if the page has one, and marks when: the app's own screen is drawn.
 * With `isSameScreen` (the app drew the plan the picture showed), a click kept on the picture goes to
 * the link or button of the app's screen at the same place, once that screen is on display.
 */
export function endFirstScreen({ isSameScreen = false }: { isSameScreen?: boolean } = {}): void {
  const written = globalThis.document?.getElementById(firstScreenId);
  if (!written) return;
  written.remove();
  document.documentElement.style.cursor = '';
  performance.mark(firstScreenEndMark);
  const click = written.dataset[keptClick]?.split(' ').map(Number);
  if (!isSameScreen || !click) return;
  requestAnimationFrame(() => {
    const [x = 0, y = 0] = click;
    const target = document.elementFromPoint(x, y)?.closest('a[href], button, [role="button"]');
    if (target instanceof HTMLElement) target.click();
  });
}
