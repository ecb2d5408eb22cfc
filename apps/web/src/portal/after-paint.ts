// The script of the page the server writes for a link's home (portal-home.html). The booking is on
// that page already, so the app is fetched only once it has painted: a phone on a slow network shows
// the booking first and spends nothing on the app before. The app takes the page over at the guest's
// first touch (main.tsx); a touch before the app has arrived fetches it at once, and a tap waits for
// it and then reaches the app as if it had come after.
const touches = ['pointerdown', 'keydown', 'focusin', 'click'] as const;
let isReady = false;
let app: Promise<void> | undefined;

function loadApp(): Promise<void> {
  app ??= import('./main.tsx').then(() => {
    isReady = true;
    for (const type of touches) window.removeEventListener(type, early, { capture: true });
  });
  return app;
}

function early(event: Event): void {
  if (isReady) return;
  const loaded = loadApp();
  if (event.type !== 'click' || !(event.target instanceof Element)) return;
  const { target } = event;
  event.preventDefault();
  event.stopImmediatePropagation();
  void loaded.then(() => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
}

for (const type of touches) window.addEventListener(type, early, { capture: true });
requestAnimationFrame(() => setTimeout(() => void loadApp()));
